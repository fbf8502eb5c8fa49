import Foundation
import GRDB
import GRDBSQLite

/// The connection SIGINT interrupts; read by the signal handler, so it is
/// a plain global the handler can reach without locks or allocation.
nonisolated(unsafe) private var interruptibleConnection: SQLiteConnection?

extension Session {
    /// Makes SIGINT (Ctrl-C while a command runs) stop the statement this
    /// session is running, with `sqlite3_interrupt`, instead of ending rql.
    /// The statement fails with `interrupted`; the session goes on and an
    /// open transaction stays as SQLite leaves it. One session per process
    /// takes SIGINT: the last one to ask.
    public func interruptOnSIGINT() {
        interruptsOnSIGINT = true
        interruptibleConnection = queue.inDatabase { $0.sqliteConnection }
        signal(SIGINT) { _ in
            if let connection = interruptibleConnection { sqlite3_interrupt(connection) }
        }
    }

    /// Before `.open`, `.sample` or `.reset` replaces the connection: SIGINT
    /// follows the new one before the old one closes.
    func retargetInterrupt(to newQueue: DatabaseQueue) {
        guard interruptsOnSIGINT else { return }
        interruptibleConnection = newQueue.inDatabase { $0.sqliteConnection }
    }
}

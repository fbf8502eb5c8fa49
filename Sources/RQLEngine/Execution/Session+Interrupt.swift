import CSQLiteSupport
import Foundation
import GRDB

extension Session {
    /// Makes SIGINT (Ctrl-C while a command runs) stop the statement this
    /// session is running, with `sqlite3_interrupt`, instead of ending rql,
    /// and stop the script it belongs to (`run(lines:)`, `.read`). The
    /// statement fails with `interrupted`; the session goes on and an open
    /// transaction stays as SQLite leaves it. One session per process takes
    /// SIGINT: the last one to ask. `endsProcessOnSecond`: for scripts that
    /// are the whole run (`-c`, stdin), a second Ctrl-C ends rql at once.
    public func interruptOnSIGINT(endsProcessOnSecond: Bool = false) {
        interruptsOnSIGINT = true
        rql_interrupt_connection(Session.interruptPointer(of: openedQueue))
        rql_interrupt_on_sigint(endsProcessOnSecond ? 1 : 0)
    }

    /// Makes SIGINT stop the statements of `session` (a tour's) instead, or again this one's.
    func pointSIGINT(at session: Session) {
        rql_interrupt_connection(Session.interruptPointer(of: session.openedQueue))
    }

    /// Before `.open`, `.sample` or `.reset` replaces the connection, and
    /// when a file locked at open is opened: SIGINT follows the new one
    /// before the old one closes.
    func retargetInterrupt(to newQueue: DatabaseQueue?) {
        interruptTarget.queue = newQueue
        guard interruptsOnSIGINT else { return }
        rql_interrupt_connection(Session.interruptPointer(of: newQueue))
    }

    /// The SQLite connection of `queue`, for the SIGINT handler; nil (no
    /// statement to stop) while the database is not open.
    private static func interruptPointer(of queue: DatabaseQueue?) -> UnsafeMutableRawPointer? {
        queue.flatMap { queue in UnsafeMutableRawPointer(queue.inDatabase { $0.sqliteConnection }) }
    }

    /// How many times this session was told to stop: Ctrl-C (counted for
    /// the process, as SIGINT is) and its own `Interrupter`. A script
    /// compares it with the count when it started.
    var interruptCount: Int { rql_interrupt_count() + interruptTarget.interruptions }
}

extension Session {
    /// Stops the command a session is running, from another thread, as
    /// Ctrl-C does: its statement fails with `interrupted` and the script it
    /// belongs to stops (a notebook cell's time limit).
    public struct Interrupter: Sendable {
        let target: InterruptTarget

        public func interrupt() {
            target.interrupt()
        }
    }

    public var interrupter: Interrupter { Interrupter(target: interruptTarget) }
}

/// The connection an `Interrupter` stops: the session's current one, which
/// `.open`, `.sample` and `.reset` replace; nil while the database is not open.
final class InterruptTarget: @unchecked Sendable {
    private let lock = NSLock()
    private var current: DatabaseQueue?

    init(_ queue: DatabaseQueue?) {
        current = queue
    }

    private var count = 0

    var queue: DatabaseQueue? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// How many times `interrupt()` was called.
    var interruptions: Int { lock.withLock { count } }

    /// Counts the interruption, then stops the statement running on the current connection.
    func interrupt() {
        let queue = lock.withLock { () -> DatabaseQueue? in
            count += 1
            return current
        }
        queue?.interrupt()
    }
}

import Foundation
import GRDB
import GRDBSQLite
import RQLLanguage

/// The connections a session holds besides the one commands run on, as the
/// sqlite3 shell's `.connection` holds them: each has its own database,
/// transaction, busy timeout and TEMP objects. Two connections to one file
/// show SQLite's locking as two programs meet it. A database in memory has
/// one connection; `.scratch` copies it into a temporary file that a
/// second connection can open too.
struct Connections {
    /// The number of the connection commands run on.
    var active = 0
    /// The others, by number.
    var parked: [Int: OpenConnection] = [:]
    /// Where scratch files go: made on first use, removed with the session.
    var scratch: ScratchFolder?

    /// Numbers a connection may have, as in the sqlite3 shell.
    static let numbers = 0...9
}

/// A private folder (0700) of scratch files, removed when the session ends.
final class ScratchFolder {
    let path: String
    private var files = 0

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/rql-scratch-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandError(.scratchFolder(reason: String(cString: strerror(errno))))
        }
        path = String(cString: made)
    }

    /// A path for a new scratch file in the folder.
    func nextFile() -> String {
        files += 1
        return path + "/scratch-\(files).sqlite"
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}

extension Session {
    /// `.connection N`: makes connection N the one commands run on, opening
    /// it first, to the database the active one has open, when it is new.
    func switchConnection(to number: Int) throws {
        guard number != connections.active else { return }
        let next = try connections.parked[number] ?? newConnection(number)
        connections.parked[number] = nil
        connections.parked[connections.active] = connection
        connections.active = number
        connection = next
        retargetInterrupt(to: openedQueue)
    }

    /// A new connection to the database the active connection has open.
    private func newConnection(_ number: Int) throws -> OpenConnection {
        switch target {
        case .file, .scratch:
            return OpenConnection(target: target, queue: try Connection.openUnlessLocked(target, setup: connectionSetup))
        case .sample, .copy, .dataFiles:
            throw CommandError(.connectionInMemory(number, target: target.displayName))
        }
    }

    /// `.connection close N`: closes a connection that is not the active one.
    func closeConnection(_ number: Int) throws {
        guard number != connections.active else {
            throw CommandError(.activeConnection(number))
        }
        guard let closed = connections.parked.removeValue(forKey: number) else {
            throw CommandError(.noConnection(number))
        }
        try closed.queue?.close()
    }

    /// `.connection`: each connection, the active one marked, with its
    /// database and whether a transaction is open on it.
    func writeConnections() {
        var rows: [(Int, DatabaseTarget, DatabaseQueue?)] = connections.parked.map { ($0.key, $0.value.target, $0.value.queue) }
        rows.append((connections.active, target, openedQueue))
        for (number, target, queue) in rows.sorted(by: { $0.0 < $1.0 }) {
            let marker = number == connections.active ? "*" : " "
            let state = Session.transactionState(of: queue).map { "  (\($0))" } ?? ""
            output.write(visible: "\(marker) \(number)  \(target.displayName)\(state)\n")
        }
    }

    /// `a write transaction is open`, `a read transaction is open`, or nil.
    private static func transactionState(of queue: DatabaseQueue?) -> String? {
        guard let queue else { return nil }
        let state = queue.inDatabase { db in sqlite3_txn_state(db.sqliteConnection, nil) }
        switch state {
        case SQLITE_TXN_WRITE: return "a write transaction is open"
        case SQLITE_TXN_READ: return "a read transaction is open"
        default: return queue.inDatabase { $0.isInsideTransaction } ? "a transaction is open" : nil
        }
    }

    /// For a statement that met a lock: the other connections of this
    /// session with a transaction on the same file (a writer holds other
    /// writers up, a reader holds up a commit).
    func lockNotes(file: String) -> [DiagnosticNote] {
        connections.parked.sorted { $0.key < $1.key }.compactMap { number, parked in
            guard let queue = parked.queue,
                  let kind = queue.inDatabase({ db -> String? in
                      guard sqlite3_db_filename(db.sqliteConnection, "main").map({ String(cString: $0) }) == file else {
                          return nil
                      }
                      switch sqlite3_txn_state(db.sqliteConnection, nil) {
                      case SQLITE_TXN_WRITE: return "write"
                      case SQLITE_TXN_READ: return "read"
                      default: return nil
                      }
                  }) else { return nil }
            return .heldByConnection(number, kind: kind)
        }
    }

    /// `.scratch`: copies the open database into a new temporary file
    /// and opens that instead, so that `.connection` can open it twice.
    func openScratchCopy() throws {
        let folder = try connections.scratch ?? ScratchFolder()
        connections.scratch = folder
        let path = folder.nextFile()
        do {
            let copy = try DatabaseQueue(path: path)
            try queue.backup(to: copy)
            try copy.close()
        } catch let error as DatabaseError {
            throw CommandError(.scratchCopy(target.displayName, reason: error.message ?? "\(error.resultCode)"))
        }
        let original: DatabaseTarget
        if case .scratch(_, let copied) = target { original = copied } else { original = target }
        try open(.scratch(path: path, of: original))
    }

    /// Closes the connections that are not active, and removes the scratch files.
    func closeConnections() {
        for parked in connections.parked.values { try? parked.queue?.close() }
        connections.parked = [:]
        if connections.scratch != nil, case .scratch = target {
            try? openedQueue?.close()
            openedQueue = nil
        }
        connections.scratch?.remove()
    }
}

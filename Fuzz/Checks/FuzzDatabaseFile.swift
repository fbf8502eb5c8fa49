import Foundation
import GRDBSQLite

/// A database file of the check's own, in memory-backed `/dev/shm` where
/// there is one, made and read through a plain SQLite connection: the
/// scaffolding around what rql does (building a random database, reading
/// what a database holds) costs no session, so that fuzzing spends its time
/// on `.dump` and on reading dumps. Removed when nothing holds it.
final class FuzzDatabaseFile {
    let path: String

    init(_ name: String) {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = "\(folder)/rql-fuzz-\(UUID().uuidString)-\(name).sqlite"
    }

    /// A file made elsewhere, left in place.
    init(existing path: String) {
        self.path = path
        owned = false
    }

    private var owned = true

    deinit {
        if owned { removeFiles() }
    }

    private func removeFiles() {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// Runs each statement in one connection; a statement SQLite refuses is skipped.
    func execute(_ statements: [String]) {
        withConnection { connection in
            for sql in statements { _ = rows(sql, in: connection) }
        }
    }

    /// `body` given one connection's queries: each gives its rows, a line a
    /// row and `|` between values, as list mode shows them ("" when it fails).
    func reading(_ body: ((String) -> String) -> String) -> String {
        withConnection { connection in body { rows($0, in: connection) ?? "" } } ?? ""
    }

    private func withConnection<T>(_ body: (OpaquePointer) -> T) -> T? {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
              let connection else { return nil }
        return body(connection)
    }

    /// The rows of one statement, or nil when it fails.
    private func rows(_ sql: String, in connection: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        defer { sqlite3_finalize(statement) }
        var text = ""
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            let values = (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
            }
            text += values.joined(separator: "|") + "\n"
            code = sqlite3_step(statement)
        }
        return code == SQLITE_DONE ? text : nil
    }
}

import GRDB
import GRDBSQLite
import RQLValues

/// The INSERT `.import` prepares once and steps for each record, with the
/// fields bound to it; it counts the records it inserted.
final class ImportInsert {
    let statement: OpaquePointer
    private let connection: SQLiteConnection?
    private(set) var records = 0

    init(into table: String, columns: [String], connection: SQLiteConnection?) throws {
        let sql = "INSERT INTO \(table) (" + columns.map(SQLText.identifier).joined(separator: ", ")
            + ") VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw CommandError(.sqlite(String(cString: sqlite3_errmsg(connection))))
        }
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Inserts the record bound now, read from `line` of the file at `path`.
    func step(path: String, line: Int) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            guard code != SQLITE_INTERRUPT else { throw CommandError(.importInterrupted) }
            throw ImportError.at(path, line: line, .importRow(sqlite: String(cString: sqlite3_errmsg(connection))))
        }
        records += 1
    }
}

import GRDB
import GRDBSQLite
import RQLRender

/// The rows of a prepared statement as a `RowSource`: GRDB steps the
/// statement (keeping its bookkeeping), and cells are read straight from
/// SQLite's buffers, so streaming a row copies nothing.
struct StatementRows: RowSource {
    let columnNames: [String]
    private let cursor: RowCursor
    private let statement: SQLiteStatement
    private let keys: ColumnKeys

    init(_ statement: Statement, keys: ColumnKeys) throws {
        columnNames = statement.columnNames
        cursor = try Row.fetchCursor(statement)
        self.statement = statement.sqliteStatement
        self.keys = keys
    }

    func isKey(column index: Int) -> Bool {
        keys.isKey(column: Int32(index), of: statement)
    }

    mutating func step() throws -> Bool {
        try cursor.next() != nil
    }

    func value(at index: Int) -> BorrowedValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let base = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(UnsafeRawBufferPointer(start: base, count: count))
        case SQLITE_BLOB:
            let base = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            return .blob(UnsafeRawBufferPointer(start: base, count: count))
        default:
            return .null
        }
    }
}

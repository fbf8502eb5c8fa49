import GRDBSQLite

/// Which result columns read a table's key: a column SQLite traces back to
/// a table column (`sqlite3_column_table_name`) that is part of the table's
/// primary key or of one of its foreign keys. Each table's foreign keys are
/// read once per statement, with the profiler looking away: they are rql's
/// question, not the user's.
final class ColumnKeys {
    private let tracer: StatementTracer
    private var foreignKeyColumns: [String: Set<String>] = [:]

    init(tracer: StatementTracer) {
        self.tracer = tracer
    }

    func isKey(column: Int32, of statement: OpaquePointer) -> Bool {
        guard let table = sqlite3_column_table_name(statement, column),
              let name = sqlite3_column_origin_name(statement, column),
              let schema = sqlite3_column_database_name(statement, column),
              let connection = sqlite3_db_handle(statement) else { return false }
        var isPrimaryKey: Int32 = 0
        if sqlite3_table_column_metadata(connection, schema, table, name, nil, nil, nil, &isPrimaryKey, nil) == SQLITE_OK,
           isPrimaryKey != 0 {
            return true
        }
        let key = String(cString: schema) + "\u{0}" + String(cString: table)
        let columns = foreignKeyColumns[key] ?? readForeignKeyColumns(schema: schema, table: table, connection)
        foreignKeyColumns[key] = columns
        return columns.contains(String(cString: name).lowercased())
    }

    /// The lowercased child columns of the table's foreign keys.
    private func readForeignKeyColumns(schema: UnsafePointer<CChar>, table: UnsafePointer<CChar>,
                                       _ connection: OpaquePointer) -> Set<String> {
        tracer.isSuspended = true
        defer { tracer.isSuspended = false }
        var pragma: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "SELECT \"from\" FROM pragma_foreign_key_list(?1, ?2)", -1, &pragma, nil)
            == SQLITE_OK else { sqlite3_finalize(pragma); return [] }
        defer { sqlite3_finalize(pragma) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_bind_text(pragma, 1, table, -1, transient)
        sqlite3_bind_text(pragma, 2, schema, -1, transient)
        var columns: Set<String> = []
        while sqlite3_step(pragma) == SQLITE_ROW {
            if let text = sqlite3_column_text(pragma, 0) { columns.insert(String(cString: text).lowercased()) }
        }
        return columns
    }
}

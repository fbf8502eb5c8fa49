import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender

extension Session {
    /// Prepares, binds and runs one SQL statement; rows stream to the output.
    func runSQL(_ text: String) throws {
        if text.skippingBlanksAndComments().drop(while: { $0 == ";" || $0.isWhitespace }).isEmpty { return }
        let settings = renderSettings(for: output)
        let output = self.output
        try queue.inDatabase { db in
            let statement: Statement
            do {
                statement = try db.makeStatement(sql: text)
            } catch let error as DatabaseError {
                throw CommandError(error, source: text, connection: db.sqliteConnection)
            }
            try bindParameters(to: statement)
            let wasInTransaction = db.isInsideTransaction
            do {
                if statement.columnCount > 0 {
                    var rows = try StatementRows(statement)
                    try Renderer.render(&rows, settings: settings, to: output)
                } else {
                    try statement.execute()
                }
            } catch let error as DatabaseError {
                var failure = CommandError(error, source: text, connection: db.sqliteConnection)
                if wasInTransaction {
                    failure.notes.append(db.isInsideTransaction
                        ? "note: the transaction is still open (COMMIT or ROLLBACK to end it)"
                        : "note: SQLite rolled the open transaction back")
                }
                throw failure
            }
        }
    }

    /// Binds `.parameter` values by name (`:a`, `$a`, `@a`, `?3`); a bare `?`
    /// at position N takes the value of `?N`. Unset parameters are NULL, as in
    /// the sqlite3 shell.
    private func bindParameters(to statement: Statement) throws {
        let handle = statement.sqliteStatement
        let count = sqlite3_bind_parameter_count(handle)
        guard count > 0 else { return }
        let values: [DatabaseValue] = (1...count).map { index in
            let name = sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) } ?? "?\(index)"
            return parameters[name] ?? .null
        }
        try statement.setArguments(StatementArguments(values))
    }
}

extension CommandError {
    /// Input that is neither SQL nor a dot-command, until the DSL exists.
    static func unknownInput(_ text: String) -> CommandError {
        let word = text.prefix(while: { !$0.isWhitespace })
        return CommandError(
            "\"\(word)\" does not start an SQL statement or a dot-command",
            notes: ["SQL starts with a keyword such as SELECT, INSERT INTO, UPDATE, CREATE or PRAGMA;",
                    "dot-commands start with a period: .help lists them"])
    }
}

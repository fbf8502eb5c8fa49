import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender

extension Session {
    /// Prepares, binds and runs one SQL statement; rows stream to the output.
    func runSQL(_ text: String) throws {
        if text.skippingBlanksAndComments().drop(while: { $0 == ";" || $0.isWhitespace }).isEmpty { return }
        let kind = SQLStatementKind.of(sql: text)
        if let change = kind.everyRowChange, !mayChange(change, command: Command(.sql, text)) { return }
        try runStatement(text, kind: kind, bind: bindParameters)
    }

    /// Prepares `sql`, binds it with `bind`, and runs it: rows render to the
    /// output, other statements just run. In box mode, columns with an enum
    /// in `enumLabels` show the case name beside the value. Errors point
    /// into `sql`.
    func runStatement(_ written: String, kind: SQLStatementKind, bind: (Statement) throws -> Void,
                      enumLabels: [Int: [Definitions.EnumCase]] = [:]) throws {
        // Bytes of a script that are not UTF-8 go to SQLite as they were.
        let sql = ForeignBytes.decodedSQL(written)
        let settings = renderSettings(for: output)
        let output = self.output
        defer { writeWatchReports() }
        try queue.inDatabase { db in
            let statement: Statement
            do {
                statement = try prepare(sql, in: db)
            } catch let error as DatabaseError {
                throw CommandError(error, source: sql, connection: db.sqliteConnection)
            }
            try bind(statement)
            // `.eqp on`: the plan of a query first (a PRAGMA has none to show).
            if self.settings.showsPlans, statement.columnCount > 0, sqlite3_stmt_isexplain(statement.sqliteStatement) == 0,
               let plan = try? QueryPlan.read(db, sql: sql, values: []), !plan.tree.isEmpty {
                for line in try planLines(plan, sql: sql, in: db) + [""] { output.write(visible: line + "\n") }
            }
            let wasInTransaction = db.isInsideTransaction
            do {
                try watching(db) {
                    let kept = try Session.run(statement, showsRows: !kind.isAlter, keys: ColumnKeys(tracer: tracer),
                                               enumLabels: enumLabels, settings: settings,
                                               keeps: self.settings.keepsLastResult, to: output)
                    if let kept { lastResult = kept }
                }
                if statement.columnCount == 0, kind.writesRows { current?.outcome.changedRows = db.changesCount }
            } catch let error as DatabaseError {
                var failure = CommandError(error, source: sql, connection: db.sqliteConnection)
                if error.resultCode == .SQLITE_BUSY, let file = sqlite3_db_filename(db.sqliteConnection, "main"),
                   file.pointee != 0 {
                    failure.notes += lockNotes(file: String(cString: file))
                }
                if wasInTransaction, current?.context.notesTransactionState ?? true {
                    failure.notes.append(db.isInsideTransaction ? .transactionStillOpen : .transactionRolledBack)
                }
                throw failure
            }
        }
    }

    /// Prepares SQL the user wrote; in safe mode, what would reach files
    /// outside the private database is refused before SQLite sees it.
    func prepare(_ sql: String, in db: Database) throws -> Statement {
        try refuseInSafeMode(sql)
        return try db.makeStatement(sql: sql)
    }

    /// Throws safe mode's refusal when `sql` would reach files outside the private database.
    func refuseInSafeMode(_ sql: String) throws {
        if connectionSetup.safe { try SafeMode.check(sql) }
    }

    /// Steps `statement`: rows render to `output`, other statements (and
    /// those without `showsRows`) just run. With `keeps`, returns a copy of
    /// the rows for `.last`.
    private static func run(_ statement: Statement, showsRows: Bool, keys: ColumnKeys,
                            enumLabels: [Int: [Definitions.EnumCase]], settings: RenderSettings, keeps: Bool,
                            to output: ByteOutput) throws -> LastResult? {
        guard statement.columnCount > 0, showsRows else {
            try statement.execute()
            return nil
        }
        let rows = try StatementRows(statement, keys: keys)
        guard keeps else {
            try render(rows, enumLabels: enumLabels, settings: settings, to: output)
            return nil
        }
        let keeping = KeepingRows(rows)
        try render(keeping, enumLabels: enumLabels, settings: settings, to: output)
        return keeping.result
    }

    static func render<Rows: RowSource>(_ rows: Rows, enumLabels: [Int: [Definitions.EnumCase]],
                                        settings: RenderSettings, to output: ByteOutput) throws {
        if settings.mode == .box, !enumLabels.isEmpty {
            var labeled = EnumLabeledRows(rows, labels: enumLabels)
            try Renderer.render(&labeled, settings: settings, to: output)
        } else {
            var plain = rows
            try Renderer.render(&plain, settings: settings, to: output)
        }
    }

    /// Binds `.parameter` values by name (`:a`, `$a`, `@a`, `?3`); a bare `?`
    /// at position N takes the value of `?N`. Unset parameters are NULL, as in
    /// the sqlite3 shell.
    func bindParameters(to statement: Statement) throws {
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

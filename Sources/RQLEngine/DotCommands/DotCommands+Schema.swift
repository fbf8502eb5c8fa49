import GRDB
import RQLRender

extension DotCommand {
    static let schemaCommands: [DotCommand] = [
        DotCommand(name: "tables", DotSyntax(.optional(.pattern)), summary: "list tables and views (PATTERN as in LIKE)",
                   details: "FTS shadow tables are not listed; .schema shows everything.") { session, arguments in
            let names = try session.queue.inDatabase { db in try Schema.tableNames(db, like: arguments.text(.pattern)) }
            session.writeColumns(names)
        },
        DotCommand(name: "schema", DotSyntax(.optional(.pattern)),
                   summary: "the CREATE statements, or those of matching tables") { session, arguments in
            let statements = try session.queue.inDatabase { db in try Schema.createStatements(db, like: arguments.text(.pattern)) }
            if statements.isEmpty, let pattern = arguments.text(.pattern) {
                throw CommandError(.noSchemaMatch(pattern))
            }
            for sql in statements { session.output.write(visible: sql + ";\n") }
        },
        DotCommand(name: "dbinfo", summary: "file, pages, encoding, journal mode, user_version, SQLite and its options") { session, _ in
            let facts = try session.queue.inDatabase { db in try Schema.facts(db, target: session.target) }
            session.output.write(AlignedList.text(facts))
        },
    ]
}

extension Session {
    /// Names laid out in columns, as `ls` does: across the terminal (their
    /// control characters as symbols), or 80 columns.
    func writeColumns(_ names: [String]) {
        let lineWidth = settings.lineWidth ?? (output.isTerminal ? Terminal.columns() : nil) ?? 80
        let shown = output.isTerminal ? names.map(CellText.visibleLine) : names
        for line in ColumnLayout.lines(shown, width: lineWidth) { output.write(line + "\n") }
    }
}

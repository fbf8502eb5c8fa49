import GRDB
import RQLRender

extension DotCommand {
    static let schemaCommands: [DotCommand] = [
        DotCommand(name: "tables", usage: ".tables [PATTERN]", summary: "list tables and views (PATTERN as in LIKE)",
                   details: "FTS shadow tables are not listed; .schema shows everything.",
                   arguments: 0...1, completes: .tables) { session, arguments in
            let names = try session.queue.inDatabase { db in try Schema.tableNames(db, like: arguments.first) }
            session.writeColumns(names)
        },
        DotCommand(name: "schema", usage: ".schema [PATTERN]", summary: "the CREATE statements, or those of matching tables",
                   arguments: 0...1, completes: .tables) { session, arguments in
            let statements = try session.queue.inDatabase { db in try Schema.createStatements(db, like: arguments.first) }
            if statements.isEmpty, let pattern = arguments.first {
                throw CommandError("no table, view, index or trigger matches \"\(pattern)\"", notes: [".tables lists them"])
            }
            for sql in statements { session.output.write(visible: sql + ";\n") }
        },
        DotCommand(name: "dbinfo", usage: ".dbinfo", summary: "file, pages, encoding, journal mode, user_version, SQLite and its options",
                   arguments: 0...0) { session, _ in
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

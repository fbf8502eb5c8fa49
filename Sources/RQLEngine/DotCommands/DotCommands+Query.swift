import GRDB
import RQLLanguage

extension DotCommand {
    static let queryCommands: [DotCommand] = [
        DotCommand(name: "sql", usage: ".sql on|off", summary: "print the SQL each DSL query compiles to",
                   arguments: 1...1, completes: .onOff) { session, arguments in
            session.settings.showsSQL = try flag(arguments[0], for: ".sql")
        },
        DotCommand(name: "helpers", usage: ".helpers", summary: "the DSL helpers, enums, aliases and named queries defined",
                   details: "def, enum, alias and let make them; a sample's prelude defines some when it opens.",
                   arguments: 0...0) { session, _ in
            let listing = session.definitions.listing
            if listing.isEmpty {
                session.output.write("no helpers defined (def, enum, alias and let make them)\n")
            }
            for line in listing { session.output.write(line + "\n") }
        },
        DotCommand(name: "explain", usage: ".explain QUERY", summary: "how SQLite runs an SQL or DSL query: its plan as a tree",
                   details: "A DSL query shows the SQL it compiles to first. The plan names the indexes SQLite uses.",
                   arguments: 1...1, takesRawText: true) { session, arguments in
            try session.explain(arguments[0])
        },
    ]
}

extension Session {
    /// Writes the SQL of a DSL query, then `EXPLAIN QUERY PLAN` as a tree.
    func explain(_ text: String) throws {
        guard let (language, body) = InputLanguage.classify(text[...]), language != .dot else {
            throw CommandError(".explain takes an SQL or DSL query", notes: ["usage: .explain reminders | where isFlagged"])
        }
        var sql = String(body)
        var values: [SQLValue] = []
        if language == .dsl {
            guard case .query(let query) = try compileDSL(sql) else {
                throw CommandError(".explain takes a query, not a definition")
            }
            output.write(query.displaySQL + "\n\n")
            sql = query.sql
            values = query.values
        }
        let rows = try queue.inDatabase { db -> [(id: Int, parent: Int, detail: String)] in
            let statement: Statement
            do {
                statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
            } catch let error as DatabaseError {
                throw CommandError(error.message ?? "\(error.resultCode)")
            }
            if language == .dsl { try Session.bind(values, to: statement) }
            return try Row.fetchAll(statement).map { ($0["id"], $0["parent"], $0["detail"]) }
        }
        output.write("QUERY PLAN\n")
        writePlan(rows, parent: 0, indent: "")
    }

    private func writePlan(_ rows: [(id: Int, parent: Int, detail: String)], parent: Int, indent: String) {
        let children = rows.filter { $0.parent == parent }
        for (index, row) in children.enumerated() {
            let isLast = index == children.count - 1
            output.write(indent + (isLast ? "└─ " : "├─ ") + row.detail + "\n")
            writePlan(rows, parent: row.id, indent: indent + (isLast ? "   " : "│  "))
        }
    }
}

import GRDB
import RQLLanguage
import RQLRender

extension DotCommand {
    static let viewCommands: [DotCommand] = [
        DotCommand(name: "views", summary: "the views: columns, temporary or persistent, and the tables and columns each reads",
                   details: """
                       What a view reads is what SQLite reports while preparing SELECT * FROM the view
                       (GRDB's statement region): tables with the columns used, through other views.
                       """) { session, _ in
            try session.writeViews()
        },
        DotCommand(name: "view", DotSyntax(.value(.view)), summary: "one view in full: its columns, what it reads and its SQL") { session, arguments in
            try session.writeView(named: arguments[.view])
        },
    ]
}

extension DotValue {
    static let view = DotValue.word("NAME", completes: .tables)
}

extension Session {
    func writeViews() throws {
        let views = try queue.inDatabase { try ViewLineage.all($0) }
        if views.isEmpty { return output.write("no views\n") }
        try writeRows(columns: ["name", "columns", "lifetime", "reads"], rows: views.map { view in
            [.text(view.name), .text(view.columns.joined(separator: ", ")), .text(view.lifetime), .text(view.readsText)]
        })
    }

    func writeView(named name: String) throws {
        let views = try queue.inDatabase { try ViewLineage.all($0) }
        guard let view = views.first(where: { $0.name == name }) ?? views.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw CommandError(.noView(name, views: views.map(\.name)))
        }
        var text = "view \(view.name) (\(view.lifetime))\n"
        if let failure = view.failure {
            text += "  cannot be read: \(failure)\n"
        } else {
            text += AlignedList.text([("columns", view.columns.joined(separator: ", "))], indent: "  ")
            if !view.through.isEmpty { text += "  through  " + view.through.joined(separator: ", ") + "\n" }
            text += "  reads:\n" + view.reads.map { "    \($0.table): " + ($0.columns?.joined(separator: ", ") ?? "every column") + "\n" }.joined()
        }
        text += "  sql:\n" + view.sql.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined()
        output.write(visible: text)
    }
}

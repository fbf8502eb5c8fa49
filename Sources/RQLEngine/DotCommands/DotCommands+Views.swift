import GRDB
import RQLLanguage
import RQLRender

extension DotCommand {
    static let viewCommands: [DotCommand] = [
        DotCommand(name: "views", usage: ".views", summary: "the views: columns, temporary or persistent, and the tables and columns each reads",
                   details: """
                       What a view reads is what SQLite reports while preparing SELECT * FROM the view
                       (GRDB's statement region): tables with the columns used, through other views.
                       """,
                   arguments: 0...0) { session, _ in
            try session.writeViews()
        },
        DotCommand(name: "view", usage: ".view NAME", summary: "one view in full: its columns, what it reads and its SQL",
                   arguments: 1...1, completes: .tables) { session, arguments in
            try session.writeView(named: arguments[0])
        },
    ]
}

/// A view of the open database and what it reads.
struct ViewLineage {
    var schema: String
    var name: String
    var sql: String
    var columns: [String]
    /// Table → the columns read (nil: all of them).
    var reads: [(table: String, columns: [String]?)]
    /// Other views it reads through.
    var through: [String] = []

    var lifetime: String { schema == "temp" ? "temporary" : schema == "main" ? "persistent" : "persistent (\(schema))" }

    var readsText: String {
        reads.map { $0.table + "(" + ($0.columns?.joined(separator: ", ") ?? "*") + ")" }.joined(separator: ", ")
    }

    static func all(_ db: Database) throws -> [ViewLineage] {
        let objects = try Schema.objects(db, type: "view")
        let viewNames = Set(objects.map { $0.name.lowercased() })
        return try objects.map { schema, name, sql in
            let statement = try db.makeStatement(
                sql: "SELECT * FROM \(schema.quotedDatabaseIdentifier).\(name.quotedDatabaseIdentifier)")
            // The region names the views read as well as their tables.
            let region = parse(region: statement.databaseRegion.description)
            return ViewLineage(
                schema: schema, name: name, sql: sql, columns: statement.columnNames,
                reads: region.filter { !viewNames.contains($0.table.lowercased()) },
                through: region.map(\.table).filter { viewNames.contains($0.lowercased()) && $0.lowercased() != name.lowercased() })
        }
    }

    /// Reads GRDB's region description, `a(x,y),b(*)`, into tables and columns.
    static func parse(region: String) -> [(table: String, columns: [String]?)] {
        var reads: [(String, [String]?)] = []
        var rest = region[...]
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let table = String(rest[..<open])
            let inside = rest[rest.index(after: open)..<close]
            reads.append((table, inside == "*" ? nil : inside.split(separator: ",").map(String.init)))
            rest = rest[rest.index(after: close)...].drop { $0 == "," }
        }
        return reads
    }
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
            throw CommandError("no view named \"\(name)\"",
                               notes: [Suggestions.didYouMean(name, in: views.map(\.name))
                                       ?? (views.isEmpty ? "this database has no views" : ".views lists them")])
        }
        var text = "view \(view.name) (\(view.lifetime))\n"
        text += AlignedList.text([("columns", view.columns.joined(separator: ", "))], indent: "  ")
        if !view.through.isEmpty { text += "  through  " + view.through.joined(separator: ", ") + "\n" }
        text += "  reads:\n" + view.reads.map { "    \($0.table): " + ($0.columns?.joined(separator: ", ") ?? "every column") + "\n" }.joined()
        text += "  sql:\n" + view.sql.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined()
        output.write(text)
    }
}

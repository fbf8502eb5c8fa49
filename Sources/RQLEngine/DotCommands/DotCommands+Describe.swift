import GRDB
import RQLLanguage
import RQLRender

extension DotCommand {
    static let describeCommands: [DotCommand] = [
        DotCommand(name: "describe", usage: ".describe TABLE", summary: "a table: columns, foreign keys both ways, indexes, triggers, its full-text index",
                   details: """
                       Columns with type, NOT NULL, default, primary key and hidden or generated; the
                       foreign keys it has and those pointing at it; its indexes and triggers; and the
                       FTS5 or FTS4 table that mirrors it (through content= or triggers that keep it in sync).
                       """,
                   arguments: 1...1, completes: .tables) { session, arguments in
            try session.describe(arguments[0])
        },
    ]
}

extension Session {
    func describe(_ name: String) throws {
        let catalog = try dslCatalog()
        let table = try catalog.inspectedTable(name)
        let kind = switch table.kind {
        case .table: "table"
        case .view: "view"
        case .fts5: "FTS5 table"
        case .fts4: "FTS4 table"
        }
        output.write("\(kind) \(table.schema == "main" ? "" : table.schema + ".")\(table.name)\n")
        let columns = try queue.inDatabase { db in
            try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid",
                             arguments: [table.name, table.schema])
        }
        // No default, not a key, not hidden: nothing, since NULL would read
        // like DEFAULT NULL.
        try writeRows(columns: ["column", "type", "not null", "default", "primary key", "hidden"], rows: columns.map { row in
            let hidden: Int = row["hidden"]
            let hiddenText = switch hidden {
            case 1: "hidden"
            case 2: "generated (virtual)"
            case 3: "generated (stored)"
            default: ""
            }
            let key: Int = row["pk"]
            return [.text(row["name"]), .text(row["type"] ?? ""), .text(row["notnull"] == 1 ? "yes" : "no"),
                    .text(row["dflt_value"] ?? ""), key > 0 ? .integer(Int64(key)) : .text(""), .text(hiddenText)]
        })
        var sections: [(String, [String])] = []
        let foreignKeys = Session.foreignKeys(in: catalog)
        sections.append(("foreign keys", foreignKeys.filter { $0.from == table.name }.map(\.text)))
        sections.append(("referenced by", foreignKeys.filter { $0.to.lowercased() == table.name.lowercased() }.map(\.text)))
        let indexes = try queue.inDatabase { db in
            try Row.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?, ?) ORDER BY name", arguments: [table.name, table.schema])
        }
        sections.append(("indexes", indexes.map { $0["name"] }))
        let triggers = try queue.inDatabase { try Trigger.all($0) }
            .filter { $0.definition.table.lowercased() == table.name.lowercased() && ($0.schema == table.schema || $0.schema == "temp") }
        sections.append(("triggers", triggers.map { "\($0.name): \($0.definition.timing.rawValue) \($0.definition.event.description)" }))
        var search: [String] = []
        for fts in catalog.tables.values where fts.kind.isFullText && fts.contentTable?.lowercased() == table.name.lowercased() {
            search.append("\(fts.name): external content (content=\(table.name))")
        }
        for link in catalog.searchLinks where link.table == table.name {
            let syncing = triggers.filter { trigger in
                trigger.definition.body.contains { statement in
                    SQLTokenizer.tokens(statement).contains { $0.name?.lowercased() == link.ftsTable.lowercased() }
                }
            }.map(\.name)
            search.append("\(link.ftsTable): kept in sync by " + (syncing.isEmpty ? "triggers" : syncing.joined(separator: ", ")))
        }
        sections.append(("full-text search", search))
        for (title, lines) in sections where !lines.isEmpty {
            output.write("\(title):\n" + lines.map { "  \($0)\n" }.joined())
        }
    }

    /// Every foreign key of the database, in the order each table declares
    /// them: `from(columns) → to(columns)` with its actions.
    private static func foreignKeys(in catalog: Catalog) -> [(from: String, to: String, text: String)] {
        catalog.tableNames.compactMap { catalog.tables[$0] }.filter { $0.kind == .table }.flatMap { table in
            // SQLite numbers a table's foreign keys from the last declared.
            table.foreignKeys.reversed().map { key in
                let targets = key.targetColumns.isEmpty ? catalog.table(named: key.table)?.primaryKey ?? [] : key.targetColumns
                var text = "\(table.name)(\(key.columns.joined(separator: ", "))) → \(key.table)(\(targets.joined(separator: ", ")))"
                if key.onDelete != "NO ACTION" { text += " ON DELETE \(key.onDelete)" }
                if key.onUpdate != "NO ACTION" { text += " ON UPDATE \(key.onUpdate)" }
                return (table.name, key.table, text)
            }
        }
    }
}

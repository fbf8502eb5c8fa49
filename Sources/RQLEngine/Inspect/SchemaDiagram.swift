import RQLLanguage
import RQLRender

/// `.erd`: the tables of the open database and what connects them, drawn
/// from the DSL catalog (foreign keys, junction tables, FTS mirrors) and
/// the views' lineage: boxes of columns and arrows in words for the
/// terminal, or Mermaid and Graphviz text for other tools.
struct SchemaDiagram {
    struct Edge {
        /// `reminders.remindersListID ─▶ remindersLists.id  many-to-one, on delete cascade`
        var text: String
        var from: String
        var to: String
        /// The foreign key's columns on each side, for the other formats.
        var columns: [String]
        var isOptional: Bool
    }

    let tables: [Catalog.Table]
    let edges: [Edge]
    /// `reminders ◀─▶ tags through remindersTags`, FTS mirrors and views,
    /// each with the tables it is about.
    let notes: [(text: String, tables: Set<String>)]

    /// The diagram of `catalog`, or of the tables whose names match one of
    /// `patterns` (as in LIKE) and their neighbours.
    init(catalog: Catalog, views: [ViewLineage], patterns: [String]) {
        let all = catalog.tableNames.compactMap { catalog.tables[$0] }.filter { $0.kind == .table }
        var edges: [Edge] = []
        for table in all {
            // SQLite numbers a table's foreign keys from the last declared.
            for key in table.foreignKeys.reversed() {
                let target = catalog.table(named: key.table)?.primaryKey ?? []
                let targetColumns = key.targetColumns.isEmpty ? target : key.targetColumns
                let optional = key.columns.contains { name in table.column(name)?.isNotNull != true }
                var actions: [String] = []
                if key.onDelete != "NO ACTION" { actions.append("on delete " + key.onDelete.lowercased()) }
                if key.onUpdate != "NO ACTION" { actions.append("on update " + key.onUpdate.lowercased()) }
                let unique = table.primaryKey == key.columns
                let text = SchemaDiagram.columns(table.name, key.columns) + " ─▶ " + SchemaDiagram.columns(key.table, targetColumns)
                    + "  " + (unique ? "one-to-one" : "many-to-one") + (optional ? ", optional" : "")
                    + (actions.isEmpty ? "" : ", " + actions.joined(separator: ", "))
                edges.append(Edge(text: text, from: table.name, to: key.table, columns: key.columns, isOptional: optional))
            }
        }
        var notes: [(text: String, tables: Set<String>)] = []
        var pairs: Set<String> = []
        for table in all {
            for relationship in catalog.relationships(of: table) where relationship.kind == .manyToMany {
                guard let junction = relationship.junction else { continue }
                let pair = [table.name, relationship.target].sorted().joined(separator: "\u{1F}") + "\u{1F}" + junction
                guard pairs.insert(pair).inserted else { continue }
                notes.append(("\(table.name) ◀─▶ \(relationship.target) through \(junction) (many-to-many)",
                              [table.name, relationship.target, junction]))
            }
        }
        for fts in catalog.tableNames.compactMap({ catalog.tables[$0] }) where fts.kind.isFullText {
            let kind = fts.kind == .fts4 ? "FTS4" : "FTS5"
            if let content = fts.contentTable {
                notes.append(("\(fts.name) (\(kind)) indexes \(content) (content=\(content))", [fts.name, content]))
            }
            for link in catalog.searchLinks where link.ftsTable == fts.name {
                notes.append(("\(fts.name) (\(kind)) indexes \(link.table), kept in sync by triggers", [fts.name, link.table]))
            }
        }
        for view in views where view.failure == nil {
            let read = view.reads.map(\.table) + view.through
            notes.append(("\(view.name) (view) reads " + read.joined(separator: ", "), Set(read + [view.name])))
        }
        guard !patterns.isEmpty else {
            (self.tables, self.edges, self.notes) = (all, edges, notes)
            return
        }
        let chosen = Set(all.map(\.name).filter { name in patterns.contains { SchemaDiagram.like(name, $0) } })
        let neighbours = chosen.union(edges.filter { chosen.contains($0.from) || chosen.contains($0.to) }.flatMap { [$0.from, $0.to] })
        self.tables = all.filter { neighbours.contains($0.name) }
        self.edges = edges.filter { chosen.contains($0.from) || chosen.contains($0.to) }
        self.notes = notes.filter { !$0.tables.isDisjoint(with: chosen) }
    }

    /// `table.column`, or `table(a, b)` for a key of several columns.
    static func columns(_ table: String, _ columns: [String]) -> String {
        columns.count == 1 ? table + "." + columns[0] : table + "(" + columns.joined(separator: ", ") + ")"
    }

    /// SQL's LIKE for ASCII letters: `%` and `_`, case-insensitive.
    static func like(_ name: String, _ pattern: String) -> Bool {
        func match(_ n: Substring, _ p: Substring) -> Bool {
            guard let first = p.first else { return n.isEmpty }
            if first == "%" { return n.indices.contains { match(n[$0...], p.dropFirst()) } || match(n[n.endIndex...], p.dropFirst()) }
            guard let character = n.first else { return false }
            return (first == "_" || first.lowercased() == character.lowercased()) && match(n.dropFirst(), p.dropFirst())
        }
        return match(name[...], pattern[...])
    }

    // MARK: The terminal

    /// Each table as a box (PK and FK marked, types dimmed), the boxes side
    /// by side as many as `width` holds, then the relationships in words;
    /// names with control characters show them as symbols, as a box does.
    func text(width: Int, style: TerminalStyle) -> String {
        let boxes = tables.map { box($0, style: style) }
        var text = ""
        var band: [(lines: [String], width: Int)] = []
        func flush() {
            guard !band.isEmpty else { return }
            let height = band.map(\.lines.count).max() ?? 0
            for row in 0..<height {
                let parts = band.map { box in
                    row < box.lines.count ? box.lines[row] : String(repeating: " ", count: box.width)
                }
                text += parts.joined(separator: "  ").trimmingTrailingWhitespace() + "\n"
            }
            text += "\n"
            band = []
        }
        for box in boxes {
            let used = band.reduce(0) { $0 + $1.width + 2 }
            if !band.isEmpty, used + box.width > width { flush() }
            band.append(box)
        }
        flush()
        if tables.isEmpty { text += "no tables\n" }
        for edge in edges { text += CellText.visibleLine(edge.text) + "\n" }
        for note in notes { text += CellText.visibleLine(note.text) + "\n" }
        return text
    }

    private func box(_ table: Catalog.Table, style: TerminalStyle) -> (lines: [String], width: Int) {
        let keyColumns = Set(table.foreignKeys.flatMap(\.columns))
        let rows = table.columns.map { column -> (mark: String, name: String, type: String) in
            let mark = column.isPrimaryKey ? "PK" : keyColumns.contains(column.name) ? "FK" : "  "
            return (mark, CellText.visibleLine(column.name), CellText.visibleLine(column.type))
        }
        let title = CellText.visibleLine(table.name)
        let nameWidth = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
        let typeWidth = rows.map { DisplayWidth.of($0.type) }.max() ?? 0
        // ` PK name type `: the row's width inside the border.
        let rowWidth = 5 + nameWidth + (typeWidth > 0 ? 1 + typeWidth : 0)
        let inner = max(DisplayWidth.of(title) + 3, rowWidth)
        var lines = ["┌─ " + title + " " + String(repeating: "─", count: inner - DisplayWidth.of(title) - 3) + "┐"]
        for row in rows {
            let name = row.name + String(repeating: " ", count: nameWidth - DisplayWidth.of(row.name))
            let type = row.type + String(repeating: " ", count: typeWidth - DisplayWidth.of(row.type))
            let body = " " + row.mark + " " + name + (typeWidth > 0 ? " " + style.text(type, as: .type) : "")
                + String(repeating: " ", count: inner - rowWidth + 1)
            lines.append("│" + body + "│")
        }
        lines.append("└" + String(repeating: "─", count: inner) + "┘")
        return (lines, inner + 2)
    }

    // MARK: Other tools

    /// A Mermaid `erDiagram`.
    var mermaid: String {
        var text = "erDiagram\n"
        for table in tables {
            let keyColumns = Set(table.foreignKeys.flatMap(\.columns))
            text += "    " + SchemaDiagram.mermaidName(table.name) + " {\n"
            for column in table.columns {
                let type = SchemaDiagram.mermaidName(column.type.isEmpty ? "ANY" : column.type)
                var keys: [String] = []
                if column.isPrimaryKey { keys.append("PK") }
                if keyColumns.contains(column.name) { keys.append("FK") }
                text += "        " + type + " " + SchemaDiagram.mermaidName(column.name) + (keys.isEmpty ? "" : " " + keys.joined(separator: ", ")) + "\n"
            }
            text += "    }\n"
        }
        for edge in edges {
            text += "    " + SchemaDiagram.mermaidName(edge.to) + (edge.isOptional ? " |o--o{ " : " ||--o{ ")
                + SchemaDiagram.mermaidName(edge.from) + " : \"" + edge.columns.joined(separator: ", ").replacingAll(UInt8(ascii: "\""), with: "'") + "\"\n"
        }
        return text
    }

    /// Mermaid names are words: anything else becomes `_`.
    static func mermaidName(_ name: String) -> String {
        let word = String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "_" })
        return word.isEmpty ? "_" : word
    }

    /// Graphviz DOT: a record per table, an edge per foreign key.
    var dot: String {
        var text = "digraph schema {\n    rankdir=LR;\n    node [shape=record, fontname=\"Helvetica\"];\n"
        for table in tables {
            let keyColumns = Set(table.foreignKeys.flatMap(\.columns))
            let fields = table.columns.map { column in
                (column.isPrimaryKey ? "PK " : keyColumns.contains(column.name) ? "FK " : "") + column.name
                    + (column.type.isEmpty ? "" : " : " + column.type)
            }
            text += "    " + SchemaDiagram.dotString(table.name) + " [label=\""
                + ([table.name] + fields).map(SchemaDiagram.dotRecordField).joined(separator: "|") + "\"];\n"
        }
        for edge in edges {
            text += "    " + SchemaDiagram.dotString(edge.from) + " -> " + SchemaDiagram.dotString(edge.to)
                + " [label=" + SchemaDiagram.dotString(edge.columns.joined(separator: ", ")) + (edge.isOptional ? ", style=dashed" : "") + "];\n"
        }
        return text + "}\n"
    }

    static func dotString(_ text: String) -> String {
        let escaped = text.replacingASCII { byte in
            byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") ? "\\" + String(UnicodeScalar(byte)) : nil
        }
        return "\"" + escaped + "\""
    }

    /// A field of a record label: the characters records treat specially escaped.
    static func dotRecordField(_ text: String) -> String {
        text.replacingASCII { "{}|<>\"\\ ".utf8.contains($0) ? "\\" + String(UnicodeScalar($0)) : nil } + "\\l"
    }
}

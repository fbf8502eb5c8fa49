import Foundation
import GRDB
import RQLLanguage
import RQLRender

extension DotCommand {
    static let describeCommands: [DotCommand] = [
        DotCommand(name: "describe", DotSyntax(.value(.table)), summary: "a table: columns, foreign keys both ways, indexes, triggers, its full-text index",
                   details: """
                       Columns with type, NOT NULL, default, primary key and hidden or generated; the
                       foreign keys it has and those pointing at it; its indexes and triggers; and the
                       FTS5 or FTS4 table that mirrors it (through content= or triggers that keep it in sync).
                       """) { session, arguments in
            try session.describe(arguments[.table])
        },
        DotCommand(name: "erd", DotSyntax(.oneOf([.flag("--mermaid"), .flag("--dot"), .option("--svg", .file)]),
                                          .repeated(.tableOrPattern, minimum: 0)),
                   summary: "the schema as a diagram: tables, keys and what connects them",
                   details: """
                       Each table as a box of its columns (PK and FK marked, types dimmed), side by side as the
                       terminal's width allows, then the relationships in words: each foreign key with its
                       kind and actions, many-to-many links through their junction table, full-text indexes and
                       what each view reads. With TABLE or PATTERN (as in LIKE), those tables and their
                       neighbours. --mermaid writes a Mermaid erDiagram (GitHub and many Markdown tools draw
                       it), --dot Graphviz DOT, and --svg FILE the picture Graphviz's dot draws of it (the
                       graphviz package; safe mode refuses it, as it writes a file).
                       """) { session, arguments in
            try session.writeDiagram(DiagramFormat(arguments), patterns: arguments.texts(.tableOrPattern))
        },
    ]
}

extension DotValue {
    static let tableOrPattern = DotValue.word("TABLE|PATTERN", completes: .tables)
}

/// What `.erd` writes: the diagram for the terminal, Mermaid, DOT, or the
/// SVG Graphviz draws, into a file.
enum DiagramFormat: Equatable {
    case text, mermaid, dot
    case svg(file: String)

    init(_ arguments: DotArguments) {
        if let file = arguments.text(.file) {
            self = .svg(file: file)
        } else {
            self = arguments.has("--mermaid") ? .mermaid : arguments.has("--dot") ? .dot : .text
        }
    }
}

extension Session {
    /// `dot -Tsvg` of `dot`: the SVG Graphviz draws.
    static func drawWithGraphviz(_ dot: String) throws -> Data {
        let environment = ProcessInfo.processInfo.environment
        guard Pager.canRun("dot", path: environment["PATH"]) else {
            throw CommandError(.graphvizMissing)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dot", "-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandError(.cannotRun("dot", reason: error.localizedDescription))
        }
        // Write on another thread while reading: a large drawing would fill the pipe and stop dot.
        let writer = input.fileHandleForWriting
        let data = Data(dot.utf8)
        Thread.detachNewThread {
            writer.write(data)
            try? writer.close()
        }
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError(.dotFailed(message.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return svg
    }

    /// The diagram as Mermaid and, when Graphviz's dot is installed, as SVG
    /// (the `<svg>` element alone), for exports.
    static func pictures(of diagram: SchemaDiagram) -> SchemaPictures {
        let drawing = (try? drawWithGraphviz(diagram.dot)).map { String(decoding: $0, as: UTF8.self) }
        let svg = drawing.flatMap { text in text.range(of: "<svg").map { String(text[$0.lowerBound...]) } }
        return SchemaPictures(mermaid: diagram.mermaid, svg: svg)
    }

    func writeDiagram(_ format: DiagramFormat, patterns: [String]) throws {
        if case .svg = format, connectionSetup.safe {
            throw CommandError(.refused(.erdSVG))
        }
        let catalog = try dslCatalog()
        let views = try queue.inDatabase { try ViewLineage.all($0) }
        let diagram = SchemaDiagram(catalog: catalog, views: views, patterns: patterns)
        if !patterns.isEmpty, diagram.tables.isEmpty {
            throw CommandError(.noTableMatches(patterns))
        }
        switch format {
        case .mermaid: output.write(visible: diagram.mermaid)
        case .dot: output.write(visible: diagram.dot)
        case .svg(let svgFile):
            let svg = try Session.drawWithGraphviz(diagram.dot)
            do {
                try AtomicFile.replace(svgFile, with: svg, permissions: 0o644)
            } catch {
                throw CommandError(.cannotWrite(svgFile, reason: "\(error)"))
            }
            output.write("drew \(diagram.tables.count) \(diagram.tables.count == 1 ? "table" : "tables") into \(svgFile)\n")
        case .text:
            let width = settings.lineWidth ?? (output.isTerminal ? Terminal.columns() : nil) ?? 100
            output.write(diagram.text(width: width, style: style(for: output)))
            if current?.log != nil { current?.outcome.schemaPictures = Session.pictures(of: diagram) }
        }
    }
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
        output.write(visible: "\(kind) \(table.schema == "main" ? "" : table.schema + ".")\(table.name)\n")
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
            output.write(visible: "\(title):\n" + lines.map { "  \($0)\n" }.joined())
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

import GRDB
import RQLRender

extension DotCommand {
    static let schemaCommands: [DotCommand] = [
        DotCommand(name: "tables", usage: ".tables [PATTERN]", summary: "list tables and views (PATTERN as in LIKE)",
                   details: "FTS shadow tables are not listed; .schema shows everything.",
                   arguments: 0...1) { session, arguments in
            let names = try session.queue.inDatabase { db in try Schema.tableNames(db, like: arguments.first) }
            session.writeColumns(names)
        },
        DotCommand(name: "schema", usage: ".schema [PATTERN]", summary: "the CREATE statements, or those of matching tables",
                   arguments: 0...1) { session, arguments in
            let statements = try session.queue.inDatabase { db in try Schema.createStatements(db, like: arguments.first) }
            if statements.isEmpty, let pattern = arguments.first {
                throw CommandError("no table, view, index or trigger matches \"\(pattern)\"", notes: [".tables lists them"])
            }
            for sql in statements { session.output.write(sql + ";\n") }
        },
        DotCommand(name: "dbinfo", usage: ".dbinfo", summary: "file, pages, encoding, journal mode, user_version, SQLite and its options",
                   arguments: 0...0) { session, _ in
            let facts = try session.queue.inDatabase { db in try Schema.facts(db, target: session.target) }
            session.output.write(AlignedList.text(facts))
        },
    ]
}

extension Session {
    /// Names laid out in columns, as `ls` does: across the terminal, or 80 columns.
    func writeColumns(_ names: [String]) {
        guard !names.isEmpty else { return }
        let lineWidth = settings.lineWidth ?? (output.isTerminal ? Terminal.columns() : nil) ?? 80
        let cellWidth = (names.map(DisplayWidth.of).max() ?? 0) + 2
        let perLine = max(1, lineWidth / cellWidth)
        let lines = (names.count + perLine - 1) / perLine
        for line in 0..<lines {
            var text = ""
            for column in 0..<perLine {
                let index = column * lines + line
                guard index < names.count else { break }
                let name = names[index]
                let isLast = column == perLine - 1 || index + lines >= names.count
                text += isLast ? name : name + String(repeating: " ", count: cellWidth - DisplayWidth.of(name))
            }
            output.write(text + "\n")
        }
    }
}

/// Reading the schema for `.tables`, `.schema` and `.dbinfo`.
enum Schema {
    /// Tables and views of every schema (`temp.` and attached names qualified),
    /// without SQLite's own tables and FTS shadow tables.
    static func tableNames(_ db: Database, like pattern: String?) throws -> [String] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT schema, name FROM pragma_table_list
            WHERE type IN ('table', 'view', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
              AND (?1 IS NULL OR name LIKE ?1)
            ORDER BY schema <> 'main', schema, name
            """, arguments: [pattern])
        return rows.map { row in
            let schema: String = row["schema"]
            let name: String = row["name"]
            return schema == "main" ? name : "\(schema).\(name)"
        }
    }

    /// CREATE statements in creation order, main then temp, shadow tables left out.
    static func createStatements(_ db: Database, like pattern: String?) throws -> [String] {
        let shadows = try Set(String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE type = 'shadow'"))
        var statements: [String] = []
        for table in ["sqlite_schema", "sqlite_temp_schema"] {
            let rows = try Row.fetchAll(db, sql: """
                SELECT name, sql FROM \(table)
                WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                  AND (?1 IS NULL OR name LIKE ?1 OR tbl_name LIKE ?1)
                ORDER BY rowid
                """, arguments: [pattern])
            for row in rows where !shadows.contains(row["name"]) {
                statements.append(row["sql"])
            }
        }
        return statements
    }

    static func facts(_ db: Database, target: DatabaseTarget) throws -> [(String, String)] {
        func pragma(_ name: String) throws -> String {
            try String.fetchOne(db, sql: "PRAGMA \(name)") ?? ""
        }
        func option(_ name: String) throws -> String {
            try Bool.fetchOne(db, sql: "SELECT sqlite_compileoption_used(?)", arguments: [name]) == true ? "yes" : "no"
        }
        let file: String
        switch target {
        case .sample(let sample): file = "(memory: a private copy of the \(sample.rawValue) sample)"
        case .file(let path, let readonly): file = readonly ? "\(path) (read-only)" : path
        }
        let foreignKeys = try pragma("foreign_keys") == "1" ? "on" : "off"
        let json = try Bool.fetchOne(db, sql: "SELECT json_valid('{}')") == true ? "yes" : "no"
        return [
            ("file", file),
            ("page size", try pragma("page_size")),
            ("pages", try pragma("page_count")),
            ("encoding", try pragma("encoding")),
            ("journal mode", try pragma("journal_mode")),
            ("user_version", try pragma("user_version")),
            ("foreign keys", foreignKeys + " (rql turns them on; the sqlite3 shell leaves them off)"),
            ("SQLite", try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? ""),
            ("FTS5", try option("ENABLE_FTS5")),
            ("JSON", json),
            ("math functions", try option("ENABLE_MATH_FUNCTIONS")),
        ]
    }
}

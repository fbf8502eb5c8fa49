import GRDB
import RQLLanguage
import RQLValues

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

    /// CREATE statements in creation order, main, temp, then the attached
    /// databases, shadow tables left out. `emp.PATTERN` looks in `emp` only.
    static func createStatements(_ db: Database, like pattern: String?) throws -> [String] {
        let shadows = try Set(String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE type = 'shadow'"))
        var schemas = try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq")
        var pattern = pattern
        if let qualified = pattern, let dot = qualified.firstIndex(of: "."),
           let schema = schemas.first(where: { $0.lowercased() == qualified[..<dot].lowercased() }) {
            schemas = [schema]
            pattern = String(qualified[qualified.index(after: dot)...])
        }
        var statements: [String] = []
        for schema in schemas {
            let rows = try Row.fetchAll(db, sql: """
                SELECT name, sql FROM \(SQLText.identifier(schema)).sqlite_master
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

    /// The schema objects of one type (`trigger`, `view`, …) in every
    /// database of the connection (main, temp, attached), with the table
    /// each belongs to and their SQL.
    static func objects(_ db: Database, type: String) throws -> [(schema: String, name: String, table: String, sql: String)] {
        var objects: [(String, String, String, String)] = []
        for schema in try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq") {
            let rows = try Row.fetchAll(db, sql: """
                SELECT name, tbl_name, sql FROM \(SQLText.identifier(schema)).sqlite_master
                WHERE type = ? AND sql IS NOT NULL ORDER BY name
                """, arguments: [type])
            objects += rows.map { (schema, $0["name"], $0["tbl_name"], $0["sql"]) }
        }
        return objects
    }

    /// `persistent`, `temporary` (the temp schema), or `persistent (SCHEMA)` for an attached database.
    static func lifetime(of schema: String) -> String {
        switch schema {
        case "main": "persistent"
        case "temp": "temporary"
        default: "persistent (\(schema))"
        }
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
        case .copy(let path): file = "(memory: a private copy of \(path))"
        case .dataFiles(let paths): file = "(memory: imported from \(paths.joined(separator: ", ")))"
        case .scratch(let path, _): file = path + " (a scratch file rql removes at exit)"
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

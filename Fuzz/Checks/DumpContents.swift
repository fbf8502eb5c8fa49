import RQLLanguage
import RQLValues

/// What a database holds, as text to compare: its schema (each object's
/// type, names and SQL), the rows of each table, virtual table and view
/// (with the rowid where the table has one), each value as its type and its
/// exact bytes (`FuzzValue`), and the index entries of each FTS5 table (its
/// `fts5vocab` instances: term, row, column, offset), each list sorted.
/// Shadow tables are left out: an FTS5 index rebuilt from the same rows
/// holds the same entries in other pages.
enum DumpContents {
    /// The contents of `database` once `statements` have run in it.
    static func text(of database: FuzzDatabaseFile, after statements: [String] = []) -> String {
        database.reading(after: statements) { query in
            func sorted(_ sql: String) -> String {
                query(sql).map { $0.map(\.description).joined(separator: "|") }.sorted().joined(separator: "\n")
            }
            var text = "schema\n" + sorted("SELECT type, name, tbl_name, sql FROM main.sqlite_schema")
            // Each table, view and virtual table: its name, whether it has a rowid, whether it is FTS5.
            let tables = query("""
                SELECT l.name, l.type = 'virtual' OR (l.type = 'table' AND l.wr = 0), coalesce(m.sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%', 0)
                FROM pragma_table_list AS l JOIN main.sqlite_schema AS m ON m.name = l.name
                WHERE l.schema = 'main' AND l.type IN ('table', 'virtual', 'view') ORDER BY l.name
                """)
            for (index, table) in tables.enumerated() {
                guard table.count == 3, let name = table[0].text else { continue }
                let quoted = SQLText.identifier(name)
                text += "\n\(table[0])\n" + sorted("SELECT \(table[1] == .integer(1) ? "rowid, " : "")* FROM main.\(quoted)")
                guard table[2] == .integer(1) else { continue }
                _ = query("CREATE VIRTUAL TABLE temp.vocabulary\(index) USING fts5vocab(main, \(SQLText.stringLiteral(name)), instance)")
                text += "\nindex\n" + sorted("SELECT term, doc, col, offset FROM temp.vocabulary\(index)")
            }
            return text
        } ?? ""
    }
}

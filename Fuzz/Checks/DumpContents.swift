import RQLLanguage

/// What a database holds, as text to compare: its schema (each object's
/// type, names and SQL), the rows of each table, virtual table and view,
/// each value as `quote()` and `hex()` give it (its type, a real's exact
/// value, text's every byte), with the rowid where the table has one, and
/// the index entries of each FTS5 table (its `fts5vocab` instances: term,
/// row, column, offset), sorted. Shadow tables are left out: an FTS5 index
/// rebuilt from the same rows holds the same entries in other pages.
enum DumpContents {
    static func text(of database: FuzzDatabaseFile) -> String {
        database.reading(text)
    }

    private static func text(_ rows: (String) -> String) -> String {
        // Each table, view and virtual table: its name, whether it has a rowid, whether it is FTS5, its columns.
        let tables = rows("""
            SELECT hex(l.name), l.type = 'virtual' OR (l.type = 'table' AND l.wr = 0),
              coalesce(m.sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%', 0),
              (SELECT group_concat(hex(name), ',') FROM
                (SELECT name FROM pragma_table_xinfo(l.name, 'main') WHERE hidden <> 1 ORDER BY cid))
            FROM pragma_table_list AS l JOIN main.sqlite_schema AS m ON m.name = l.name
            WHERE l.schema = 'main' AND l.type IN ('table', 'virtual', 'view') ORDER BY 1;
            """).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count == 4 }
        var selects = ["SELECT 'schema' AS t, type || '|' || quote(name) || hex(name) || '|' || quote(tbl_name) || hex(tbl_name) || '|' "
                       + "|| quote(sql) || hex(sql) AS r FROM main.sqlite_schema"]
        for (index, table) in tables.enumerated() {
            let name = unhex(table[0])
            let columns = table[3].split(separator: ",").map { SQLText.identifier(unhex(String($0))) }
            let values = (table[1] == "1" ? ["rowid"] : []) + columns
            let row = values.isEmpty ? "''" : values.map { "quote(\($0))||hex(\($0))" }.joined(separator: "||'|'||")
            selects.append("SELECT '\(table[0])', \(row) FROM main.\(SQLText.identifier(name))")
            if table[2] == "1" {
                _ = rows("CREATE VIRTUAL TABLE temp.vocabulary\(index) USING fts5vocab(main, \(SQLText.stringLiteral(name)), instance);")
                selects.append("SELECT 'index \(table[0])', hex(term)||'|'||doc||'|'||hex(col)||'|'||quote(offset) FROM temp.vocabulary\(index)")
            }
        }
        return rows(selects.joined(separator: "\nUNION ALL ") + "\nORDER BY 1, 2;")
    }

    private static func unhex(_ hex: String) -> String {
        let digits = Array(hex)
        let bytes = stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

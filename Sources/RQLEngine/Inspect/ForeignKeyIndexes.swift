import GRDB
import GRDBSQLite
import RQLLanguage
import RQLValues

/// `.lint fkey-indexes`: the foreign keys whose child columns no index
/// starts with, in the collation the parent's columns compare with.
/// Deleting or updating a parent row then scans the whole child table to
/// find the rows that refer to it.
struct ForeignKeyWithoutIndex: Equatable {
    var table: String
    var columns: [String]
    var parent: String
    var parentColumns: [String]
    /// The collation of each parent column, which the index must use.
    var collations: [String]

    /// The index that would serve it, named after its table and columns.
    var fix: String {
        let name = ([table] + columns).joined(separator: "_")
        return "CREATE INDEX \(SQLText.identifier(name)) ON \(SQLText.identifier(table)) ("
            + zip(columns, collations).map { column, collation in
                SQLText.identifier(column) + (collation.uppercased() == "BINARY" ? "" : " COLLATE " + collation)
            }.joined(separator: ", ") + ");"
    }

    /// The collation a column of `table` compares with (`BINARY` unless declared).
    private static func collation(of column: String, in table: String, _ db: Database) -> String {
        var type: UnsafePointer<CChar>?
        var collation: UnsafePointer<CChar>?
        let code = sqlite3_table_column_metadata(db.sqliteConnection, "main", table, column, &type, &collation, nil, nil, nil)
        guard code == SQLITE_OK, let collation else { return "BINARY" }
        return String(cString: collation)
    }

    static func find(in db: Database) throws -> [ForeignKeyWithoutIndex] {
        var found: [ForeignKeyWithoutIndex] = []
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
        for table in tables {
            let keys = try Row.fetchAll(db, sql: """
                SELECT id, "table" AS parent, "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq
                """, arguments: [table])
            guard !keys.isEmpty else { continue }
            // Each index's leading columns with their collations, and the
            // rowid's alias, which is an index of its own.
            var indexed: [[String]] = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?)", arguments: [table])
                .map { index in
                    try Row.fetchAll(db, sql: "SELECT name, coll FROM pragma_index_xinfo(?) WHERE key ORDER BY seqno", arguments: [index])
                        .map { ($0["name"] as String? ?? "").lowercased() + " " + ($0["coll"] as String? ?? "binary").lowercased() }
                }
            let primaryKey = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", arguments: [table])
            if primaryKey.count == 1, (primaryKey[0]["type"] as String? ?? "").uppercased() == "INTEGER" {
                indexed.append([(primaryKey[0]["name"] as String).lowercased() + " binary"])
            }
            for id in Set(keys.map { $0["id"] as Int }).sorted() {
                let parts = keys.filter { $0["id"] as Int == id }
                let columns: [String] = parts.map { $0["from"] }
                let parent: String = parts[0]["parent"]
                var parentColumns = parts.map { $0["to"] as String? ?? "" }
                if parentColumns.contains("") {
                    parentColumns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
                                                        arguments: [parent])
                }
                // A child column is looked up in the collation its parent column compares with.
                let wanted = Set(zip(columns, parentColumns).map { column, parentColumn in
                    column.lowercased() + " " + collation(of: parentColumn, in: parent, db).lowercased()
                })
                let served = indexed.contains { index in
                    index.count >= columns.count && Set(index.prefix(columns.count)) == wanted
                }
                if !served {
                    found.append(ForeignKeyWithoutIndex(table: table, columns: columns, parent: parent,
                                                        parentColumns: parentColumns,
                                                        collations: zip(columns, parentColumns).map { collation(of: $1, in: parent, db) }))
                }
            }
        }
        return found
    }
}

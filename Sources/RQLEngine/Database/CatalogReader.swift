import GRDB
import GRDBSQLite
import RQLLanguage

/// Reads the DSL's `Catalog` from the open database: tables and views of
/// temp, main and attached databases with their columns and foreign keys, FTS5 tables with their
/// options, the FTS5 tables triggers keep in sync, and SQLite's functions.
/// An object SQLite cannot read (a view of a dropped table) is left out.
enum CatalogReader {
    static func read(_ db: Database) throws -> Catalog {
        // One read transaction for all the statements: the file is locked
        // and unlocked once, not once a statement.
        guard !db.isInsideTransaction else { return try readObjects(db) }
        try db.execute(sql: "BEGIN DEFERRED")
        defer { try? db.execute(sql: "COMMIT") }
        return try readObjects(db)
    }

    private static func readObjects(_ db: Database) throws -> Catalog {
        let listed = try Row.fetchAll(db, sql: """
            SELECT l.schema, l.name, l.type, l.wr FROM pragma_table_list AS l
            JOIN pragma_database_list AS d ON d.name = l.schema
            WHERE l.type IN ('table', 'view', 'virtual') AND l.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY l.schema <> 'temp', l.schema <> 'main', d.seq
            """)
        // One pass over each schema's sqlite_master, and statements prepared
        // once for every table: reading stays linear in the number of tables.
        var declarations: [String: [String: String]] = [:]
        var uniqueKeys: [String: [String: [[String]]]] = [:]
        for schema in Set(listed.map { $0["schema"] as String }) {
            uniqueKeys[schema] = try readUniqueKeys(in: schema, db)
            let rows = try Row.fetchAll(db, sql: """
                SELECT name, sql FROM \(SQLText.identifier(schema)).sqlite_master WHERE type IN ('table', 'view')
                """)
            declarations[schema] = Dictionary(rows.map { ($0["name"] as String, $0["sql"] as String? ?? "") },
                                              uniquingKeysWith: { first, _ in first })
        }
        let columnList = try db.cachedStatement(sql: "SELECT name, type, \"notnull\", pk, hidden FROM pragma_table_xinfo(?, ?)")
        let keyList = try db.cachedStatement(sql: """
            SELECT id, "table", "from", "to", on_delete, on_update FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq
            """)
        var tables: [Catalog.Table] = []
        var ftsNames: Set<String> = []
        for row in listed {
            let schema: String = row["schema"]
            let name: String = row["name"]
            let type: String = row["type"]
            let sql = declarations[schema]?[name] ?? ""
            let fts = type == "virtual" ? FTSDeclaration.parse(sql) : nil
            if type == "virtual", fts == nil { continue }
            // A view whose tables are gone cannot be read: the catalog leaves it out
            // rather than fail every query (`.views` says what is wrong with it).
            guard let columnRows = try? Row.fetchAll(columnList, arguments: [name, schema]) else { continue }
            let columns = columnRows
                .filter { ($0["hidden"] as Int? ?? 0) != 1 }
                .map { column in
                    Catalog.Column(name: column["name"], type: column["type"] ?? "",
                                   isNotNull: column["notnull"] == 1, isPrimaryKey: (column["pk"] as Int? ?? 0) > 0,
                                   collation: type == "table" ? collation(of: column["name"], in: name, schema: schema, db) : nil)
                }
            var keys: [Int: Catalog.ForeignKey] = [:]
            if type == "table" {
                for key in try Row.fetchAll(keyList, arguments: [name, schema]) {
                    let id: Int = key["id"]
                    var entry = keys[id] ?? Catalog.ForeignKey(columns: [], table: key["table"], targetColumns: [],
                                                               onDelete: key["on_delete"], onUpdate: key["on_update"])
                    entry.columns.append(key["from"])
                    if let target: String = key["to"] { entry.targetColumns.append(target) }
                    keys[id] = entry
                }
            }
            let kind: Catalog.Kind = type == "view" ? .view : fts.map { $0.module == .fts5 ? .fts5 : .fts4 } ?? .table
            if kind.isFullText { ftsNames.insert(name) }
            var table = Catalog.Table(name: name, kind: kind, columns: columns,
                                      foreignKeys: keys.keys.sorted().compactMap { keys[$0] },
                                      hasRowid: type == "table" ? row["wr"] == 0 : kind.isFullText,
                                      contentTable: fts?.contentTable, contentRowid: fts?.options["content_rowid"])
            table.schema = schema
            if type == "table" { table.uniqueKeys = uniqueKeys[schema]?[name] ?? [] }
            tables.append(table)
        }
        var functions: [String: Catalog.FunctionKind] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_function_list") {
            let name: String = row["name"]
            let type: String = row["type"]
            let kind: Catalog.FunctionKind = type == "s" ? .scalar
                : Catalog.windowOnlyFunctions.contains(name.lowercased()) ? .window : .aggregate
            if functions[name.lowercased()] != .aggregate { functions[name.lowercased()] = kind }
        }
        // An unqualified name means the table of temp, then main, then the
        // attached databases in the order they were attached, as in SQLite.
        let byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let links = try searchLinks(db, tables: byName, ftsNames: ftsNames)
        return Catalog(tables: tables, searchLinks: links, functions: functions)
    }

    /// A table column's declared collation when it is not BINARY (NOCASE,
    /// RTRIM or one an application defines).
    private static func collation(of column: String, in table: String, schema: String, _ db: Database) -> String? {
        var collation: UnsafePointer<CChar>?
        guard sqlite3_table_column_metadata(db.sqliteConnection, schema, table, column, nil, &collation, nil, nil, nil)
                == SQLITE_OK, let collation else { return nil }
        let name = String(cString: collation)
        return name.uppercased() == "BINARY" ? nil : name
    }

    /// The columns of each UNIQUE or PRIMARY KEY constraint of the tables
    /// of `schema` (the indexes SQLite makes for them, which compare with the
    /// columns' own collations), by table; an index on an expression has
    /// none to give. One statement for all the tables: a statement a table
    /// made the first DSL command on 4,000 tables three times as slow.
    private static func readUniqueKeys(in schema: String, _ db: Database) throws -> [String: [[String]]] {
        let quoted = SQLText.stringLiteral(schema)
        let rows = try Row.fetchAll(db, sql: """
            SELECT m.name AS tableName, l.name AS indexName, i.name AS columnName
            FROM \(SQLText.identifier(schema)).sqlite_master AS m, pragma_index_list(m.name, \(quoted)) AS l,
              pragma_index_info(l.name, \(quoted)) AS i
            WHERE m.type = 'table' AND l."unique" AND NOT l.partial AND l.origin IN ('u', 'pk')
            ORDER BY m.name, l.name, i.seqno
            """)
        var columns: [String: [String: [String?]]] = [:]
        for row in rows {
            let table: String = row["tableName"]
            let index: String = row["indexName"]
            columns[table, default: [:]][index, default: []].append(row["columnName"])
        }
        return columns.mapValues { indexes in
            indexes.values.compactMap { names in names.contains(nil) ? nil : names.compactMap { $0 } }
        }
    }

    /// FTS5 and FTS4 tables that triggers keep in sync: an `INSERT INTO fts
    /// (…) VALUES (…)` (or `SELECT …` of the new row) in a trigger on table
    /// T, writing `new.rowid` (or T's primary key) into the FTS rowid or into
    /// one of its columns.
    private static func searchLinks(_ db: Database, tables: [String: Catalog.Table],
                                    ftsNames: Set<String>) throws -> [Catalog.SearchLink] {
        guard !ftsNames.isEmpty else { return [] }
        var links: [Catalog.SearchLink] = []
        for trigger in try Schema.objects(db, type: "trigger") {
            guard let table = tables[trigger.table], table.kind == .table,
                  let definition = TriggerDefinition.parse(trigger.sql) else { continue }
            for statement in definition.body {
                guard let insert = TriggerInsert.read(statement, on: table), ftsNames.contains(insert.table),
                      let key = insert.searchKey(on: table),
                      !links.contains(where: { $0.table == table.name && $0.ftsTable == insert.table }) else { continue }
                links.append(Catalog.SearchLink(table: table.name, ftsTable: insert.table, key: key))
            }
        }
        return links
    }
}

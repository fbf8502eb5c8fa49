import GRDB
import GRDBSQLite
import RQLLanguage
import RQLValues

/// Reads the DSL's `Catalog` from the open database: tables and views of
/// temp, main and attached databases with their columns and foreign keys, FTS5 tables with their
/// options, and the FTS5 tables triggers keep in sync; and, apart, the
/// connection's functions. An object SQLite cannot read (a view of a
/// dropped table) is left out.
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
        // Temp first, then main, then the attached databases in the order
        // they were attached: an unqualified name means the first table of
        // that name, as in SQLite. The order is kept here, not by the
        // statement, whose join and sort would cost more than all the rest.
        let attached = try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq")
        let schemas = ["temp", "main"].filter(attached.contains) + attached.filter { $0 != "temp" && $0 != "main" }
        var listedBySchema: [String: [Row]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT schema, name, type, wr FROM pragma_table_list
            WHERE type IN ('table', 'view', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """) {
            listedBySchema[row[0], default: []].append(row)
        }
        let listed = schemas.flatMap { listedBySchema[$0] ?? [] }
        // One pass over each schema's sqlite_master, and one statement for
        // the columns (and one for the foreign keys) of all its tables:
        // reading stays linear in the number of tables, with no cost a table.
        var declarations: [String: [String: Declaration]] = [:]
        var indexes: [String: [String: Indexes]] = [:]
        var columnsBySchema: [String: [String: [ColumnRow]]] = [:]
        var keysBySchema: [String: [String: [Catalog.ForeignKey]]] = [:]
        for schema in Set(listed.map { $0[0] as String }) {
            indexes[schema] = try readIndexes(in: schema, db)
            columnsBySchema[schema] = try? readColumns(in: schema, db)
            keysBySchema[schema] = try? readForeignKeys(in: schema, db)
            // A column has a collation of its own only where the table's SQL
            // says COLLATE, in any case (`instr`, which no pragma changes).
            let rows = try Row.fetchAll(db, sql: """
                SELECT name, sql, type = 'table' AND instr(lower(sql), 'collate') > 0
                FROM \(SQLText.identifier(schema)).sqlite_master WHERE type IN ('table', 'view')
                """)
            declarations[schema] = Dictionary(rows.map { ($0[0] as String, Declaration(sql: $0[1] ?? "", declaresCollations: $0[2] as Bool? ?? false)) },
                                              uniquingKeysWith: { first, _ in first })
        }
        var tables: [Catalog.Table] = []
        var ftsNames: Set<String> = []
        for row in listed {
            let schema: String = row[0]
            let name: String = row[1]
            let type: String = row[2]
            let declaration = declarations[schema]?[name] ?? Declaration(sql: "", declaresCollations: false)
            let sql = declaration.sql
            let fts = type == "virtual" ? FTSDeclaration.parse(sql) : nil
            if type == "virtual", fts == nil { continue }
            // A view whose tables are gone cannot be read: the catalog leaves it out
            // rather than fail every query (`.views` says what is wrong with it).
            guard let columnRows = columnsBySchema[schema].map({ $0[name] ?? [] })
                    ?? (try? readColumns(of: name, in: schema, db)), !columnRows.isEmpty else { continue }
            let columns = columnRows
                .filter { $0.hidden != 1 }
                .map { column in
                    Catalog.Column(name: column.name, type: column.type, isNotNull: column.isNotNull,
                                   isPrimaryKey: column.isPrimaryKey,
                                   collation: declaration.declaresCollations ? collation(of: column.name, in: name, schema: schema, db) : nil)
                }
            let keys = type != "table" ? []
                : try keysBySchema[schema].map { $0[name] ?? [] } ?? readForeignKeys(of: name, in: schema, db)
            let kind: Catalog.Kind = type == "view" ? .view : fts.map { $0.module == .fts5 ? .fts5 : .fts4 } ?? .table
            if kind.isFullText { ftsNames.insert(name) }
            var table = Catalog.Table(name: name, kind: kind, columns: columns, foreignKeys: keys,
                                      hasRowid: type == "table" ? row[3] == 0 : kind.isFullText,
                                      contentTable: fts?.contentTable, contentRowid: fts?.options["content_rowid"])
            table.schema = schema
            if type == "table", let found = indexes[schema]?[name] {
                table.uniqueKeys = found.uniqueKeys
                table.indexLeads = found.leads
            }
            tables.append(table)
        }
        let byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let links = try searchLinks(db, tables: byName, ftsNames: ftsNames)
        return Catalog(tables: tables, searchLinks: links)
    }

    /// Every function the connection has, by name lowercased: an aggregate
    /// where any of its forms is one. Read apart from the tables, and only
    /// when a command looks a function up: listing them costs more than
    /// reading a dozen tables.
    static func functions(_ db: Database) throws -> [String: Catalog.FunctionKind] {
        var functions: [String: Catalog.FunctionKind] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_function_list") {
            let name = (row[0] as String).lowercased()
            let kind: Catalog.FunctionKind = row[1] == "s" ? .scalar
                : Catalog.windowOnlyFunctions.contains(name) ? .window : .aggregate
            if functions[name] != .aggregate { functions[name] = kind }
        }
        return functions
    }

    /// A table's or view's SQL, and whether it says COLLATE.
    private struct Declaration {
        var sql: String
        var declaresCollations: Bool
    }

    /// One column as `pragma_table_xinfo` gives it.
    private struct ColumnRow {
        var name: String
        var type: String
        var isNotNull: Bool
        var isPrimaryKey: Bool
        /// 0 a column, 1 hidden (a virtual table's), 2 or 3 generated.
        var hidden: Int

        init(_ row: Row, from first: Int) {
            name = row[first]
            type = row[first + 1] ?? ""
            isNotNull = row[first + 2] == 1
            isPrimaryKey = (row[first + 3] as Int? ?? 0) > 0
            hidden = row[first + 4] ?? 0
        }
    }

    private static let columnItems = #"x.name, x.type, x."notnull", x.pk, x.hidden"#

    /// The columns of every table and view of `schema`, by name, read by one
    /// statement. It fails as a whole when one view cannot be read (its
    /// tables are gone): the reader then asks table by table.
    private static func readColumns(in schema: String, _ db: Database) throws -> [String: [ColumnRow]] {
        var columns: [String: [ColumnRow]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT m.name, \(columnItems) FROM \(SQLText.identifier(schema)).sqlite_master AS m,
              pragma_table_xinfo(m.name, \(SQLText.stringLiteral(schema))) AS x
            WHERE m.type IN ('table', 'view')
            """)
        while let row = try rows.next() { columns[row[0], default: []].append(ColumnRow(row, from: 1)) }
        return columns
    }

    private static func readColumns(of table: String, in schema: String, _ db: Database) throws -> [ColumnRow] {
        try Row.fetchAll(db, sql: "SELECT \(columnItems) FROM pragma_table_xinfo(?, ?) AS x", arguments: [table, schema])
            .map { ColumnRow($0, from: 0) }
    }

    private static let foreignKeyItems = #"f.id, f."table", f."from", f."to", f.on_delete, f.on_update"#

    /// The foreign keys of every table of `schema`, by table, read by one
    /// statement, which asks only tables whose SQL says REFERENCES (a
    /// foreign key cannot be declared without it). The test is `instr`, not
    /// LIKE, which `PRAGMA case_sensitive_like` would make miss `REFERENCES`.
    private static func readForeignKeys(in schema: String, _ db: Database) throws -> [String: [Catalog.ForeignKey]] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT m.name, \(foreignKeyItems) FROM \(SQLText.identifier(schema)).sqlite_master AS m,
              pragma_foreign_key_list(m.name, \(SQLText.stringLiteral(schema))) AS f
            WHERE m.type = 'table' AND instr(lower(m.sql), 'references') > 0 ORDER BY m.name, f.id, f.seq
            """)
        return Dictionary(grouping: rows, by: { $0[0] as String }).mapValues { foreignKeys($0, from: 1) }
    }

    private static func readForeignKeys(of table: String, in schema: String, _ db: Database) throws -> [Catalog.ForeignKey] {
        foreignKeys(try Row.fetchAll(db, sql: "SELECT \(foreignKeyItems) FROM pragma_foreign_key_list(?, ?) AS f ORDER BY f.id, f.seq",
                                     arguments: [table, schema]), from: 0)
    }

    /// One table's foreign keys from its rows of `pragma_foreign_key_list`,
    /// ordered by key and column: the rows of one key are consecutive.
    private static func foreignKeys(_ rows: [Row], from first: Int) -> [Catalog.ForeignKey] {
        var keys: [Catalog.ForeignKey] = []
        var lastID: Int?
        for key in rows {
            let id: Int = key[first]
            if id != lastID {
                keys.append(Catalog.ForeignKey(columns: [], table: key[first + 1], targetColumns: [],
                                               onDelete: key[first + 4], onUpdate: key[first + 5]))
                lastID = id
            }
            keys[keys.count - 1].columns.append(key[first + 2])
            if let target: String = key[first + 3] { keys[keys.count - 1].targetColumns.append(target) }
        }
        return keys
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

    /// What a table's indexes give the catalog.
    private struct Indexes {
        /// The columns of each UNIQUE or PRIMARY KEY constraint (the
        /// indexes SQLite makes for them, which compare with the columns'
        /// own collations, listed with no SQL).
        var uniqueKeys: [[String]] = []
        /// The first column of each index that is not partial, with the
        /// index's collation for it.
        var leads: [String: Set<String>] = [:]
    }

    /// The indexes of the tables of `schema`, by table, read by one
    /// statement (a statement a table made the first DSL command on 4,000
    /// tables three times as slow). An index on an expression gives no
    /// unique key; one whose first column is an expression, no lead; a
    /// partial one (its SQL says WHERE, in any case), no lead.
    private static func readIndexes(in schema: String, _ db: Database) throws -> [String: Indexes] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT m.tbl_name, m.name, m.sql IS NULL, ifnull(instr(lower(m.sql), 'where'), 0) = 0, x.seqno, x.name, x.coll
            FROM \(SQLText.identifier(schema)).sqlite_master AS m,
              pragma_index_xinfo(m.name, \(SQLText.stringLiteral(schema))) AS x
            WHERE m.type = 'index' AND x.key ORDER BY m.tbl_name, m.name, x.seqno
            """)
        var tables: [String: Indexes] = [:]
        var constraint: (table: String, index: String, columns: [String?])?
        func endConstraint() {
            if let constraint, !constraint.columns.contains(nil) {
                tables[constraint.table, default: Indexes()].uniqueKeys.append(constraint.columns.compactMap { $0 })
            }
            constraint = nil
        }
        for row in rows {
            let table: String = row[0]
            let index: String = row[1]
            let column: String? = row[5]
            if constraint.map({ $0.table != table || $0.index != index }) ?? false { endConstraint() }
            if row[2] as Bool {
                if constraint == nil { constraint = (table, index, []) }
                constraint?.columns.append(column)
            }
            if row[4] == 0, row[3] as Bool, let column {
                tables[table, default: Indexes()].leads[column, default: []].insert((row[6] as String? ?? "BINARY").uppercased())
            }
        }
        endConstraint()
        return tables
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

/// What the DSL compiler knows of a database: its tables and views, their
/// columns and keys, its FTS5 tables and the functions it can call. The
/// engine reads it from SQLite; the compiler never touches a connection.
public struct Catalog: Sendable {
    public struct Column: Sendable, Equatable {
        public var name: String
        public var type: String
        public var isNotNull: Bool
        public var isPrimaryKey: Bool
        /// Its declared collation, when it is not BINARY.
        public var collation: String?

        public init(name: String, type: String = "", isNotNull: Bool = false, isPrimaryKey: Bool = false,
                    collation: String? = nil) {
            self.name = name
            self.type = type
            self.isNotNull = isNotNull
            self.isPrimaryKey = isPrimaryKey
            self.collation = collation
        }

        /// The affinity SQLite gives a column of its declared type (the
        /// rules of "Datatypes In SQLite", 3.1, in their order).
        public var affinity: Affinity {
            let type = self.type.uppercased()
            if type.contains("INT") { return .integer }
            if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
            if type.isEmpty || type.contains("BLOB") { return .blob }
            if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .real }
            return .numeric
        }
    }

    public enum Affinity: Sendable, Equatable {
        case integer, text, blob, real, numeric

        public var isNumeric: Bool { self == .integer || self == .real || self == .numeric }
    }

    public struct ForeignKey: Sendable, Equatable {
        public var columns: [String]
        public var table: String
        /// Empty when the key names the target's primary key implicitly.
        public var targetColumns: [String]
        /// `ON DELETE` and `ON UPDATE` actions as SQLite lists them (`NO ACTION`, `CASCADE`, …).
        public var onDelete: String
        public var onUpdate: String

        public init(columns: [String], table: String, targetColumns: [String], onDelete: String = "NO ACTION",
                    onUpdate: String = "NO ACTION") {
            self.columns = columns
            self.table = table
            self.targetColumns = targetColumns
            self.onDelete = onDelete
            self.onUpdate = onUpdate
        }
    }

    public enum Kind: Sendable, Equatable {
        case table, view, fts5, fts4

        /// An FTS5 or FTS4 table: one `search` can read and `MATCH` queries.
        public var isFullText: Bool { self == .fts5 || self == .fts4 }
    }

    /// How an FTS5 table's rows point at the rows of the table it indexes:
    /// its `fts` column (or `rowid`) holds the source's `source` column (or
    /// `rowid`).
    public struct SearchKey: Sendable, Equatable {
        public var fts: String
        public var source: String

        public init(fts: String, source: String) {
            self.fts = fts
            self.source = source
        }

        public static let rowid = SearchKey(fts: "rowid", source: "rowid")
    }

    public struct Table: Sendable {
        public var name: String
        public var kind: Kind
        public var columns: [Column]
        public var foreignKeys: [ForeignKey]
        public var hasRowid: Bool
        /// For an FTS5 table: the `content=` table, when it has one.
        public var contentTable: String?
        /// For an FTS5 table with `content=`: its `content_rowid=` column.
        public var contentRowid: String?
        /// The database it is in: `main`, `temp` or an attached one's name.
        public var schema = "main"
        /// The column sets of its UNIQUE constraints and unique indexes
        /// (whole-table, on columns, not expressions), primary key included.
        public var uniqueKeys: [[String]] = []
        /// The columns whole-table indexes start with, each with the
        /// collations (uppercased) of those indexes: what SQLite can look
        /// rows up by with `column = value`.
        public var indexLeads: [String: Set<String>] = [:]

        public init(name: String, kind: Kind = .table, columns: [Column], foreignKeys: [ForeignKey] = [],
                    hasRowid: Bool = true, contentTable: String? = nil, contentRowid: String? = nil) {
            self.name = name
            self.kind = kind
            self.columns = columns
            self.foreignKeys = foreignKeys
            self.hasRowid = hasRowid
            self.contentTable = contentTable
            self.contentRowid = contentRowid
        }

        public var primaryKey: [String] { columns.filter(\.isPrimaryKey).map(\.name) }

        /// Whether no two rows hold equal values in all of `columns`: they
        /// include a unique key, or are the rowid. (NULLs may repeat in a
        /// unique key, but NULL equals nothing.)
        public func isUnique(_ columns: [String]) -> Bool {
            let set = Set(columns)
            if hasRowid, kind == .table, columns.contains(where: { $0.lowercased() == "rowid" && column($0) == nil }) { return true }
            if let alias = rowidAlias, set.contains(alias) { return true }
            return ([primaryKey] + uniqueKeys).contains { !$0.isEmpty && set.isSuperset(of: $0) }
        }

        /// Whether SQLite finds the rows whose `column` equals a value
        /// compared with `collation` (nil: BINARY) through an index, or the
        /// rowid, rather than by reading every row.
        public func canLookUp(_ column: String, collation: String?) -> Bool {
            if column == rowidAlias { return true }
            return indexLeads[column]?.contains(collation?.uppercased() ?? "BINARY") ?? false
        }

        /// The INTEGER PRIMARY KEY column, which is the rowid.
        public var rowidAlias: String? {
            guard hasRowid, kind == .table, primaryKey.count == 1, let key = primaryKey.first,
                  column(key)?.type.uppercased() == "INTEGER" else { return nil }
            return key
        }

        public func column(_ name: String) -> Column? { columns.first { $0.name == name } }

        public var columnNames: [String] { columns.map(\.name) }
    }

    /// An FTS5 table kept in sync with a table by triggers.
    public struct SearchLink: Sendable, Equatable {
        public var table: String
        public var ftsTable: String
        public var key: SearchKey

        public init(table: String, ftsTable: String, key: SearchKey) {
            self.table = table
            self.ftsTable = ftsTable
            self.key = key
        }
    }

    /// The tables an unqualified name means, by name.
    public private(set) var tables: [String: Table] = [:]
    /// The tables of temp and attached databases by `schema.name`, lowercased.
    private var qualifiedTables: [String: Table] = [:]
    /// Each database's tables by name: where a relationship of one of its
    /// tables leads (SQLite's foreign keys name tables of their own database).
    private var tablesBySchema: [String: [String: Table]] = [:]
    /// Each database's relationships by table name.
    private var relationshipsBySchema: [String: [String: [Relationship]]] = [:]
    /// Lowercased table name → the table's name as written.
    private var lowercasedNames: [String: String] = [:]
    public var searchLinks: [SearchLink]

    /// What a function is, by its name lowercased (`DSL.FunctionList`).
    public enum FunctionKind: Sendable, Equatable { case scalar, aggregate, window }

    public init(tables: [Table] = [], searchLinks: [SearchLink] = []) {
        self.searchLinks = searchLinks
        // The first table of a name is the one an unqualified name means.
        for table in tables where self.tables[table.name] == nil {
            self.tables[table.name] = table
            lowercasedNames[table.name.lowercased()] = table.name
        }
        // A table of another database is also found by its qualified name
        // (`emp.employees`), even where an unqualified name means another one.
        for table in tables where table.schema != "main" {
            qualifiedTables[(table.schema + "." + table.name).lowercased()] = table
        }
        for table in tables where tablesBySchema[table.schema]?[table.name] == nil {
            tablesBySchema[table.schema, default: [:]][table.name] = table
        }
        for (schema, schemaTables) in tablesBySchema {
            relationshipsBySchema[schema] = Relationship.derive(from: schemaTables)
        }
    }

    /// The relationships `table`'s foreign keys (and those pointing at it)
    /// give it, to tables of its own database.
    public func relationships(of table: Table) -> [Relationship] {
        relationshipsBySchema[table.schema]?[table.name] ?? []
    }

    /// The table of database `schema` called `name` (in any case): where a
    /// relationship of a table of that database leads.
    public func table(named name: String, in schema: String) -> Table? {
        guard let tables = tablesBySchema[schema] else { return nil }
        return tables[name] ?? tables.values.first { $0.name.lowercased() == name.lowercased() }
    }

    /// `table` as a FROM or JOIN item: named with its database where an
    /// unqualified name would find another database's table of that name.
    func source(_ table: Table, alias: String) -> SQLSource {
        guard let found = lowercasedNames[table.name.lowercased()].flatMap({ tables[$0] }), found.schema != table.schema else {
            return .table(table.name, schema: nil, alias: alias)
        }
        return .table(table.name, schema: table.schema, alias: alias)
    }

    /// The table called `name`: exactly, in any case (SQL names are
    /// case-insensitive), or by its StructuredQueries type name
    /// (`RemindersList` → `remindersLists`).
    public func table(named name: String) -> Table? {
        if let table = tables[name] { return table }
        if name.contains("."), let table = qualifiedTables[name.lowercased()] { return table }
        if let exact = lowercasedNames[name.lowercased()] { return tables[exact] }
        guard let first = name.first, first.isUppercase else { return nil }
        let lowered = first.lowercased() + name.dropFirst()
        for plural in Catalog.plurals(of: lowered) {
            if let exact = lowercasedNames[plural.lowercased()] { return tables[exact] }
        }
        return nil
    }

    static func plurals(of name: String) -> [String] {
        var forms = [name + "s"]
        if name.hasSuffix("s") || name.hasSuffix("x") || name.hasSuffix("ch") || name.hasSuffix("sh") {
            forms.append(name + "es")
        }
        if name.hasSuffix("y") { forms.append(name.dropLast() + "ies") }
        return forms
    }

    public var tableNames: [String] { tables.keys.sorted() }

    /// Every name a table is found by, for suggestions: its own, and
    /// `schema.name` for those of temp and attached databases.
    public var allTableNames: [String] {
        tableNames + qualifiedTables.values.map { $0.schema + "." + $0.name }.sorted()
    }

    /// Window functions that are not aggregates (SQLite lists them with the
    /// aggregates that can also run as windows).
    public static let windowOnlyFunctions: Set<String> = [
        "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value",
        "last_value", "nth_value",
    ]

    /// Functions every SQLite has, for compiling without a connection.
    public static let coreFunctions: [String: FunctionKind] = {
        var functions: [String: FunctionKind] = [:]
        for name in ["abs", "char", "coalesce", "concat", "concat_ws", "date", "datetime", "format", "glob", "hex",
                     "ifnull", "iif", "instr", "julianday", "length", "like", "likely", "lower", "ltrim", "max", "min",
                     "nullif", "printf", "quote", "random", "randomblob", "replace", "round", "rtrim", "sign",
                     "soundex", "strftime", "substr", "substring", "time", "trim", "typeof", "unhex", "unicode",
                     "unixepoch", "upper", "zeroblob", "json", "json_array", "json_extract", "json_object",
                     "json_type", "json_valid", "highlight", "snippet", "bm25", "regexp", "slugify", "uuid"] {
            functions[name] = .scalar
        }
        for name in ["avg", "count", "group_concat", "string_agg", "sum", "total", "json_group_array",
                     "json_group_object", "median", "mode"] {
            functions[name] = .aggregate
        }
        for name in windowOnlyFunctions { functions[name] = .window }
        return functions
    }()
}

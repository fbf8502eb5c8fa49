import RQLValues

/// The query DSL's front door: text in, SQL out.
///
///     var definitions = Definitions()
///     let outcome = try DSL.compile("reminders | where isFlagged | count",
///                                   catalog: catalog, definitions: &definitions)
public enum DSL {
    /// Compiles one DSL command. Definitions (`def`, `enum`, `alias`, `let`)
    /// are checked against the catalog and added to `definitions`.
    /// `parameters` gives the values of `:name`, `$name`, `@name` and `?N`
    /// (by name as written), bound as values; using one not there is an error.
    /// `stops` is asked as compiling goes: true stops it with an interruption.
    /// `lowering` chooses the SQL: rql's own, or the definition's word for word.
    /// `sample`, when given, runs a read-only statement rql writes and gives
    /// its one value: the share of a table's first rows that a condition
    /// keeps, which chooses between two forms that give the same rows.
    /// `functions` gives the functions the connection has; it is asked only
    /// when the command calls one, and at most once.
    public static func compile(_ text: String, catalog: Catalog, definitions: inout Definitions,
                               parameters: [String: SQLValue] = [:], lowering: Lowering = .optimized,
                               functions: @escaping FunctionList = { Catalog.coreFunctions },
                               sample: Sampler? = nil,
                               stops: @escaping () -> Bool = { false }) throws(DSLError) -> Outcome {
        if let typo = sqlKeywordTypo(in: text, catalog: catalog, definitions: definitions) { throw typo }
        let statement = try Parser.parse(text)
        let compiler = Compiler(catalog: catalog, definitions: definitions, parameters: parameters, lowering: lowering,
                                functions: functions, sample: sample, stops: stops)
        switch statement {
        case .query(let query):
            return .query(try compiler.compileStatement(query))
        case .insert(let source, let assignments, let upsert, let returning):
            return .query(try compiler.compileInsert(into: source, assignments, upsert: upsert, returning: returning))
        default:
            try compiler.define(statement, text: text, in: &definitions)
            return .defined
        }
    }

    /// `selec 1`: input whose first word names no table or query and is
    /// closer to an SQL statement's first keyword than to any table, read
    /// as the SQL it almost is rather than as a DSL source.
    static func sqlKeywordTypo(in text: String, catalog: Catalog, definitions: Definitions) -> DSLError? {
        // Most queries start with a table: that is settled without lexing the whole text.
        let leading = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.prefix(while: Lexer.isNameContinuation)
        let start = String(decoding: leading, as: UTF8.self)
        if catalog.table(named: start) != nil || definitions.queries[start] != nil { return nil }
        guard let first = Lexer.tokensLeniently(text).tokens.first, case .word(let word) = first.kind else { return nil }
        let lowered = word.lowercased()
        let sources = catalog.allTableNames + definitions.queries.keys.sorted()
        guard !["def", "enum", "alias", "let", "insert"].contains(lowered),
              !sources.contains(where: { $0.lowercased() == lowered }) else { return nil }
        let keywords = SQLKeywords.statementStarts.sorted()
        let threshold = max(1, min(2, lowered.count / 3))
        guard let keyword = keywords.min(by: { Suggestions.editDistance(lowered, $0) < Suggestions.editDistance(lowered, $1) }) else { return nil }
        let distance = Suggestions.editDistance(lowered, keyword)
        let nearestSource = sources.map { Suggestions.editDistance(lowered, $0.lowercased()) }.min() ?? Int.max
        guard distance <= threshold, distance < nearestSource else { return nil }
        return DSLError(.sqlKeywordTypo(word, keyword: keyword), at: first.span)
    }

    /// How relationships become SQL. Both give the same rows on every
    /// database (the differential tester checks it); `Compiler/README.md`
    /// says what each construct means and when a faster form is used.
    public enum Lowering: Sendable {
        /// rql's SQL: to-one paths joined, `IN` for `any` and `none`, a
        /// relationship's aggregates sharing one join, wherever the schema
        /// guarantees the same rows as the definition.
        case optimized
        /// The definition word for word: a to-one path is a scalar subquery
        /// of the far row; `any`, `all` and `none` are EXISTS, and an
        /// aggregate a correlated subquery, over the far rows that exist.
        case reference
    }

    /// Runs a one-value SELECT rql wrote; nil when it cannot (an error, a
    /// statement that would write, a locked file).
    public typealias Sampler = (_ sql: String) -> Double?

    /// Every function the connection has, by name lowercased, with its kind.
    public typealias FunctionList = () -> [String: Catalog.FunctionKind]

    public enum Outcome: Sendable {
        case query(CompiledQuery)
        /// A definition was made; it prints nothing.
        case defined
    }
}

/// A DSL query compiled to one SQLite statement.
public struct CompiledQuery: Sendable {
    /// The SQL, with `?N` for each of `values`.
    public var sql: String
    public var values: [SQLValue]
    /// Result column index → the enum defined on that column, for showing
    /// case names beside values.
    public var columnEnums: [Int: [Definitions.EnumCase]]
    public var isMutation: Bool
    /// Whether its rows come in an order it sets (an `order` stage that
    /// ends up the statement's ORDER BY), rather than SQLite's choice.
    public var isOrdered = false
    /// Set when the query updates or deletes every row of its table (no
    /// `where`, `find` or `search` before the stage).
    public var everyRowChange: EveryRowChange?
    /// `chart KIND` at the end: the chart its rows are drawn as.
    public var chart: ChartKind?

    /// The SQL with the values written in as literals, for people to read.
    public var displaySQL: String { SQLText.inlining(values, into: sql) }
}

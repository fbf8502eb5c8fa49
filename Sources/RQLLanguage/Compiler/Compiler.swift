import RQLValues

/// Compiles one DSL statement against a catalog and the session's
/// definitions. A compiler is used once: it collects the bound values, the
/// CTEs of `let` queries and the aliases of the statement it builds.
final class Compiler {
    static let maximumHelperDepth = 32
    /// How deep compiling may go: expressions and queries inside each other,
    /// helpers expanded. Past it a statement is an error, not a stack
    /// overflow (a helper's tree is within the parser's limit, and helpers
    /// used inside helpers add up).
    static let maximumDepth = 160

    let catalog: Catalog
    let definitions: Definitions
    /// The values of `:name`, `$name`, `@name` and `?N` parameters, by name as written.
    let parameters: [String: SQLValue]
    let lowering: DSL.Lowering
    /// The functions SQLite has, asked for when a name is first looked up.
    private let listFunctions: DSL.FunctionList
    private(set) lazy var functions = listFunctions()
    /// Measures how many of a table's rows a condition keeps, for `any` and `none`.
    let sample: DSL.Sampler?
    /// Asked at each node: true stops compiling (Ctrl-C, a notebook cell's time limit).
    let stops: () -> Bool
    var values: [SQLValue] = []
    private var usedAliases: Set<String> = []
    /// The next number to try after a name, lowercased, so that a long
    /// pipeline nesting the same source again and again finds each new
    /// alias at once.
    private var nextAliasNumber: [String: Int] = [:]
    /// `let` queries used, as CTEs in the order they must be defined.
    var commonTables: [(name: String, query: SQLQuery, columns: [String], table: Catalog.Table?,
                        enums: [String: [Definitions.EnumCase]])] = []
    /// Where each `let` query is in `commonTables`.
    var commonTableIndex: [String: Int] = [:]
    /// Set while checking a definition: a `let` query it reads is taken as
    /// the shape recorded when it was defined, not compiled again.
    var checksDefinition = false
    /// `let` queries being compiled, to refuse one that uses itself.
    var letStack: [String] = []
    /// Helpers being expanded, to refuse one that uses itself.
    var helperStack: [String] = []
    /// The far rows of to-one paths read by scalar subqueries, by the
    /// relation and relationship they start from: one alias for each, so
    /// that a path used twice is the same expression.
    var toOneSubqueries: [String: Relation] = [:]
    /// Every query level built, alive as long as the relations that point back at them.
    var levels: [QueryLevel] = []
    /// Expressions and queries being compiled, inside each other.
    private var depth = 0

    init(catalog: Catalog, definitions: Definitions, parameters: [String: SQLValue] = [:], lowering: DSL.Lowering = .optimized,
         functions: @escaping DSL.FunctionList = { Catalog.coreFunctions }, sample: DSL.Sampler? = nil,
         stops: @escaping () -> Bool = { false }) {
        self.catalog = catalog
        self.definitions = definitions
        self.parameters = parameters
        self.lowering = lowering
        self.listFunctions = functions
        self.sample = sample
        self.stops = stops
    }

    /// The query level `relation` is in.
    func level(of relation: Relation) -> QueryLevel {
        levels[relation.levelID]
    }

    /// Starts compiling one more level inside the others; `leave()` ends it.
    func enter(_ span: SourceSpan) throws(DSLError) {
        if stops() { throw DSLError(.interrupted, at: span) }
        guard depth < Compiler.maximumDepth else { throw DSLError(.expandedTooDeeply(levels: Compiler.maximumDepth), at: span) }
        depth += 1
    }

    func leave() { depth -= 1 }

    /// The placeholder of a bound value: `?N`.
    func bind(_ value: SQLValue) -> SQLNode {
        values.append(value)
        return .bound(values.count)
    }

    /// `name`, or `name_2`, `name_3`… when the statement already uses it.
    func uniqueAlias(_ name: String) -> String {
        var alias = name
        var number = nextAliasNumber[name.lowercased()] ?? 2
        while usedAliases.contains(alias.lowercased()) {
            alias = "\(name)_\(number)"
            number += 1
        }
        nextAliasNumber[name.lowercased()] = number
        usedAliases.insert(alias.lowercased())
        return alias
    }

    /// The charts `chart KIND` draws, by name.
    static let chartKinds = ChartKind.allCases.map(\.rawValue)

    func compileStatement(_ query: Query) throws(DSLError) -> CompiledQuery {
        var query = query
        var chart: ChartKind?
        if let last = query.stages.last, case .chart(let name) = last.kind {
            guard let kind = ChartKind(rawValue: name.text.lowercased()) else {
                let suggestions = Compiler.closest(to: name.text, in: Compiler.chartKinds)
                throw DSLError(.unknownChart(name.text, suggestions: suggestions), at: name.span)
            }
            chart = kind
            query.stages.removeLast()
        }
        var compiled = finish(try compile(query, outer: nil))
        compiled.chart = chart
        return compiled
    }

    /// `insert table set, … [returning …]` as a whole statement.
    func compileInsert(into source: Source, _ assignments: [Assignment], upsert: Upsert?,
                       returning: [SelectItem]?) throws(DSLError) -> CompiledQuery {
        finish(try compileInsertSelect(into: source, assignments, upsert: upsert, returning: returning))
    }

    /// The statement for a compiled query, with the CTEs of the `let` queries it uses.
    private func finish(_ result: CompiledSelect) -> CompiledQuery {
        let sql = SQLStatement.with(commonTables.map { ($0.name, $0.query) }, result.statement.sql)
        var enums: [Int: [Definitions.EnumCase]] = [:]
        for (index, output) in result.outputs.enumerated() {
            if let cases = output.value.enumCases { enums[index] = cases }
        }
        var compiled = CompiledQuery(sql: sql, values: values, columnEnums: enums, isMutation: result.isMutation,
                                     everyRowChange: result.everyRowChange)
        compiled.isOrdered = result.statement.isOrdered
        return compiled
    }

    /// Every name a table could be called by in an error's suggestions.
    var sourceNames: [String] {
        catalog.allTableNames + definitions.queries.keys.sorted()
    }
}

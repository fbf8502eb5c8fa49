/// One `SELECT` being built from pipeline stages. Stages fold into it while
/// the result means the same; otherwise the compiler nests it as the FROM of
/// a new level, and the whole chain renders once, when the query is done.
final class QueryLevel {
    /// What the level reads from.
    enum From {
        /// A table or a `let` query, as SQL: `"reminders" AS "r"`.
        case item(String)
        /// The level before a stage that needed nesting, under an alias.
        case nested(QueryLevel, alias: String)
    }

    enum Item {
        case expression(String)
        /// `*`: every column of the source and of explicit joins.
        case star
    }

    struct Search {
        var ftsTable: Catalog.Table
        var ftsAlias: String
    }

    /// A JOIN clause: `LEFT JOIN` or `JOIN`, then `clause` (`"t" AS "a" ON …`).
    struct Join {
        var isLeft: Bool
        var clause: String
        /// For a to-one path: the alias it joins and the alias it joins from.
        var path: (alias: String, from: String)?

        var text: String { (isLeft ? "LEFT JOIN " : "JOIN ") + clause }
    }

    var from: From
    var joins: [Join] = []
    /// Implicit to-one joins by owner alias and relationship name.
    var pathJoins: [String: Relation] = [:]
    /// Aliases of relations joined with LEFT JOIN: paths from them join LEFT too.
    var optionalAliases: Set<String> = []
    var wheres: [SQLExpression] = []
    var groupBy: [SQLExpression]?
    /// The outer row's key, when a `select` joined a to-many relationship to
    /// share it among its aggregates: one group a row of the level.
    var groupByRow: [String]?
    var havings: [SQLExpression] = []
    var items: [Item]?
    var distinct = false
    var orderBy: [String]?
    var limit: String?
    var offset: String?
    var search: Search?
    /// The source and explicit joins, for `*`.
    var relations: [Relation] = []
    /// Result column names and what they compile to.
    var outputs: [(name: String, value: SQLExpression)] = []
    /// Result columns named with `AS`, which ORDER BY can name.
    var aliasedOutputs: Set<String> = []
    var hasAggregateItems = false
    var isCounted = false
    /// False while compiling the SET and RETURNING of a mutation: a to-one
    /// path becomes a correlated subquery instead of a join.
    var allowsJoins = true
    /// Whether FROM is an earlier query in parentheses or a `let` query, not a table.
    var readsDerivedRows = false

    /// A level belongs to the compiler that builds it: relations point back
    /// at their level without owning it, so the compiler keeps every level
    /// alive until the statement is built.
    init(from: From, owner: Compiler) {
        self.from = from
        owner.levels.append(self)
    }

    /// Set by `group`: the items are its keys until a `select` replaces them.
    var itemsAreGroupKeys = false

    /// Whether a `select` (or `count`) chose the result columns.
    var hasItems: Bool { items != nil && !itemsAreGroupKeys }
    var isGrouped: Bool { groupBy != nil }
    /// What the `group` keys mean, for telling a key from a column outside them.
    var groupKeys: Set<ExpressionIdentity> { Set(groupBy?.compactMap(\.identity) ?? []) }
    var isLimited: Bool { limit != nil || offset != nil }

    /// The SELECT, on one line when short, one clause a line otherwise; a
    /// nested level's lines are indented inside its parentheses. The chain of
    /// nested levels renders without recursion and each level once, in time
    /// linear in the length of the pipeline.
    func render() -> String {
        var chain = [self]
        var aliases: [String] = []
        while let last = chain.last, case .nested(let inner, let alias) = last.from {
            chain.append(inner)
            aliases.append(alias)
        }
        // The levels from `firstShort` on fit on one line, each inside the one before.
        var firstShort = chain.count
        var shortText = ""
        for index in chain.indices.reversed() {
            let level = chain[index]
            let line = ([level.selectClause, level.fromClause(inner: shortText)] + level.laterClauses).joined(separator: " ")
            guard QueryLevel.fitsOnOneLine(line) else { break }
            firstShort = index
            shortText = line
        }
        if firstShort == 0 { return shortText }
        // The others take one clause a line: each level's SELECT and `FROM (`
        // on the way in, `) AS alias` and its later clauses on the way out.
        let deepest = firstShort - 1
        var lines = SQLLines()
        for depth in 0..<deepest {
            lines.append(chain[depth].selectClause, depth: depth)
            lines.append("FROM (", depth: depth)
        }
        let deepestLevel = chain[deepest]
        for clause in [deepestLevel.selectClause, deepestLevel.fromClause(inner: shortText)] + deepestLevel.laterClauses {
            lines.append(clause, depth: deepest)
        }
        for depth in (0..<deepest).reversed() {
            lines.append(") AS " + SQLText.identifier(aliases[depth]), depth: depth)
            for clause in chain[depth].laterClauses { lines.append(clause, depth: depth) }
        }
        return lines.text
    }

    private var selectClause: String {
        let itemTexts: [String]
        if let items {
            itemTexts = items.flatMap { item -> [String] in
                switch item {
                case .expression(let text): return [text]
                case .star: return starTexts
                }
            }
        } else {
            itemTexts = starTexts
        }
        return "SELECT " + (distinct ? "DISTINCT " : "") + itemTexts.joined(separator: ", ")
    }

    /// Makes the LEFT JOIN of a path's relation an inner join, and those of
    /// the path's relations before it: a `where` that rejects a row whose
    /// `alias` is missing keeps only rows where the whole path was found.
    /// SQLite can then start from any table of the path.
    func joinInner(_ alias: String) {
        var next: String? = alias
        while let current = next, let index = joins.firstIndex(where: { $0.path?.alias == current }) {
            joins[index].isLeft = false
            next = joins[index].path?.from
        }
    }

    /// The FROM clause, with `inner` as the text of the nested level when there is one.
    private func fromClause(inner: String) -> String {
        switch from {
        case .item(let item): return "FROM " + item
        case .nested(_, let alias): return "FROM (" + inner + ") AS " + SQLText.identifier(alias)
        }
    }

    /// The clauses after FROM.
    private var laterClauses: [String] {
        var clauses = joins.map(\.text)
        if !wheres.isEmpty { clauses.append("WHERE " + QueryLevel.conjunction(wheres)) }
        if let groupBy { clauses.append("GROUP BY " + groupBy.map(\.text).joined(separator: ", ")) }
        if groupBy == nil, let groupByRow { clauses.append("GROUP BY " + groupByRow.joined(separator: ", ")) }
        if !havings.isEmpty { clauses.append("HAVING " + QueryLevel.conjunction(havings)) }
        if let orderBy { clauses.append("ORDER BY " + orderBy.joined(separator: ", ")) }
        if let limit { clauses.append("LIMIT " + limit) }
        if let offset {
            if limit == nil { clauses.append("LIMIT -1") }
            clauses.append("OFFSET " + offset)
        }
        return clauses
    }

    private var starTexts: [String] {
        if joins.isEmpty { return ["*"] }
        return relations.map { SQLText.identifier($0.sqlAlias) + ".*" }
    }

    static func conjunction(_ terms: [SQLExpression]) -> String {
        terms.map { $0.operand(.and) }.joined(separator: " AND ")
    }

    /// Whether clauses joined into `line` read well on one line.
    static func fitsOnOneLine(_ line: String) -> Bool {
        line.utf8.count <= 80 && !line.utf8.contains(0x0A)
    }

    /// `(` text `)`, indented when it spans lines.
    static func parenthesized(_ text: String) -> String {
        guard text.utf8.contains(0x0A) else { return "(" + text + ")" }
        let indented = text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        return "(\n" + indented + "\n)"
    }
}

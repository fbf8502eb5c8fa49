/// One `SELECT` being built from pipeline stages. Stages fold into it while
/// the result means the same; otherwise the compiler nests it as the FROM of
/// a new level.
final class QueryLevel {
    enum Item {
        case expression(String)
        /// `*`: every column of the source and of explicit joins.
        case star
    }

    struct Search {
        var ftsTable: Catalog.Table
        var ftsAlias: String
    }

    var from: String
    var joins: [String] = []
    /// Implicit to-one joins by owner alias and relationship name.
    var pathJoins: [String: Relation] = [:]
    /// Aliases of relations joined with LEFT JOIN: paths from them join LEFT too.
    var optionalAliases: Set<String> = []
    var wheres: [SQLExpression] = []
    var groupBy: [SQLExpression]?
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

    init(from: String) {
        self.from = from
    }

    /// Set by `group`: the items are its keys until a `select` replaces them.
    var itemsAreGroupKeys = false

    /// Whether a `select` (or `count`) chose the result columns.
    var hasItems: Bool { items != nil && !itemsAreGroupKeys }
    var isGrouped: Bool { groupBy != nil }
    var isLimited: Bool { limit != nil || offset != nil }

    /// The SELECT, on one line when short, one clause a line otherwise.
    func render() -> String {
        var clauses: [String] = []
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
        clauses.append("SELECT " + (distinct ? "DISTINCT " : "") + itemTexts.joined(separator: ", "))
        clauses.append("FROM " + from)
        clauses += joins
        if !wheres.isEmpty { clauses.append("WHERE " + QueryLevel.conjunction(wheres)) }
        if let groupBy { clauses.append("GROUP BY " + groupBy.map(\.text).joined(separator: ", ")) }
        if !havings.isEmpty { clauses.append("HAVING " + QueryLevel.conjunction(havings)) }
        if let orderBy { clauses.append("ORDER BY " + orderBy.joined(separator: ", ")) }
        if let limit { clauses.append("LIMIT " + limit) }
        if let offset {
            if limit == nil { clauses.append("LIMIT -1") }
            clauses.append("OFFSET " + offset)
        }
        return QueryLevel.layout(clauses)
    }

    private var starTexts: [String] {
        if joins.isEmpty { return ["*"] }
        return relations.map { SQLText.identifier($0.sqlAlias) + ".*" }
    }

    static func conjunction(_ terms: [SQLExpression]) -> String {
        terms.map { $0.operand(.and) }.joined(separator: " AND ")
    }

    /// Clauses on one line when that is short, else one a line.
    static func layout(_ clauses: [String]) -> String {
        let oneLine = clauses.joined(separator: " ")
        if oneLine.utf8.count <= 80, !oneLine.contains("\n") { return oneLine }
        return clauses.joined(separator: "\n")
    }

    /// `(` text `)`, indented when it spans lines.
    static func parenthesized(_ text: String) -> String {
        guard text.contains("\n") else { return "(" + text + ")" }
        let indented = text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        return "(\n" + indented + "\n)"
    }
}

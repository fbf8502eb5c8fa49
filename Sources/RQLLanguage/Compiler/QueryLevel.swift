/// One `SELECT` being built from pipeline stages. Stages fold into it while
/// the result means the same; otherwise the compiler nests it as the FROM of
/// a new level; `query` takes the chain as values the printer writes once,
/// when the statement is done.
final class QueryLevel {
    /// What the level reads from.
    enum From {
        /// A table, a `let` query or combined rows.
        case source(SQLSource)
        /// The level before a stage that needed nesting (its `id`), under an alias.
        case nested(Int, alias: String)
        /// Not known yet (a relation is made before its FROM item), or let go.
        case none
    }

    enum Item {
        /// `value [AS "alias"]`.
        case expression(SQLNode, alias: String?)
        /// `*`: every column of the source and of explicit joins.
        case star
        /// `"alias".*`.
        case allOf(String)
    }

    struct Search {
        var ftsTable: Catalog.Table
        var ftsAlias: String
    }

    var from: From
    var joins: [SQLJoin] = []
    /// Implicit to-one joins by owner alias and relationship name.
    var pathJoins: [String: Relation] = [:]
    /// Aliases of relations joined with LEFT JOIN: paths from them join LEFT too.
    var optionalAliases: Set<String> = []
    var wheres: [SQLExpression] = []
    var groupBy: [SQLExpression]?
    /// The outer row's key, when a `select` joined a to-many relationship to
    /// share it among its aggregates: one group a row of the level.
    var groupByRow: [SQLNode]?
    var havings: [SQLExpression] = []
    var items: [Item]?
    var distinct = false
    var orderBy: [SQLOrdering]?
    var limit: SQLNode?
    var offset: SQLNode?
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

    /// Where it is among the levels of the compiler that built it, which
    /// keeps them all: a level and a relation name another level by it,
    /// so that no level owns another and a long pipeline is a flat array.
    let id: Int

    init(from: From, owner: Compiler) {
        self.from = from
        id = owner.levels.count
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

    /// The SELECT as it stands: this level and those it reads, as values
    /// the printer writes. Collected without recursion, in time linear in
    /// the length of the pipeline.
    /// The level and those it reads, found by their ids among `all`.
    func query(in all: [QueryLevel]) -> SQLQuery {
        var levels: [SQLSelect.Level] = []
        var aliases: [String] = []
        var current: QueryLevel? = self
        while let level = current {
            var row = SQLSelect.Level(items: level.resultItems)
            row.distinct = level.distinct
            row.joins = level.joins
            row.wheres = level.wheres.map(\.node)
            row.groupBy = level.groupBy?.map(\.node) ?? level.groupByRow ?? []
            row.havings = level.havings.map(\.node)
            row.orderBy = level.orderBy ?? []
            row.limit = level.limit
            row.offset = level.offset
            current = nil
            switch level.from {
            case .source(let source): row.source = source
            case .nested(let inner, let alias):
                aliases.append(alias)
                current = all[inner]
            case .none: break
            }
            levels.append(row)
        }
        return .select(SQLSelect(levels: levels, aliases: aliases))
    }

    /// The result columns: `*` stands for every column of the source and
    /// of explicit joins.
    private var resultItems: [SQLItem] {
        let star: [SQLItem] = joins.isEmpty ? [.all] : relations.map { .allOf($0.sqlAlias) }
        guard let items else { return star }
        return items.flatMap { item -> [SQLItem] in
            switch item {
            case .expression(let value, let alias): return [.expression(value, alias: alias)]
            case .star: return star
            case .allOf(let alias): return [.allOf(alias)]
            }
        }
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
}

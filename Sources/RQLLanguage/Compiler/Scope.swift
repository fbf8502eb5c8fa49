/// The names an expression can use, innermost first.
final class Scope {
    /// Searched for bare names (`title`).
    let bare: [Relation]
    /// Found by name before a `.` (`r.title`, `reminders.title`, and the
    /// path of a to-many relationship inside its aggregate).
    let named: [String: Relation]
    /// After `select`: the result columns by name, which later stages use.
    let outputs: [String: SQLExpression]?
    /// The enclosing query, for correlated subqueries.
    let outer: Scope?

    init(bare: [Relation], named: [String: Relation], outputs: [String: SQLExpression]? = nil, outer: Scope?) {
        self.bare = bare
        self.named = named
        self.outputs = outputs
        self.outer = outer
    }

    convenience init(_ relation: Relation, outer: Scope?) {
        self.init(bare: [relation], named: [relation.name: relation], outer: outer)
    }

    func with(outputs: [String: SQLExpression]?) -> Scope {
        Scope(bare: bare, named: named, outputs: outputs, outer: outer)
    }

    func adding(_ relation: Relation) -> Scope {
        var named = self.named
        named[relation.name] = relation
        return Scope(bare: bare + [relation], named: named, outputs: outputs, outer: outer)
    }

    func naming(_ path: String, _ relation: Relation) -> Scope {
        var named = self.named
        named[path] = relation
        return Scope(bare: bare, named: named, outputs: outputs, outer: outer)
    }
}

/// Where an expression is being compiled.
struct ExpressionContext {
    var scope: Scope
    /// Inside an aggregate's arguments.
    var inAggregate = false
    /// After `group`: what the keys mean; columns outside them must be aggregated.
    var groupKeys: Set<ExpressionIdentity>? {
        didSet { if groupKeys != nil { tracksIdentity = true } }
    }
    /// Whether to build each expression's `identity`: for `group`'s keys and
    /// what follows them, the only places where one is compared.
    var tracksIdentity = false
    /// The enum cases a bare name may stand for (`status == completing`).
    var enumHint: [Definitions.EnumCase]?
    /// Collects the to-many relationship an aggregate or `any` ranges over.
    var collector: ToManyCollector?
    /// The expression is a condition that keeps a row only when it is true
    /// (a `where`), or an operand of AND or OR there: NULL and false keep
    /// the same rows, so a form that gives NULL for false may be used.
    var onlyTrueKeeps = false
    /// The row it reads may be the one an aggregate over no rows gives,
    /// whose columns are all NULL (a `select` that aggregates without
    /// `group`): a key its table never holds NULL in may be NULL here.
    var rowMayBeMissing = false
    /// In a `select`: the aliases its aggregates give each to-many
    /// relationship, the same for all, so that they can share one join.
    var toManyAliases: ToManyAliases?

    init(_ scope: Scope) {
        self.scope = scope
    }

    /// A leaf's identity where identities are compared; nil elsewhere.
    func identity(_ leaf: @autoclosure () -> ExpressionIdentity) -> ExpressionIdentity? {
        tracksIdentity ? leaf() : nil
    }
}

/// The to-many relationship found while compiling the operand of an
/// aggregate or a quantifier, with the subquery level that reads it.
final class ToManyCollector {
    struct Found {
        var key: String
        /// The relation the relationship starts at.
        var outer: Relation
        /// The related rows, not yet tied to the row they relate to.
        var level: QueryLevel
        var relation: Relation
        /// What ties them: `outer = inner` for each key column (the
        /// referenced key first, whose collation SQLite compares with).
        var links: [(inner: SQLNode, outer: SQLNode)]
        /// Whether every key column on both sides is never NULL, so that
        /// `outer IN (SELECT inner …)` is true exactly when a related row
        /// exists, and false otherwise.
        var keysAreNeverNull: Bool
        /// Whether SQLite looks the related rows up by the one link (an
        /// index or the rowid), so that `EXISTS` reads only the rows of
        /// each outer row rather than all of them for each.
        var innerIsLookedUp = false
        /// What ties them when `links` cannot: the far rows of a junction
        /// that a junction row links to the outer row.
        var correlation: SQLNode?

        /// The level tied to the outer row, as a correlated subquery.
        func correlated() -> QueryLevel {
            let ties = links.map { SQLExpression(.infix($0.outer, .equal, $0.inner)) } + (correlation.map { [SQLExpression($0)] } ?? [])
            level.wheres.insert(contentsOf: ties, at: 0)
            return level
        }
    }

    var found: Found?
}

/// The aliases of the tables a `select` stage's aggregates read, by
/// relationship and table.
final class ToManyAliases {
    var byKey: [String: String] = [:]
}

/// An aggregate over a to-many relationship, as it reads when that
/// relationship is joined into the query (LEFT JOIN, then GROUP BY the outer
/// row) rather than read by a correlated subquery of its own.
struct JoinedAggregate {
    var found: ToManyCollector.Found
    /// `sum("Track"."Milliseconds")`; `count(*)` becomes a count of a key.
    var node: SQLNode
}

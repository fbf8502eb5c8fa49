/// A compiled expression: its SQL, as a tree the printer writes, and what
/// later stages need to know about it.
struct SQLExpression {
    var node: SQLNode
    /// What it means, to tell when two expressions are the same; nil for
    /// one that is never the same as another (a subquery).
    var identity: ExpressionIdentity?
    /// Whether it aggregates the rows of the query it is in.
    var isAggregate = false
    /// Whether it holds a subquery, whose value a statement that changes
    /// the rows it reads may change as it goes: an `update` or `delete`
    /// whose condition holds one finds its rows first.
    var readsRows = false
    /// Whether it calls a window function, which SQL computes after WHERE:
    /// a `where` on it needs the query nested first.
    var isWindow = false
    /// A column used outside any aggregate, for checking `select` after `group`.
    var ungrouped: Name?
    /// The enum defined on the column it reads, when it is a plain column.
    var enumCases: [Definitions.EnumCase]?
    /// The column's name, when it is a plain column.
    var columnName: String?
    /// The collation SQLite finds for it, as it is meant: with every to-one
    /// path in it a joined column. A plain column has its declared one
    /// (BINARY too), which a scalar subquery reading it must say again.
    var collation: FoundCollation?
    /// The collation SQLite finds for its text, where that differs from
    /// `collation`: a path read by a scalar subquery says its column's, and
    /// a COLLATE rql adds to a comparison carries up through what holds it.
    var textCollation: FoundCollation?
    /// For a to-one path read by a scalar subquery, the subquery without the
    /// COLLATE its text says: what an operator that compares nothing takes.
    var bare: SQLNode?
    /// `count(reminders)`, `any reminders`: the rows of a to-many relationship itself.
    var isRowsOfRelationship = false
    /// Aliases of relations whose missing row (a LEFT JOIN that found
    /// nothing) makes the value NULL: a column's own, and those of the
    /// operands of operators that give NULL for NULL.
    var nullWhenMissing: Set<String> = []
    /// Aliases whose missing row makes the value NULL or false, so that a
    /// `where` keeps no row where that relation is missing.
    var rejectsWhenMissing: Set<String> = []
    /// For an aggregate over a to-many relationship, compiled as a correlated
    /// subquery: the form it takes when the relationship is joined instead.
    var joinedAggregate: JoinedAggregate?

    init(_ node: SQLNode, identity: ExpressionIdentity? = nil) {
        self.node = node
        self.identity = identity
    }

    /// Combines what the operands of `operation` carry into a new
    /// expression; with no operation (a subquery among the parts), one
    /// never the same as another.
    static func combining(_ node: SQLNode, _ parts: [SQLExpression],
                          _ operation: ExpressionIdentity.Operation?) -> SQLExpression {
        var result = SQLExpression(node)
        if let operation { result.identity = .applying(operation, to: parts) }
        result.isAggregate = parts.contains { $0.isAggregate }
        result.isWindow = parts.contains { $0.isWindow }
        result.readsRows = parts.contains { $0.readsRows }
        result.ungrouped = parts.lazy.compactMap(\.ungrouped).first
        result.collation = FoundCollation.carried(parts.map(\.collation))
        result.textCollation = FoundCollation.carried(parts.map(\.textCollation))
        return result
    }

    /// Itself as the operand of an operator or function that compares
    /// nothing: a path read by a subquery without its COLLATE, since a
    /// joined column's own collation would not reach what holds it.
    var nested: SQLExpression {
        guard let bare else { return self }
        var result = self
        result.node = bare
        result.textCollation = nil
        result.bare = nil
        return result
    }

    /// Itself with `collation` said (`x COLLATE NOCASE`), which a comparison
    /// puts before anything else; what it means is unchanged.
    func saying(_ collation: String) -> SQLExpression {
        var result = nested
        result.node = .collate(result.node, collation)
        result.textCollation = FoundCollation(name: collation, isSaid: true)
        return result
    }

    /// Itself where SQLite takes its collation alone: a sort or group key,
    /// an output column (a compound's, or one an outer query reads), an
    /// argument of a call that compares (`max`, a distinct aggregate).
    /// Where its text finds another collation than its meaning, the meant
    /// one is said; where the meaning has none (a joined column's own
    /// stops at the call that holds it, a COLLATE rql said does not), the
    /// text is read by a scalar subquery, which has none. An aggregate in
    /// it still aggregates the query it is in; a window function would
    /// not, so there BINARY is said, as a sort takes it (a `select` of one
    /// reads it from a nested query instead).
    var collatedAsMeant: SQLExpression {
        guard collation?.name.uppercased() != textCollation?.name.uppercased() else { return self }
        if let collation { return saying(collation.name) }
        if isWindow { return saying("BINARY") }
        var result = self
        result.node = .selected(node)
        result.textCollation = nil
        result.bare = nil
        return result
    }

    /// A window whose text carries a collation its meaning has none of: a
    /// scalar subquery cannot read it, the window would read its rows.
    var carriesUnmeantCollation: Bool {
        isWindow && collation == nil && textCollation != nil
    }

    /// Combines operands of an operator that gives NULL when any of them is
    /// NULL (`=`, `<`, `+`, `||`, `LIKE`, `NOT`, …).
    static func nullPropagating(_ node: SQLNode, _ parts: [SQLExpression],
                                _ operation: ExpressionIdentity.Operation) -> SQLExpression {
        var result = combining(node, parts, operation)
        result.nullWhenMissing = parts.reduce(into: []) { $0.formUnion($1.nullWhenMissing) }
        result.rejectsWhenMissing = result.nullWhenMissing
        return result
    }
}

extension BinaryOperator {
    /// The SQL operator (`??` becomes a call to `coalesce`).
    var infix: SQLNode.InfixOperator? {
        switch self {
        case .or: return .or
        case .and: return .and
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .add: return .add
        case .subtract: return .subtract
        case .concat: return .concat
        case .multiply: return .multiply
        case .divide: return .divide
        case .remainder: return .remainder
        case .coalesce: return nil
        }
    }
}

import RQLValues

/// What an expression means once its names are resolved: the tree that
/// decides when two expressions are the same, whatever SQL each compiled to.
/// A `select` item after `group` is a group key when its tree is the key's,
/// so `group by title ++ '!' | select title ++ '!'` works although each
/// `'!'` binds a `?N` of its own, and `title` and `reminders.title` are one
/// column. Built only where it is compared (see `ExpressionContext.tracksIdentity`).
indirect enum ExpressionIdentity: Hashable {
    /// A column of one relation of the statement, by the relation's alias
    /// (unique in the statement).
    case column(relation: String, name: String)
    /// A literal, a parameter's value or an enum case's.
    case value(SQLValue)
    /// An operator, a call or another form applied to its operands, in order.
    case applying(Operation, [ExpressionIdentity])

    enum Operation: Hashable {
        case unary(UnaryOperator)
        case binary(BinaryOperator)
        /// `x IS NULL`, which `x == nil` also compiles to.
        case isNull(negated: Bool)
        case inList(negated: Bool)
        case between(negated: Bool)
        case pattern(PatternOperator, negated: Bool)
        /// The collation's name, lowercased as SQLite compares them.
        case collate(String)
        /// The type's name, lowercased.
        case cast(String)
        case caseWhen(subject: Bool, otherwise: Bool)
        /// A function by the name SQLite knows it by (`a ?? b` is `coalesce(a, b)`).
        case call(String, distinct: Bool, star: Bool)
        /// `aggregate FILTER (WHERE condition)`: the aggregate, then the condition.
        case filter
        /// The call, then the partition keys, then the order's terms.
        case window(partitions: Int, order: [Ordering], frame: String?)
    }

    /// How one term of a window's `order` sorts.
    struct Ordering: Hashable {
        var descending: Bool
        var nullsFirst: Bool?
    }

    /// The operation on operands, or nil when one of them has no identity
    /// (a subquery, a search function: never the same as another).
    static func applying(_ operation: Operation, to operands: some Collection<SQLExpression>) -> ExpressionIdentity? {
        guard operands.allSatisfy({ $0.identity != nil }) else { return nil }
        return .applying(operation, operands.compactMap(\.identity))
    }

    /// The operation on a first operand and then others.
    static func applying(_ operation: Operation, to first: ExpressionIdentity?,
                         then operands: some Collection<SQLExpression>) -> ExpressionIdentity? {
        guard let first, operands.allSatisfy({ $0.identity != nil }) else { return nil }
        return .applying(operation, [first] + operands.compactMap(\.identity))
    }
}

import RQLValues

/// The one place an expression's SQL text is made: each node as SQL writes
/// it, an operand in parentheses where it binds less tightly than its place
/// needs. Each kind with more than a line has its own function, so that the
/// switch, entered once a level of the tree, keeps a small stack frame.
extension SQLNode {
    var sql: String {
        switch self {
        case .literal(let text): return text
        case .bound(let index): return "?\(index)"
        case .column(let qualifier, let name):
            guard let qualifier else { return SQLText.identifier(name) }
            return SQLText.identifier(qualifier) + "." + SQLText.identifier(name)
        case .prefix(let op, let operand): return SQLNode.prefixed(op, operand)
        case .infix(let left, let op, let right): return SQLNode.infixed(left, op, right)
        case .isNull(let operand, let negated):
            return operand.operand(.comparison) + (negated ? " IS NOT NULL" : " IS NULL")
        case .isNotTrue(let operand): return operand.operand(.comparison) + " IS NOT TRUE"
        case .inList(let operand, let items, let negated):
            return operand.operand(.comparison) + (negated ? " NOT IN (" : " IN (") + items.map(\.sql).joined(separator: ", ") + ")"
        case .inQuery(let operand, let query, let negated):
            return operand.operand(.comparison) + (negated ? " NOT IN " : " IN ") + SQLSelect.parenthesized(query.sql)
        case .between(let subject, let low, let high, let negated):
            return subject.operand(.comparison) + (negated ? " NOT BETWEEN " : " BETWEEN ") + low.operand(.comparison)
                + " AND " + high.operand(.comparison)
        case .bounded(let lowSide, let low, let highSide, let high, let negated):
            return SQLNode.bounded(lowSide, low, highSide, high, negated: negated)
        case .pattern(let value, let keyword, let pattern, let negated):
            return value.operand(.comparison) + (negated ? " NOT " : " ") + keyword + " " + pattern.operand(.comparison)
        case .collate(let operand, let collation):
            return operand.operand(.collate) + " COLLATE " + Compiler.bareOrQuoted(collation)
        case .cast(let operand, let type): return "CAST(" + operand.sql + " AS " + type + ")"
        case .call(let name, let arguments, let distinct, let filter):
            return SQLNode.called(name, arguments, distinct: distinct, filter: filter)
        case .window(let call, let partition, let order, let frame):
            return SQLNode.windowed(call, partition: partition, order: order, frame: frame)
        case .caseWhen(let subject, let whens, let otherwise): return SQLNode.cased(subject, whens, otherwise)
        case .subquery(let query): return SQLSelect.parenthesized(query.sql)
        case .exists(let query): return "EXISTS " + SQLSelect.parenthesized(query.sql)
        case .all(let terms): return terms.map { $0.operand(.and) }.joined(separator: " AND ")
        case .row(let values): return "(" + values.map(\.sql).joined(separator: ", ") + ")"
        case .selected(let value): return "(SELECT " + value.sql + ")"
        }
    }

    /// How tightly its text binds.
    var precedence: Precedence {
        switch self {
        case .literal(let text): return text.utf8.first == UInt8(ascii: "-") ? .unary : .atom
        case .prefix(let op, _): return op == .not ? .not : .unary
        case .infix(_, let op, _): return op.precedence
        case .isNull, .isNotTrue, .inList, .inQuery, .between, .pattern: return .equality
        case .bounded(_, _, _, _, let negated): return negated ? .not : .atom
        case .collate: return .collate
        case .all(let terms): return terms.count == 1 ? terms[0].precedence : .and
        case .bound, .column, .cast, .call, .window, .caseWhen, .subquery, .exists, .selected, .row: return .atom
        }
    }

    /// Its text, in parentheses when it binds less tightly than `needed`.
    func operand(_ needed: Precedence) -> String {
        precedence < needed ? "(" + sql + ")" : sql
    }

    private static func prefixed(_ op: PrefixOperator, _ operand: SQLNode) -> String {
        let text = operand.operand(.unary)
        switch op {
        case .not: return "NOT " + text
        // `--` would begin a comment.
        case .negate: return operand.beginsWithMinus ? "-(" + text + ")" : "-" + text
        }
    }

    /// Whether its text begins with `-`: a negative number, or a negation.
    private var beginsWithMinus: Bool {
        switch self {
        case .literal(let text): return text.utf8.first == UInt8(ascii: "-")
        case .prefix(let op, _): return op == .negate
        default: return false
        }
    }

    private static func infixed(_ left: SQLNode, _ op: InfixOperator, _ right: SQLNode) -> String {
        let precedence = op.precedence
        let rightNeeds = Precedence(rawValue: precedence.rawValue + 1) ?? .atom
        return left.operand(precedence) + " " + op.rawValue + " " + right.operand(rightNeeds)
    }

    private static func bounded(_ lowSide: SQLNode, _ low: SQLNode, _ highSide: SQLNode, _ high: SQLNode,
                                negated: Bool) -> String {
        let both = lowSide.operand(.comparison) + " >= " + low.operand(.comparison) + " AND "
            + highSide.operand(.comparison) + " <= " + high.operand(.comparison)
        return negated ? "NOT (" + both + ")" : "(" + both + ")"
    }

    private static func called(_ name: String, _ arguments: [SQLNode], distinct: Bool, filter: SQLNode?) -> String {
        let call = Compiler.bareOrQuoted(name) + "(" + (distinct ? "DISTINCT " : "")
            + arguments.map(\.sql).joined(separator: ", ") + ")"
        guard let filter else { return call }
        return call + " FILTER (WHERE " + filter.sql + ")"
    }

    private static func windowed(_ call: SQLNode, partition: [SQLNode], order: [SQLOrdering], frame: String?) -> String {
        var clauses: [String] = []
        if !partition.isEmpty { clauses.append("PARTITION BY " + partition.map(\.sql).joined(separator: ", ")) }
        if !order.isEmpty { clauses.append("ORDER BY " + order.map(\.sql).joined(separator: ", ")) }
        if let frame { clauses.append(frame) }
        return call.sql + " OVER (" + clauses.joined(separator: " ") + ")"
    }

    private static func cased(_ subject: SQLNode?, _ whens: [(SQLNode, SQLNode)], _ otherwise: SQLNode?) -> String {
        var text = "CASE"
        if let subject { text += " " + subject.sql }
        for (test, result) in whens { text += " WHEN " + test.sql + " THEN " + result.sql }
        if let otherwise { text += " ELSE " + otherwise.sql }
        return text + " END"
    }
}

extension SQLNode.InfixOperator {
    var precedence: SQLNode.Precedence {
        switch self {
        case .or: return .or
        case .and: return .and
        case .equal, .notEqual, .match: return .equality
        case .less, .lessEqual, .greater, .greaterEqual: return .comparison
        case .add, .subtract: return .additive
        case .multiply, .divide, .remainder: return .multiplicative
        case .concat: return .concat
        }
    }
}

extension SQLOrdering {
    /// `value [DESC] [NULLS FIRST|LAST]`.
    var sql: String {
        var text = value.operand(.collate)
        if descending { text += " DESC" }
        if let nullsFirst { text += nullsFirst ? " NULLS FIRST" : " NULLS LAST" }
        return text
    }
}

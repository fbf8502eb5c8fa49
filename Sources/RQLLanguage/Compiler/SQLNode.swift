/// The SQL of an expression rql emits, as a tree. The compiler builds it;
/// `SQLNode+Printing.swift` alone turns it into text, putting parentheses
/// where an operand binds less tightly than its place needs.
indirect enum SQLNode {
    /// A number, `TRUE`, `FALSE`, `NULL` or `*`, as SQL writes it; a
    /// negative number binds as a unary minus does.
    case literal(String)
    /// The placeholder of the compiler's `index`th bound value: `?1`.
    case bound(Int)
    /// `"alias"."column"`, or `"column"` alone.
    case column(String?, String)
    /// `NOT x` and `-x`.
    case prefix(PrefixOperator, SQLNode)
    /// `a op b`, left-associative: the right operand binds tighter.
    case infix(SQLNode, InfixOperator, SQLNode)
    /// `x IS NULL`, `x IS NOT NULL`.
    case isNull(SQLNode, negated: Bool)
    /// `x IS NOT TRUE`.
    case isNotTrue(SQLNode)
    /// `x IN (a, b)`, `x NOT IN (…)`.
    case inList(SQLNode, [SQLNode], negated: Bool)
    /// `x IN (SELECT …)`.
    case inQuery(SQLNode, SQLQuery, negated: Bool)
    /// `x BETWEEN a AND b`.
    case between(SQLNode, SQLNode, SQLNode, negated: Bool)
    /// `(x >= a AND y <= b)`, `NOT (…)`: BETWEEN with a collation for each bound.
    case bounded(SQLNode, SQLNode, SQLNode, SQLNode, negated: Bool)
    /// `x LIKE p`, `GLOB`, `REGEXP`, maybe `NOT`.
    case pattern(SQLNode, String, SQLNode, negated: Bool)
    /// `x COLLATE name`.
    case collate(SQLNode, String)
    /// `CAST(x AS TYPE)`.
    case cast(SQLNode, String)
    /// `f(a, b)`, `f(DISTINCT a)`, `f(*)`, maybe `FILTER (WHERE …)` after it.
    case call(String, [SQLNode], distinct: Bool, filter: SQLNode?)
    /// `f(…) OVER (PARTITION BY … ORDER BY … frame)`.
    case window(SQLNode, partition: [SQLNode], order: [SQLOrdering], frame: String?)
    /// `CASE [subject] WHEN … THEN … [ELSE …] END`.
    case caseWhen(SQLNode?, [(SQLNode, SQLNode)], SQLNode?)
    /// A scalar subquery, in parentheses.
    case subquery(SQLQuery)
    /// `EXISTS (…)`.
    case exists(SQLQuery)
    /// `a AND b AND …`: a WHERE's or HAVING's terms.
    case all([SQLNode])
    /// `(a, b)`: a row value.
    case row([SQLNode])
    /// `(SELECT x)`: the value without any collation.
    case selected(SQLNode)

    /// How tightly a node's text binds, to parenthesize it only where needed.
    enum Precedence: Int, Comparable {
        case or = 0, and, not, equality, comparison, additive, multiplicative, concat, collate, unary, atom

        static func < (a: Precedence, b: Precedence) -> Bool { a.rawValue < b.rawValue }
    }

    enum PrefixOperator {
        case not, negate
    }

    enum InfixOperator: String {
        case or = "OR", and = "AND", equal = "=", notEqual = "<>", less = "<", lessEqual = "<=", greater = ">",
             greaterEqual = ">=", add = "+", subtract = "-", concat = "||", multiply = "*", divide = "/",
             remainder = "%", match = "MATCH"
    }
}

/// One term of an ORDER BY: the value, its direction and where NULLs go.
struct SQLOrdering {
    var value: SQLNode
    var descending = false
    var nullsFirst: Bool?
}

/// The syntax tree of a DSL command. Every node keeps the span it was read
/// from, so errors found later point at the text.

/// An expression.
final class Expression {
    enum Kind {
        case integer(Int64)
        case real(Double)
        case string(String)
        case boolean(Bool)
        case null
        /// A name: a column, helper, relationship, enum case or alias.
        case name(String)
        /// `:name`, `$name`, `@name` or `?N`: a value `.parameter set` gives.
        case parameter(String)
        /// `cast(value as type)`, the type lowercased.
        case cast(Expression, String)
        /// `reminders where not isCompleted`: an aggregate's argument with the
        /// condition its to-many relationship's rows must meet.
        case filtered(Expression, condition: Expression)
        /// `count() filter (where isFlagged)`: SQL's filtered aggregate.
        case aggregateFilter(Expression, condition: Expression)
        /// `row_number() over (partition by … order … frame)`: a call over a window.
        case window(Expression, partition: [Expression], order: [SortItem], frame: String?)
        /// `base.name`: a path step.
        case member(Expression, Name)
        /// `f(args)`; `count(*)` has `star`; aggregates take `distinct`.
        case call(Name, [Expression], distinct: Bool, star: Bool)
        /// `receiver.f(args)`, meaning `f(receiver, args)`.
        case method(Expression, Name, [Expression])
        case unary(UnaryOperator, Expression)
        case binary(BinaryOperator, Expression, Expression)
        case isNil(Expression, negated: Bool)
        case inList(Expression, [Expression], negated: Bool)
        case inQuery(Expression, Query, negated: Bool)
        case between(Expression, Expression, Expression, negated: Bool)
        case pattern(PatternOperator, Expression, Expression, negated: Bool)
        case collate(Expression, Name)
        case caseWhen(subject: Expression?, whens: [(Expression, Expression)], otherwise: Expression?)
        /// A query in parentheses used as a value.
        case subquery(Query)
        /// `any`, `all` or `none` over a to-many relationship.
        case quantified(Quantifier, Expression)
    }

    let kind: Kind
    let span: SourceSpan
    /// How deep the tree under this node goes, the node and queries inside
    /// it included: the parser refuses trees deeper than it can compile.
    let depth: Int

    init(_ kind: Kind, _ span: SourceSpan) {
        self.kind = kind
        self.span = span
        depth = 1 + kind.deepestChild
    }
}

extension Expression.Kind {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The expressions and queries right under this node.
    var children: (expressions: [Expression], queries: [Query]) {
        switch self {
        case .integer, .real, .string, .boolean, .null, .name, .parameter:
            return ([], [])
        case .member(let base, _), .unary(_, let base), .isNil(let base, _), .collate(let base, _),
             .quantified(_, let base), .cast(let base, _):
            return ([base], [])
        case .call(_, let arguments, _, _):
            return (arguments, [])
        case .method(let receiver, _, let arguments):
            return ([receiver] + arguments, [])
        case .binary(_, let left, let right), .pattern(_, let left, let right, _),
             .filtered(let left, let right), .aggregateFilter(let left, let right):
            return ([left, right], [])
        case .inList(let value, let list, _):
            return ([value] + list, [])
        case .inQuery(let value, let query, _):
            return ([value], [query])
        case .between(let value, let lower, let upper, _):
            return ([value, lower, upper], [])
        case .caseWhen(let subject, let whens, let otherwise):
            return ([subject, otherwise].compactMap { $0 } + whens.flatMap { [$0.0, $0.1] }, [])
        case .window(let call, let partition, let order, _):
            return ([call] + partition + order.map(\.expression), [])
        case .subquery(let query):
            return ([], [query])
        }
    }

    /// The depth of the deepest expression or query right under this node.
    var deepestChild: Int {
        let (expressions, queries) = children
        return max(expressions.lazy.map(\.depth).max() ?? 0, queries.lazy.map(\.depth).max() ?? 0)
    }
}

/// A name with where it was written.
struct Name: Equatable {
    var text: String
    var span: SourceSpan
}

enum UnaryOperator { case not, negate }

enum BinaryOperator {
    case or, and
    case equal, notEqual, less, lessEqual, greater, greaterEqual
    case coalesce, add, subtract, concat, multiply, divide, remainder

    var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: return true
        default: return false
        }
    }
}

enum PatternOperator { case like, glob, matches }

enum Quantifier: String { case any, all, none }

/// `source | stage | stage …`
struct Query {
    var source: Source
    var stages: [Stage]
    var span: SourceSpan

    /// One more than its deepest expression: stages follow one another, they do not nest.
    var depth: Int {
        1 + (stages.lazy.flatMap(\.kind.expressions).map(\.depth).max() ?? 0)
    }

    /// The sources it reads, as written: its own, its joins', and those of
    /// the queries inside its expressions.
    var sourceNames: [Name] {
        var names: [Name] = []
        var queries = [self]
        var expressions: [Expression] = []
        while true {
            if let expression = expressions.popLast() {
                let children = expression.kind.children
                expressions += children.expressions
                queries += children.queries
            } else if let query = queries.popLast() {
                names.append(query.source.name)
                for stage in query.stages {
                    if case .join(let join) = stage.kind { names.append(join.source.name) }
                    if case .compound(_, let other) = stage.kind { queries.append(other) }
                    expressions += stage.kind.expressions
                }
            } else {
                return names
            }
        }
    }
}

/// A table, view or `let` name with an optional alias.
struct Source {
    var name: Name
    var alias: Name?

    var visibleName: String { alias?.text ?? name.text }
}

struct Stage {
    enum Kind {
        case filter(Expression)
        case select([SelectItem])
        case order([SortItem])
        case limit(Expression, offset: Expression?)
        case offset(Expression)
        /// Each key with its text as written: the result column's name.
        /// Each key with its text, and the name it is given (`y = expr` or `expr as y`).
        case group([(Expression, text: String, alias: Name?)])
        case having(Expression)
        case distinct
        case count
        case join(Join)
        case find([Expression])
        case search(Expression, raw: Bool)
        case update([Assignment])
        case delete
        case insert([Assignment], upsert: Upsert?)
        case returning([SelectItem])
        /// `union (QUERY)`, `union all (QUERY)`, `intersect (QUERY)`, `except (QUERY)`.
        case compound(SetOperator, Query)
        /// `chart bar`: draw the rows as a chart (the last stage).
        case chart(Name)
    }

    enum SetOperator: String {
        case union = "UNION", unionAll = "UNION ALL", intersect = "INTERSECT", except = "EXCEPT"
    }

    var kind: Kind
    /// The stage keyword(s).
    var keywordSpan: SourceSpan
    var span: SourceSpan

    var name: String {
        switch kind {
        case .filter: return "where"
        case .select: return "select"
        case .order: return "order"
        case .limit: return "limit"
        case .offset: return "offset"
        case .group: return "group"
        case .having: return "having"
        case .distinct: return "distinct"
        case .count: return "count"
        case .join(let join): return join.isLeft ? "left join" : "join"
        case .find: return "find"
        case .search: return "search"
        case .update: return "update"
        case .delete: return "delete"
        case .insert: return "insert"
        case .returning: return "returning"
        case .compound(let op, _): return op.rawValue.lowercased()
        case .chart: return "chart"
        }
    }
}

extension Stage.Kind {
    /// The expressions written in the stage.
    var expressions: [Expression] {
        switch self {
        case .filter(let condition), .having(let condition): return [condition]
        case .select(let items), .returning(let items): return items.compactMap(\.expression)
        case .order(let items): return items.map(\.expression)
        case .limit(let count, let offset): return [count] + (offset.map { [$0] } ?? [])
        case .offset(let offset): return [offset]
        case .group(let keys): return keys.map(\.0)
        case .distinct, .count, .delete, .compound, .chart: return []
        case .join(let join): return join.condition.map { [$0] } ?? []
        case .find(let keys): return keys
        case .search(let text, _): return [text]
        case .update(let assignments), .insert(let assignments, nil): return assignments.compactMap(\.value)
        case .insert(let assignments, let upsert?): return (assignments + (upsert.updates ?? [])).compactMap(\.value)
        }
    }
}

struct Join {
    var isLeft: Bool
    var source: Source
    var condition: Expression?
}

enum SelectItem {
    /// `text` is the expression as written: the result column's name when
    /// it has no alias and is not a plain column.
    case expression(Expression, alias: Name?, text: String)
    case star(SourceSpan)
    /// `alias.*`
    case relationStar(Name)

    var expression: Expression? {
        if case .expression(let expression, _, _) = self { return expression }
        return nil
    }
}

struct SortItem {
    var expression: Expression
    var descending: Bool
    var nullsFirst: Bool?
}

enum Assignment {
    /// `column = value`
    case set(Name, Expression)
    /// A mutation helper defined with `def table.name := …`.
    case helper(Name)

    var span: SourceSpan {
        switch self {
        case .set(let name, let value): return name.span.through(value.span)
        case .helper(let name): return name.span
        }
    }

    /// The value a `column = value` sets.
    var value: Expression? {
        if case .set(_, let value) = self { return value }
        return nil
    }
}

/// One DSL command.
enum Statement {
    case query(Query)
    /// `insert table set, … [returning …]`
    case insert(Source, [Assignment], upsert: Upsert?, returning: [SelectItem]?)
    /// `def [table.]name = expression`
    case define(table: Name?, name: Name, Expression)
    /// `def table.name := set, …`
    case defineMutation(table: Name, name: Name, [Assignment])
    /// `def table.fts = ftsTable[(column)]`
    case defineSearch(table: Name, ftsTable: Name, keyColumn: Name?)
    /// `enum table.column = case value, …`
    case defineEnum(table: Name, column: Name, [(Name, Expression)])
    /// `alias table.name = target`
    case alias(table: Name, name: Name, target: Name)
    /// `let name = query`
    case letQuery(Name, Query)
}

/// `on conflict [(COL, …)] ignore` or `on conflict (COL, …) update SET, …`
/// after an `insert`: what happens when the new row's key is taken.
struct Upsert {
    /// The columns whose uniqueness the conflict is about; empty for any.
    var columns: [Name]
    /// What to set on the existing row; nil to ignore the new one.
    var updates: [Assignment]?
    /// `on conflict`, for messages.
    var span: SourceSpan
}

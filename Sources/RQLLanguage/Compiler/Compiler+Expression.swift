import RQLValues

/// Compiling expressions to SQL text.
extension Compiler {
    func compile(_ expression: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        try enter(expression.span)
        defer { leave() }
        var context = context
        if context.onlyTrueKeeps, !Compiler.passesTruthOn(expression) { context.onlyTrueKeeps = false }
        var result = try compileNode(expression, context)
        if let keys = context.groupKeys, let identity = result.identity, keys.contains(identity) { result.ungrouped = nil }
        return result
    }

    /// Whether a condition where only true keeps a row is one for `expression`
    /// too: AND and OR keep the same rows whether an operand is NULL or
    /// false; a quantifier reads it for itself. Anything else (NOT, a
    /// comparison, a call) can tell NULL from false.
    private static func passesTruthOn(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .binary(let op, _, _): return op == .and || op == .or
        case .quantified: return true
        default: return false
        }
    }

    /// One node. Each kind with more to do than a line has its own function,
    /// so that this one, entered once a level of the tree, keeps a small
    /// stack frame.
    private func compileNode(_ expression: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        switch expression.kind {
        case .integer(let value):
            return SQLExpression(.literal(String(value)), identity: context.identity(.value(.integer(value))))
        case .real(let value):
            return SQLExpression(.literal(SQLText.realLiteral(value)), identity: context.identity(.value(.real(value))))
        case .string(let value):
            return SQLExpression(bind(.text(value)), identity: context.identity(.value(.text(value))))
        case .parameter(let name):
            guard let value = parameters[name] else {
                throw DSLError(.parameterNotSet(name), at: expression.span)
            }
            return SQLExpression(bind(value), identity: context.identity(.value(value)))
        case .filtered(_, let condition):
            throw DSLError(.filterOutsideAggregate, at: condition.span)
        case .aggregateFilter(let call, let condition):
            return try aggregateFilter(call, condition, context)
        case .window(let call, let partition, let order, let frame):
            return try window(call, partition: partition, order: order, frame: frame, span: expression.span, context)
        case .cast(let value, let type):
            let inner = try compile(value, context)
            // SQLite finds the collation of a CAST's operand, own or said, as its own.
            var cast = SQLExpression.nullPropagating(.cast(inner.node, type.uppercased()), [inner], .cast(type.lowercased()))
            (cast.collation, cast.textCollation) = (inner.collation, inner.textCollation)
            return cast
        case .boolean(let value):
            return SQLExpression(.literal(value ? "TRUE" : "FALSE"), identity: context.identity(.value(.integer(value ? 1 : 0))))
        case .null:
            return SQLExpression(.literal("NULL"), identity: context.identity(.value(.null)))
        case .name, .member:
            return try path(expression, context)
        case .call(let name, let arguments, let distinct, let star):
            return try call(name, arguments, distinct: distinct, star: star, span: expression.span, context)
        case .method(let receiver, let name, let arguments):
            return try call(name, [receiver] + arguments, distinct: false, star: false, span: expression.span, context)
        case .unary(let op, let operand):
            return try unary(op, operand, context)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, context)
        case .isNil(let operand, let negated):
            return try isNil(operand, negated: negated, context)
        case .inList(let operand, let list, let negated):
            return try inList(operand, list, negated: negated, context)
        case .inQuery(let operand, let query, let negated):
            return try inQuery(operand, query, negated: negated, context)
        case .between(let operand, let lower, let upper, let negated):
            return try between(operand, lower, upper, negated: negated, context)
        case .pattern(let op, let operand, let patternValue, let negated):
            return try pattern(op, operand, patternValue, negated: negated, context)
        case .collate(let operand, let collation):
            return try collate(operand, collation, context)
        case .caseWhen(let subject, let whens, let otherwise):
            return try caseWhen(subject: subject, whens: whens, otherwise: otherwise, context)
        case .subquery(let query):
            return try subquery(query, context)
        case .quantified(let quantifier, let operand):
            return try quantified(quantifier, operand, span: expression.span, context)
        }
    }

    private func path(_ expression: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        guard let path = Compiler.path(of: expression) else {
            throw DSLError(.membersOfNonName, at: expression.span)
        }
        return try resolve(path, context)
    }

    private func unary(_ op: UnaryOperator, _ operand: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let value = try compile(operand, context).nested
        return .nullPropagating(.prefix(op == .not ? .not : .negate, value.node), [value], .unary(op))
    }

    private func isNil(_ operand: Expression, negated: Bool, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let value = try compile(operand, context).nested
        return .combining(.isNull(value.node, negated: negated), [value], .isNull(negated: negated))
    }

    private func inList(_ operand: Expression, _ list: [Expression], negated: Bool,
                        _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let value = try compile(operand, context)
        var hinted = context
        hinted.enumHint = value.enumCases
        var compiled: [SQLExpression] = []
        for item in list { compiled.append(try compile(item, hinted)) }
        let (left, items) = Compiler.listedAsMeant(value, compiled)
        var result = SQLExpression.combining(.inList(left.node, items.map(\.node), negated: negated), [left] + items, nil)
        result.identity = .applying(.inList(negated: negated), to: [value] + compiled)
        return result
    }

    private func inQuery(_ operand: Expression, _ query: Query, negated: Bool,
                         _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        var value = try compile(operand, context)
        let subquery = try compile(query, outer: context.scope)
        try requireOneColumn(subquery, query: query)
        if let output = subquery.outputs.first { value = Compiler.comparedInSubquery(value, output.value) }
        var result = SQLExpression.combining(.inQuery(value.node, try rows(of: subquery, query: query), negated: negated),
                                             [value], nil)
        result.readsRows = true
        return result
    }

    private func between(_ operand: Expression, _ lower: Expression, _ upper: Expression, negated: Bool,
                         _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let value = try compile(operand, context)
        var hinted = context
        hinted.enumHint = value.enumCases
        let low = try compile(lower, hinted)
        let high = try compile(upper, hinted)
        let node: SQLNode
        var parts = [value, low, high]
        if let (subject, bounds) = Compiler.comparedAsMeant(value, [low, high]) {
            parts = [subject] + bounds
            node = .between(subject.node, bounds[0].node, bounds[1].node, negated: negated)
        } else {
            // Each bound compares with its own collation: the subject is read twice.
            let (lowSide, highSide) = (Compiler.comparedAsMeant(value, low), Compiler.comparedAsMeant(value, high))
            node = .bounded(lowSide.node, low.node, highSide.node, high.node, negated: negated)
        }
        var result = SQLExpression.combining(node, parts, .between(negated: negated))
        result.nullWhenMissing = value.nullWhenMissing
        result.rejectsWhenMissing = value.nullWhenMissing
        return result
    }

    private func pattern(_ op: PatternOperator, _ operand: Expression, _ pattern: Expression, negated: Bool,
                         _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let value = try compile(operand, context).nested
        let patternValue = try compile(pattern, context).nested
        let keyword: String
        switch op {
        case .like: keyword = "LIKE"
        case .glob: keyword = "GLOB"
        case .matches: keyword = "REGEXP"
        }
        let node = SQLNode.pattern(value.node, keyword, patternValue.node, negated: negated)
        let operation = ExpressionIdentity.Operation.pattern(op, negated: negated)
        guard op != .matches else { return .combining(node, [value, patternValue], operation) }  // a function of rql's
        return .nullPropagating(node, [value, patternValue], operation)
    }

    private func collate(_ operand: Expression, _ collation: Name, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let value = try compile(operand, context).nested
        var result = SQLExpression.combining(.collate(value.node, collation.text), [value], .collate(collation.text.lowercased()))
        result.enumCases = value.enumCases
        result.collation = FoundCollation(name: collation.text, isSaid: true)
        result.textCollation = result.collation
        return result
    }

    private func subquery(_ query: Query, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let subquery = try compile(query, outer: context.scope)
        try requireOneColumn(subquery, query: query)
        var result = SQLExpression(.subquery(try rows(of: subquery, query: query)))
        result.readsRows = true
        return result
    }

    private func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression,
                        _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        if op == .coalesce { return try coalesce(Compiler.coalesceChain(left) + [right], context) }
        let (lhs, rhs) = try compileOperands(left, right, hinted: op.isComparison, context)
        return Compiler.binary(op, lhs, rhs, comparesWithNull: right.kind.isNull)
    }

    /// `a op b` from compiled operands; `== nil` and `!= nil` test for NULL.
    /// Kept out of `binary(_:_:_:_:)`, which every link of a chain passes
    /// through, so that its stack frame stays small.
    private static func binary(_ op: BinaryOperator, _ lhs: SQLExpression, _ rhs: SQLExpression,
                               comparesWithNull: Bool) -> SQLExpression {
        if op == .equal || op == .notEqual, comparesWithNull {
            let lhs = lhs.nested
            return .combining(.isNull(lhs.node, negated: op == .notEqual), [lhs], .isNull(negated: op == .notEqual))
        }
        let (lhs, rhs) = op.isComparison ? (Compiler.comparedAsMeant(lhs, rhs), rhs) : (lhs.nested, rhs.nested)
        let node = SQLNode.infix(lhs.node, op.infix ?? .or, rhs.node)
        switch op {
        case .and:
            var result = SQLExpression.combining(node, [lhs, rhs], .binary(op))
            result.rejectsWhenMissing = lhs.rejectsWhenMissing.union(rhs.rejectsWhenMissing)
            return result
        case .or:
            var result = SQLExpression.combining(node, [lhs, rhs], .binary(op))
            result.nullWhenMissing = lhs.nullWhenMissing.intersection(rhs.nullWhenMissing)
            result.rejectsWhenMissing = lhs.rejectsWhenMissing.intersection(rhs.rejectsWhenMissing)
            return result
        default:
            return .nullPropagating(node, [lhs, rhs], .binary(op))
        }
    }

    /// `a ?? b ?? c` as one `coalesce(a, b, c)`.
    private func coalesce(_ parts: [Expression], _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        var operands: [SQLExpression] = []
        for part in parts { operands.append(try compile(part, context).nested) }
        return .combining(.call("coalesce", operands.map(\.node), distinct: false, filter: nil), operands,
                          .call("coalesce", distinct: false, star: false))
    }

    /// Both operands; in a comparison, a bare name on one side may be a case
    /// of the enum on the other side's column.
    private func compileOperands(_ left: Expression, _ right: Expression, hinted: Bool,
                                 _ context: ExpressionContext) throws(DSLError) -> (SQLExpression, SQLExpression) {
        guard hinted else { return (try compile(left, context), try compile(right, context)) }
        let lhs: SQLExpression
        do throws(DSLError) {
            lhs = try compile(left, context)
        } catch {
            guard case .name = left.kind else { throw error }
            let rhs = try compile(right, context)
            var hintedContext = context
            hintedContext.enumHint = rhs.enumCases
            return (try compile(left, hintedContext), rhs)
        }
        var hintedContext = context
        hintedContext.enumHint = lhs.enumCases
        return (lhs, try compile(right, hintedContext))
    }

    static func coalesceChain(_ expression: Expression) -> [Expression] {
        if case .binary(.coalesce, let left, let right) = expression.kind { return coalesceChain(left) + [right] }
        return [expression]
    }

    private func caseWhen(subject: Expression?, whens: [(Expression, Expression)], otherwise: Expression?,
                          _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        var whenContext = context
        var subjectValue: SQLExpression?
        if let subject {
            let value = try compile(subject, context)
            whenContext.enumHint = value.enumCases
            subjectValue = value
        }
        var conditions: [SQLExpression] = []
        var results: [SQLExpression] = []
        for (condition, result) in whens {
            conditions.append(try compile(condition, whenContext))
            results.append(try compile(result, context).nested)
        }
        var tests = conditions.map(\.nested)
        var written: SQLExpression?
        if let subjectValue {
            (written, tests) = Compiler.simpleCase(subjectValue, conditions)
        }
        var parts: [SQLExpression] = []
        for (test, result) in zip(tests, results) { parts += [test, result] }
        var elseValue: SQLExpression?
        if let otherwise {
            let value = try compile(otherwise, context).nested
            parts.append(value)
            elseValue = value
        }
        let node = SQLNode.caseWhen(written?.node, zip(tests, results).map { ($0.node, $1.node) }, elseValue?.node)
        var result = SQLExpression.combining(node, (subjectValue.map { [$0] } ?? []) + parts,
                                             .caseWhen(subject: subject != nil, otherwise: otherwise != nil))
        result.textCollation = FoundCollation.carried([written?.textCollation] + parts.map(\.textCollation))
        return result
    }

    /// The subject of `CASE subject` and the values its WHENs compare it with, each pair with
    /// its meant collation; where no one text can say them all, the searched
    /// form, `CASE WHEN subject = value …`, which reads the subject for each.
    private static func simpleCase(_ subject: SQLExpression,
                                   _ values: [SQLExpression]) -> (subject: SQLExpression?, tests: [SQLExpression]) {
        if let (subject, values) = comparedAsMeant(subject, values) { return (subject, values) }
        let tests = values.map { value in
            let left = comparedAsMeant(subject, value)
            return SQLExpression.combining(.infix(left.node, .equal, value.node), [left, value], .binary(.equal))
        }
        return (nil, tests)
    }

    /// The rows a query in parentheses reads: an `update`, `delete` or
    /// `insert` there would change rows, which SQL does not allow.
    func rows(of compiled: CompiledSelect, query: Query) throws(DSLError) -> SQLQuery {
        guard case .query(let rows) = compiled.statement else {
            throw DSLError(.subqueryChangesRows, at: query.span)
        }
        return rows
    }

    private func requireOneColumn(_ subquery: CompiledSelect, query: Query) throws(DSLError) {
        guard subquery.outputs.count == 1 else {
            throw DSLError(.subqueryColumns(subquery.outputs.count), at: query.span)
        }
    }

    /// A collation or function name as SQL: bare when it is a plain word.
    static func bareOrQuoted(_ name: String) -> String {
        let plain = name.utf8.allSatisfy { Lexer.isNameContinuation($0) && $0 < 0x80 && $0 != 0x24 }
            && name.utf8.first.map { !Lexer.isDigit($0) } == true
        return plain ? name : SQLText.identifier(name)
    }
}

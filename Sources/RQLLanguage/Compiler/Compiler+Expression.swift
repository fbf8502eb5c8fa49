/// Compiling expressions to SQL text.
extension Compiler {
    func compile(_ expression: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        var result = try compileNode(expression, context)
        if let keys = context.groupKeys, keys.contains(result.text) { result.ungrouped = nil }
        return result
    }

    private func compileNode(_ expression: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        switch expression.kind {
        case .integer(let value):
            return SQLExpression(String(value))
        case .real(let value):
            return SQLExpression(SQLText.realLiteral(value))
        case .string(let value):
            return SQLExpression(bind(.text(value)))
        case .boolean(let value):
            return SQLExpression(value ? "TRUE" : "FALSE")
        case .null:
            return SQLExpression("NULL")
        case .name, .member:
            guard let path = Compiler.path(of: expression) else {
                throw DSLError("only names have members", at: expression.span, label: "not a name",
                               notes: ["help: call a function as a method: (a ++ b).lower()"])
            }
            return try resolve(path, context)
        case .call(let name, let arguments, let distinct, let star):
            return try call(name, arguments, distinct: distinct, star: star, span: expression.span, context)
        case .method(let receiver, let name, let arguments):
            return try call(name, [receiver] + arguments, distinct: false, star: false, span: expression.span, context)
        case .unary(.not, let operand):
            let value = try compile(operand, context)
            return .combining("NOT " + value.operand(.unary), .not, [value])
        case .unary(.negate, let operand):
            let value = try compile(operand, context)
            let text = value.operand(.unary)
            return .combining(text.hasPrefix("-") ? "-(\(text))" : "-" + text, .unary, [value])
        case .binary(let op, let left, let right):
            return try binary(op, left, right, context)
        case .isNil(let operand, let negated):
            let value = try compile(operand, context)
            return .combining(value.operand(.comparison) + (negated ? " IS NOT NULL" : " IS NULL"), .equality, [value])
        case .inList(let operand, let list, let negated):
            let value = try compile(operand, context)
            var hinted = context
            hinted.enumHint = value.enumCases
            var items: [SQLExpression] = []
            for item in list { items.append(try compile(item, hinted)) }
            let text = value.operand(.comparison) + (negated ? " NOT IN (" : " IN (")
                + items.map(\.text).joined(separator: ", ") + ")"
            return .combining(text, .equality, [value] + items)
        case .inQuery(let operand, let query, let negated):
            let value = try compile(operand, context)
            let subquery = try compile(query, outer: context.scope)
            try requireOneColumn(subquery, query: query)
            let text = value.operand(.comparison) + (negated ? " NOT IN " : " IN ") + QueryLevel.parenthesized(subquery.sql)
            return .combining(text, .equality, [value])
        case .between(let operand, let lower, let upper, let negated):
            let value = try compile(operand, context)
            var hinted = context
            hinted.enumHint = value.enumCases
            let low = try compile(lower, hinted)
            let high = try compile(upper, hinted)
            let text = value.operand(.comparison) + (negated ? " NOT BETWEEN " : " BETWEEN ")
                + low.operand(.comparison) + " AND " + high.operand(.comparison)
            return .combining(text, .equality, [value, low, high])
        case .pattern(let op, let operand, let pattern, let negated):
            let value = try compile(operand, context)
            let patternValue = try compile(pattern, context)
            let keyword: String
            switch op {
            case .like: keyword = "LIKE"
            case .glob: keyword = "GLOB"
            case .matches: keyword = "REGEXP"
            }
            let text = value.operand(.comparison) + (negated ? " NOT " : " ") + keyword + " " + patternValue.operand(.comparison)
            return .combining(text, .equality, [value, patternValue])
        case .collate(let operand, let collation):
            let value = try compile(operand, context)
            var result = SQLExpression.combining(value.operand(.collate) + " COLLATE " + Compiler.bareOrQuoted(collation.text),
                                                 .collate, [value])
            result.enumCases = value.enumCases
            return result
        case .caseWhen(let subject, let whens, let otherwise):
            return try caseWhen(subject: subject, whens: whens, otherwise: otherwise, context)
        case .subquery(let query):
            let subquery = try compile(query, outer: context.scope)
            try requireOneColumn(subquery, query: query)
            return SQLExpression(QueryLevel.parenthesized(subquery.sql))
        case .quantified(let quantifier, let operand):
            return try quantified(quantifier, operand, span: expression.span, context)
        }
    }

    private func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression,
                        _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        if op == .coalesce {
            var operands: [SQLExpression] = []
            for part in Compiler.coalesceChain(left) + [right] { operands.append(try compile(part, context)) }
            return .combining("coalesce(" + operands.map(\.text).joined(separator: ", ") + ")", .atom, operands)
        }
        let (lhs, rhs) = try compileOperands(left, right, hinted: op.isComparison, context)
        if op == .equal || op == .notEqual, case .null = right.kind {
            return .combining(lhs.operand(.comparison) + (op == .equal ? " IS NULL" : " IS NOT NULL"), .equality, [lhs])
        }
        let (symbol, precedence): (String, SQLExpression.Precedence) = {
            switch op {
            case .or: return ("OR", .or)
            case .and: return ("AND", .and)
            case .equal: return ("=", .equality)
            case .notEqual: return ("<>", .equality)
            case .less: return ("<", .comparison)
            case .lessEqual: return ("<=", .comparison)
            case .greater: return (">", .comparison)
            case .greaterEqual: return (">=", .comparison)
            case .add: return ("+", .additive)
            case .subtract: return ("-", .additive)
            case .concat: return ("||", .concat)
            case .multiply: return ("*", .multiplicative)
            case .divide: return ("/", .multiplicative)
            case .remainder: return ("%", .multiplicative)
            case .coalesce: return ("", .atom)
            }
        }()
        let rightNeeds = SQLExpression.Precedence(rawValue: precedence.rawValue + 1) ?? .atom
        let text = lhs.operand(precedence) + " " + symbol + " " + rhs.operand(rightNeeds)
        return .combining(text, precedence, [lhs, rhs])
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
        var parts: [SQLExpression] = []
        var text = "CASE"
        var whenContext = context
        if let subject {
            let value = try compile(subject, context)
            parts.append(value)
            whenContext.enumHint = value.enumCases
            text += " " + value.text
        }
        for (condition, result) in whens {
            let conditionValue = try compile(condition, whenContext)
            let resultValue = try compile(result, context)
            parts += [conditionValue, resultValue]
            text += " WHEN " + conditionValue.text + " THEN " + resultValue.text
        }
        if let otherwise {
            let value = try compile(otherwise, context)
            parts.append(value)
            text += " ELSE " + value.text
        }
        return .combining(text + " END", .atom, parts)
    }

    private func requireOneColumn(_ subquery: CompiledSelect, query: Query) throws(DSLError) {
        guard subquery.outputs.count == 1 else {
            throw DSLError("a subquery used as a value must give one column; this one gives \(subquery.outputs.count)",
                           at: query.span, label: "select one column",
                           notes: ["help: end it with `| select column`"])
        }
    }

    /// A collation or function name as SQL: bare when it is a plain word.
    static func bareOrQuoted(_ name: String) -> String {
        let plain = name.utf8.allSatisfy { Lexer.isNameContinuation($0) && $0 < 0x80 && $0 != 0x24 }
            && name.utf8.first.map { !Lexer.isDigit($0) } == true
        return plain ? name : SQLText.identifier(name)
    }
}

extension Parser {
    /// An expression, loosest operator first: `or` · `and` · `not` ·
    /// comparisons · `??` · `+ - ++` · `* / %` · unary `-` · postfix.
    mutating func expression() throws(DSLError) -> Expression {
        try enter()
        defer { leave() }
        var left = try conjunction()
        while current.isKeyword("or") || current.isSymbol(.or) {
            let op = advance()
            let right = try conjunction()
            // SQL's `||` joins text; here it is `or`, which would turn text into 0 or 1.
            if op.kind == .symbol(.or), [left, right].contains(where: { if case .string = $0.kind { true } else { false } }) {
                throw DSLError(.orWithText, at: op.span)
            }
            left = try node(.binary(.or, left, right), left.span.through(right.span))
        }
        return left
    }

    private mutating func conjunction() throws(DSLError) -> Expression {
        var left = try negation()
        while current.isKeyword("and") || current.isSymbol(.and) {
            advance()
            let right = try negation()
            left = try node(.binary(.and, left, right), left.span.through(right.span))
        }
        return left
    }

    private mutating func negation() throws(DSLError) -> Expression {
        try enter()
        defer { leave() }
        if current.isKeyword("not") || current.isSymbol(.bang) {
            let start = advance().span
            let operand = try negation()
            return try node(.unary(.not, operand), start.through(operand.span))
        }
        if let word = current.keyword, let quantifier = Quantifier(rawValue: word), startsOperand(peek()) {
            let start = advance().span
            let operand = try comparison()
            return try node(.quantified(quantifier, operand), start.through(operand.span))
        }
        return try comparison()
    }

    private func startsOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .word(let word): return !Parser.reserved.contains(word.lowercased()) || word.lowercased() == "not"
        case .quotedWord: return true
        case .symbol(let symbol): return symbol == .leftParen
        default: return false
        }
    }

    private mutating func comparison() throws(DSLError) -> Expression {
        let left = try coalescing()
        guard let compared = try comparisonTail(left) else { return left }
        if isComparisonStart {
            throw DSLError(.chainedComparison, at: current.span)
        }
        return compared
    }

    private var isComparisonStart: Bool {
        switch current.kind {
        case .symbol(let symbol):
            return [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .assign].contains(symbol)
        case .word(let word):
            return ["is", "in", "between", "like", "glob", "matches"].contains(word.lowercased())
                || (word.lowercased() == "not" && ["in", "between", "like", "glob", "matches"].contains(peek().keyword ?? ""))
        default:
            return false
        }
    }

    private mutating func comparisonTail(_ left: Expression) throws(DSLError) -> Expression? {
        if case .symbol(let symbol) = current.kind {
            let op: BinaryOperator
            switch symbol {
            case .equal: op = .equal
            case .notEqual: op = .notEqual
            case .less: op = .less
            case .lessEqual: op = .lessEqual
            case .greater: op = .greater
            case .greaterEqual: op = .greaterEqual
            case .assign:
                throw DSLError(.assignInComparison, at: current.span)
            default: return nil
            }
            advance()
            let right = try coalescing()
            return try node(.binary(op, left, right), left.span.through(right.span))
        }
        guard var word = current.keyword else { return nil }
        if word == "is" {
            advance()
            let negated = accept(keyword: "not") != nil
            guard current.isKeyword("nil") || current.isKeyword("null") else {
                throw unexpected(expected: "`nil`", label: "`is` tests for nil: x is nil, x is not nil")
            }
            let end = advance().span
            return try node(.isNil(left, negated: negated), left.span.through(end))
        }
        var negated = false
        if word == "not" {
            guard let next = peek().keyword, ["in", "between", "like", "glob", "matches"].contains(next) else { return nil }
            advance()
            negated = true
            word = next
        }
        switch word {
        case "in":
            advance()
            return try membership(left, negated: negated)
        case "between":
            advance()
            let lower = try coalescing()
            try expect(keyword: "and", "between low and high")
            let upper = try coalescing()
            return try node(.between(left, lower, upper, negated: negated), left.span.through(upper.span))
        case "like", "glob", "matches":
            advance()
            let pattern = try coalescing()
            let op: PatternOperator = word == "like" ? .like : word == "glob" ? .glob : .matches
            return try node(.pattern(op, left, pattern, negated: negated), left.span.through(pattern.span))
        default:
            return nil
        }
    }

    private mutating func membership(_ left: Expression, negated: Bool) throws(DSLError) -> Expression {
        if accept(.leftBracket) != nil {
            var values: [Expression] = []
            if !current.isSymbol(.rightBracket) { values = try expressionList() }
            let end = try expect(.rightBracket, "close the list with `]`").span
            return try node(.inList(left, values, negated: negated), left.span.through(end))
        }
        if current.isSymbol(.leftParen), atSubquery(offset: 1) {
            advance()
            let query = try self.query()
            let end = try expect(.rightParen, "close the subquery").span
            return try node(.inQuery(left, query, negated: negated), left.span.through(end))
        }
        throw DSLError(.inWithoutList(found: current.description), at: current.span)
    }

    /// Whether the tokens at `offset` start a query: a name then `|` or `as alias |`.
    private func atSubquery(offset: Int) -> Bool {
        switch peek(offset).kind {
        case .word, .quotedWord: break
        default: return false
        }
        if peek(offset + 1).isSymbol(.pipe) { return true }
        return peek(offset + 1).isKeyword("as") && peek(offset + 3).isSymbol(.pipe)
    }

    private mutating func coalescing() throws(DSLError) -> Expression {
        var left = try additive()
        while accept(.coalesce) != nil {
            let right = try additive()
            left = try node(.binary(.coalesce, left, right), left.span.through(right.span))
        }
        return left
    }

    private mutating func additive() throws(DSLError) -> Expression {
        var left = try multiplicative()
        while true {
            let op: BinaryOperator
            if current.isSymbol(.plus) { op = .add } else if current.isSymbol(.minus) { op = .subtract } else if current.isSymbol(.concat) { op = .concat } else { return left }
            advance()
            let right = try multiplicative()
            left = try node(.binary(op, left, right), left.span.through(right.span))
        }
    }

    private mutating func multiplicative() throws(DSLError) -> Expression {
        var left = try unary()
        while true {
            let op: BinaryOperator
            if current.isSymbol(.star) { op = .multiply } else if current.isSymbol(.slash) { op = .divide } else if current.isSymbol(.percent) { op = .remainder } else { return left }
            advance()
            let right = try unary()
            left = try node(.binary(op, left, right), left.span.through(right.span))
        }
    }

    mutating func unary() throws(DSLError) -> Expression {
        try enter()
        defer { leave() }
        if current.isSymbol(.minus) {
            let start = advance().span
            let operand = try unary()
            return try node(.unary(.negate, operand), start.through(operand.span))
        }
        if current.isSymbol(.plus) {
            advance()
            return try unary()
        }
        return try postfix()
    }

    private mutating func postfix() throws(DSLError) -> Expression {
        var value = try primary()
        while true {
            if accept(.dot) != nil {
                let member = try name("a name after `.`")
                if accept(.leftParen) != nil {
                    let (arguments, _, _) = try callArguments()
                    let end = tokens[position - 1].span
                    value = try node(.method(value, member, arguments), value.span.through(end))
                } else {
                    value = try node(.member(value, member), value.span.through(member.span))
                }
            } else if accept(keyword: "collate") != nil {
                let collation = try name("a collation name")
                value = try node(.collate(value, collation), value.span.through(collation.span))
            } else {
                return value
            }
        }
    }

    private mutating func primary() throws(DSLError) -> Expression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return Expression(.integer(value), token.span)
        case .real(let value):
            advance()
            return Expression(.real(value), token.span)
        case .string(let value):
            advance()
            return Expression(.string(value), token.span)
        case .parameter(let name):
            advance()
            return Expression(.parameter(name), token.span)
        case .quotedWord(let word):
            advance()
            return Expression(.name(word), token.span)
        case .word(let word):
            switch word.lowercased() {
            case "true", "false":
                advance()
                return Expression(.boolean(word.lowercased() == "true"), token.span)
            case "nil", "null":
                advance()
                return Expression(.null, token.span)
            case "case":
                return try caseExpression()
            case "cast" where position + 1 < tokens.count && tokens[position + 1].isSymbol(.leftParen):
                return try castExpression()
            case let lowered where Parser.reserved.contains(lowered):
                throw unexpected(expected: "a value", label: "`\(word)` cannot start a value")
            default:
                advance()
                if accept(.leftParen) != nil {
                    let (arguments, distinct, star) = try callArguments()
                    let end = tokens[position - 1].span
                    var call = try node(.call(Name(text: word, span: token.span), arguments, distinct: distinct, star: star),
                                        token.span.through(end))
                    // `count() filter (where …)`, as in SQL.
                    if current.isKeyword("filter"), peek().isSymbol(.leftParen) {
                        advance()
                        advance()
                        try expect(keyword: "where", "filter (where condition)")
                        let condition = try expression()
                        let close = try expect(.rightParen, "close the filter").span
                        call = try node(.aggregateFilter(call, condition: condition), token.span.through(close))
                    }
                    if current.isKeyword("over"), peek().isSymbol(.leftParen) { return try window(over: call) }
                    return call
                }
                return Expression(.name(word), token.span)
            }
        case .symbol(.leftParen):
            if atSubquery(offset: 1) {
                advance()
                let query = try self.query()
                let end = try expect(.rightParen, "close the subquery").span
                return try node(.subquery(query), token.span.through(end))
            }
            advance()
            let inner = try expression()
            let end = try expect(.rightParen, "close the parenthesis").span
            return try node(inner.kind, token.span.through(end))
        case .symbol(.leftBracket):
            throw DSLError(.listOutsideIn, at: token.span)
        case .end:
            throw unexpected(expected: "a value", label: "the input ends where a value should be")
        default:
            throw unexpected(expected: "a value", label: "expected a value")
        }
    }

    /// After `(`: `)`, `*)`, or `[distinct] a, b)`.
    private mutating func callArguments() throws(DSLError) -> (arguments: [Expression], distinct: Bool, star: Bool) {
        if accept(.rightParen) != nil { return ([], false, false) }
        if accept(.star) != nil {
            try expect(.rightParen, "only `*` goes in count(*)")
            return ([], false, true)
        }
        let distinct = accept(keyword: "distinct") != nil
        var arguments = try expressionList()
        // `count(reminders where not isCompleted)`: the rows the aggregate reads.
        if let last = arguments.last, accept(keyword: "where") != nil {
            let condition = try expression()
            arguments[arguments.count - 1] = try node(.filtered(last, condition: condition), last.span.through(condition.span))
        }
        try expect(.rightParen, "close the argument list")
        return (arguments, distinct, false)
    }

    /// The words a window's frame is written with, as in SQL.
    static let frameWords: Set<String> = [
        "rows", "range", "groups", "between", "and", "unbounded", "preceding", "following", "current", "row",
        "exclude", "no", "others", "ties", "group",
    ]

    /// After a call: `over ([partition by …] [order …] [frame])`.
    private mutating func window(over call: Expression) throws(DSLError) -> Expression {
        advance()
        advance()
        var partition: [Expression] = []
        if accept(keyword: "partition") != nil {
            try expect(keyword: "by", "partition by column")
            partition = try expressionList()
        }
        var order: [SortItem] = []
        if accept(keyword: "order") != nil || accept(keyword: "sort") != nil {
            _ = accept(keyword: "by")
            order = try sortItems()
        }
        var frame: [String] = []
        while !current.isSymbol(.rightParen) {
            switch current.kind {
            case .word(let word) where Parser.frameWords.contains(word.lowercased()):
                frame.append(word.uppercased())
            case .integer(let value):
                frame.append(String(value))
            default:
                throw unexpected(expected: "`)`", label: "a window takes partition by, order and a frame such as rows between unbounded preceding and current row")
            }
            advance()
        }
        let end = try expect(.rightParen, "close the window").span
        return try node(.window(call, partition: partition, order: order, frame: frame.isEmpty ? nil : frame.joined(separator: " ")),
                        call.span.through(end))
    }

    /// The type names `cast` takes: SQLite's five affinities.
    static let castTypes = ["integer", "real", "text", "blob", "numeric"]

    /// `cast(EXPR as TYPE)`.
    private mutating func castExpression() throws(DSLError) -> Expression {
        let start = advance().span
        try expect(.leftParen, "cast(value as type)")
        let value = try expression()
        try expect(keyword: "as", "cast(value as type)")
        let type = current
        guard case .word(let name) = type.kind, Parser.castTypes.contains(name.lowercased()) else {
            var suggestions: [String] = []
            if case .word(let name) = type.kind { suggestions = Suggestions.closest(to: name, in: Parser.castTypes) }
            throw DSLError(.unknownCastType(suggestions: suggestions), at: type.span)
        }
        advance()
        let end = try expect(.rightParen, "close the cast").span
        return try node(.cast(value, name.lowercased()), start.through(end))
    }

    private mutating func caseExpression() throws(DSLError) -> Expression {
        let start = advance().span
        var subject: Expression?
        if !current.isKeyword("when") { subject = try expression() }
        var whens: [(Expression, Expression)] = []
        while accept(keyword: "when") != nil {
            let condition = try expression()
            try expect(keyword: "then", "case … when condition then value")
            whens.append((condition, try expression()))
        }
        guard !whens.isEmpty else {
            throw unexpected(expected: "`when`", label: "a case needs at least one `when … then …`")
        }
        var otherwise: Expression?
        if accept(keyword: "else") != nil { otherwise = try expression() }
        let end = try expect(keyword: "end", "close the case with `end`").span
        return try node(.caseWhen(subject: subject, whens: whens, otherwise: otherwise), start.through(end))
    }
}

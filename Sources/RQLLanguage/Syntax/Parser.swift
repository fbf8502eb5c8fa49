/// Reads one DSL command into a `Statement`: a query, an `insert`, or a
/// definition (`def`, `enum`, `alias`, `let`). Brackets and subqueries
/// nested deeper than `maximumDepth`, and a tree deeper than
/// `maximumTreeDepth` (a chain of operators, postfix calls or path steps
/// nests one level a link), are errors, not stack overflows: the compiler
/// and the tree's own release recurse once a level.
struct Parser {
    static let maximumDepth = 64
    static let maximumTreeDepth = 128

    let bytes: [UInt8]
    var tokens: [Token]
    var position = 0
    var depth = 0

    init(_ text: String) throws(DSLError) {
        bytes = Array(text.utf8)
        tokens = try Lexer.tokens(text)
    }

    static func parse(_ text: String) throws(DSLError) -> Statement {
        var parser = try Parser(text)
        let statement = try parser.statement()
        try parser.expectEnd()
        return statement
    }

    // MARK: Tokens

    var current: Token { tokens[position] }

    func peek(_ offset: Int = 1) -> Token {
        tokens[min(position + offset, tokens.count - 1)]
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    mutating func accept(keyword: String) -> Token? {
        current.isKeyword(keyword) ? advance() : nil
    }

    mutating func accept(_ symbol: Token.Symbol) -> Token? {
        current.isSymbol(symbol) ? advance() : nil
    }

    @discardableResult
    mutating func expect(_ symbol: Token.Symbol, _ label: String) throws(DSLError) -> Token {
        if let token = accept(symbol) { return token }
        throw unexpected(expected: "`\(symbol.rawValue)`", label: label)
    }

    @discardableResult
    mutating func expect(keyword: String, _ label: String) throws(DSLError) -> Token {
        if let token = accept(keyword: keyword) { return token }
        throw unexpected(expected: "`\(keyword)`", label: label)
    }

    /// A name: an unquoted word that is not reserved, or a backticked name.
    mutating func name(_ what: String) throws(DSLError) -> Name {
        switch current.kind {
        case .word(let word) where !Parser.reserved.contains(word.lowercased()):
            return Name(text: word, span: advance().span)
        case .quotedWord(let word):
            return Name(text: word, span: advance().span)
        default:
            throw unexpected(expected: what, label: "expected \(what)")
        }
    }

    var atName: Bool {
        switch current.kind {
        case .word(let word): return !Parser.reserved.contains(word.lowercased())
        case .quotedWord: return true
        default: return false
        }
    }

    func expectEnd() throws(DSLError) {
        guard current.kind != .end else { return }
        if case .word = current.kind, Parser.stageNames.contains(current.keyword ?? "") {
            throw DSLError(.missingPipe(before: current.keyword ?? ""), at: current.span)
        }
        throw unexpected(expected: "the end of the query", label: "unexpected here")
    }

    func unexpected(expected: String, label: String) -> DSLError {
        DSLError(.unexpected(expected: expected, found: current.description, label: label), at: current.span)
    }

    /// The source text of `span`, blanks collapsed: result column names.
    func text(of span: SourceSpan) -> String {
        let raw = String(decoding: bytes[span.lower..<span.upper], as: UTF8.self)
        return raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    mutating func enter() throws(DSLError) {
        depth += 1
        if depth > Parser.maximumDepth {
            throw DSLError(.nestedTooDeeply(levels: Parser.maximumDepth), at: current.span)
        }
    }

    mutating func leave() { depth -= 1 }

    /// A node with children, refused when the tree under it is too deep.
    func node(_ kind: Expression.Kind, _ span: SourceSpan) throws(DSLError) -> Expression {
        let node = Expression(kind, span)
        guard node.depth <= Parser.maximumTreeDepth else {
            throw DSLError(.treeTooDeep(levels: Parser.maximumTreeDepth), at: tokens[max(0, position - 1)].span)
        }
        return node
    }

    /// Words that never name a column (a backticked name can).
    static let reserved: Set<String> = [
        "and", "or", "not", "is", "in", "between", "like", "glob", "matches", "case", "when", "then",
        "else", "end", "as", "asc", "desc", "nulls", "collate", "on", "true", "false", "nil", "null",
        "distinct",
    ]

    static let stageNames = [
        "where", "select", "order", "limit", "offset", "group", "having", "distinct", "count", "join",
        "left", "find", "search", "update", "delete", "insert", "returning", "union", "intersect", "except", "chart",
    ]
}

import RQLLanguage

extension Session {
    /// Whether the rows of the query `command` come in an order it sets:
    /// SQL with an ORDER BY outside any parentheses (not a window's or a
    /// subquery's), or a DSL query whose statement ends with one.
    public func setsRowOrder(_ command: Command) -> Bool {
        switch command.language {
        case .dsl:
            guard case .query(let query)? = try? compileDSL(command.text) else { return false }
            return query.isOrdered
        case .sql:
            var depth = 0
            let tokens = SQLTokenizer.tokens(command.text)
            for (index, token) in tokens.enumerated() {
                if token.isPunctuation("(") { depth += 1 }
                if token.isPunctuation(")") { depth = max(0, depth - 1) }
                if depth == 0, token.isWord("order"), index + 1 < tokens.count, tokens[index + 1].isWord("by") { return true }
            }
            return false
        case .dot:
            return false
        }
    }
}

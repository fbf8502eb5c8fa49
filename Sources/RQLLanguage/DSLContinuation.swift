/// Whether a DSL command's text leaves something open, so the next line
/// continues it: it ends with `|`, `,`, an operator or a keyword that needs
/// an operand, or inside a bracket, a string or a `case`. Text the lexer
/// cannot read (other than an open string) is complete: the command ends
/// there and runs to report its error, and the lines after it stay commands
/// of their own.
///
///     DSLContinuation.needsMore("reminders |")          // true
///     DSLContinuation.needsMore("reminders | count")    // false
public enum DSLContinuation {
    public static func needsMore(_ text: String) -> Bool {
        let (tokens, error) = Lexer.tokensLeniently(text)
        if let error { return error.problem.isUnterminated }
        var depth = 0
        var cases = 0
        for token in tokens {
            switch token.kind {
            case .symbol(.leftParen), .symbol(.leftBracket): depth += 1
            case .symbol(.rightParen), .symbol(.rightBracket): depth -= 1
            case .word(let word):
                let lowered = word.lowercased()
                if lowered == "case" { cases += 1 } else if lowered == "end" { cases -= 1 }
            default: break
            }
        }
        if depth > 0 || cases > 0 { return true }
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .symbol(let symbol):
            return ![.star, .rightParen, .rightBracket].contains(symbol)
        case .word(let word):
            return operandKeywords.contains(word.lowercased())
        default:
            return false
        }
    }

    /// Keywords that cannot end a command.
    static let operandKeywords: Set<String> = [
        "and", "or", "not", "where", "filter", "select", "order", "sort", "by", "group", "having", "join", "left", "on",
        "as", "in", "between", "like", "glob", "matches", "is", "update", "insert", "returning", "find", "search",
        "match", "limit", "offset", "when", "then", "else", "collate", "nulls", "any", "all", "none",
    ]
}

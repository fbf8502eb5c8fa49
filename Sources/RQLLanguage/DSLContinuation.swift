/// Whether a DSL command's text leaves something open, so the next line
/// continues it: it ends with `|`, `,`, an operator or a keyword that needs
/// an operand, or inside a bracket, a string or a `case`. Text the lexer
/// cannot read (other than an open string) is complete: the command ends
/// there and runs to report its error, and the lines after it stay commands
/// of their own. Read a line at a time, each line is lexed once (a line
/// inside an open string with the lines since the string opened), so a
/// query of many lines is not read again for each.
///
///     var continuation = DSLContinuation()
///     continuation.read(line: "reminders |")     // needsMore: true
///     continuation.read(line: "  | count")       // needsMore: false
public struct DSLContinuation {
    /// Brackets and `case`s open in the lines read.
    private var depth = 0
    private var cases = 0
    /// The last token of the lines read.
    private var last: Token.Kind?
    /// The lines since a string or a name in backticks opened, while it is open.
    private var open: String?
    /// Whether the lines read so far leave something open.
    public private(set) var needsMore = false

    public init() {}

    /// Reads the command's first line, or the next one.
    public mutating func read(line: String) {
        let text = open.map { $0 + "\n" + line } ?? line
        let (tokens, error) = Lexer.tokensLeniently(text)
        if let error, error.problem.isUnterminated {
            open = text
            needsMore = true
            return
        }
        open = nil
        guard error == nil else {
            needsMore = false
            return
        }
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
        last = tokens.last?.kind ?? last
        needsMore = depth > 0 || cases > 0 || last.map(DSLContinuation.needsOperand) == true
    }

    /// Whether a command cannot end with a token of this kind.
    private static func needsOperand(_ kind: Token.Kind) -> Bool {
        switch kind {
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

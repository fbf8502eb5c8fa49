/// One token of a DSL command.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A name or a keyword; keywords are recognised by the parser.
        case word(String)
        /// A name in backticks: never a keyword.
        case quotedWord(String)
        case integer(Int64)
        case real(Double)
        case string(String)
        /// `:name`, `$name`, `@name` or `?N`, as written.
        case parameter(String)
        case symbol(Symbol)
        case end
    }

    enum Symbol: String, Equatable {
        case pipe = "|", comma = ",", dot = ".", leftParen = "(", rightParen = ")"
        case leftBracket = "[", rightBracket = "]"
        case star = "*", plus = "+", minus = "-", slash = "/", percent = "%"
        case concat = "++", coalesce = "??"
        case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
        case assign = "=", define = ":=", bang = "!", and = "&&", or = "||"
    }

    var kind: Kind
    var span: SourceSpan

    /// The keyword this token spells, lowercased, when it is an unquoted word.
    var keyword: String? {
        if case .word(let word) = kind { return word.lowercased() }
        return nil
    }

    func isKeyword(_ name: String) -> Bool { keyword == name }

    func isSymbol(_ symbol: Symbol) -> Bool { kind == .symbol(symbol) }

    /// A word or a quoted word: what can name a table or a column.
    var isName: Bool {
        switch kind {
        case .word, .quotedWord: true
        default: false
        }
    }

    /// How the token reads in an error message.
    var description: String {
        switch kind {
        case .word(let word): return "`\(word)`"
        case .quotedWord(let word): return "`\(word)`"
        case .integer(let value): return "`\(value)`"
        case .real(let value): return "`\(value)`"
        case .string: return "a string"
        case .parameter(let name): return "`\(name)`"
        case .symbol(let symbol): return "`\(symbol.rawValue)`"
        case .end: return "the end of the input"
        }
    }
}

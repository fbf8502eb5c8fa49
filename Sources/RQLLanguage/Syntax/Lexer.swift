/// Splits DSL text into tokens. Strings use `'…'` or `"…"` with the quote
/// doubled inside; names in backticks may hold any character; `--` starts a
/// comment to the end of the line.
struct Lexer {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Every token, ending with `.end`.
    static func tokens(_ text: String) throws(DSLError) -> [Token] {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// The tokens up to the first error, and that error, for callers that
    /// only need to know how the text ends (continuation prompts).
    static func tokensLeniently(_ text: String) -> (tokens: [Token], error: DSLError?) {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        while true {
            do {
                let token = try lexer.next()
                if token.kind == .end { return (tokens, nil) }
                tokens.append(token)
            } catch {
                return (tokens, error)
            }
        }
    }

    private mutating func next() throws(DSLError) -> Token {
        skipBlanksAndComments()
        guard index < bytes.count else { return Token(kind: .end, span: SourceSpan(index, index)) }
        let start = index
        let byte = bytes[index]
        if Self.isNameStart(byte) {
            while index < bytes.count, Self.isNameContinuation(bytes[index]) { index += 1 }
            return Token(kind: .word(text(start, index)), span: SourceSpan(start, index))
        }
        if Self.isDigit(byte) || (byte == 0x2E && index + 1 < bytes.count && Self.isDigit(bytes[index + 1])) {
            return try number(from: start)
        }
        switch byte {
        case 0x27, 0x22: // ' "
            let quote = String(decoding: [byte], as: UTF8.self)
            let value = try quoted(by: byte, from: start, unterminated: .unterminatedString(quote: quote))
            return Token(kind: .string(value), span: SourceSpan(start, index))
        // (A `where` would guard only the last pattern of a list.)
        case 0x3A where index + 1 < bytes.count && Self.isNameStart(bytes[index + 1]),  // :name
             0x24 where index + 1 < bytes.count && Self.isNameStart(bytes[index + 1]),  // $name
             0x40 where index + 1 < bytes.count && Self.isNameStart(bytes[index + 1]):  // @name
            index += 1
            while index < bytes.count, Self.isNameContinuation(bytes[index]) { index += 1 }
            return Token(kind: .parameter(text(start, index)), span: SourceSpan(start, index))
        case 0x3F where index + 1 < bytes.count && Self.isDigit(bytes[index + 1]): // ?N
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            return Token(kind: .parameter(text(start, index)), span: SourceSpan(start, index))
        case 0x60: // `
            let value = try quoted(by: byte, from: start, unterminated: .unterminatedQuotedName)
            guard !value.isEmpty else {
                throw DSLError(.emptyQuotedName, at: SourceSpan(start, index))
            }
            return Token(kind: .quotedWord(value), span: SourceSpan(start, index))
        default:
            break
        }
        for length in [2, 1] where index + length <= bytes.count {
            if let symbol = Token.Symbol(rawValue: text(index, index + length)) {
                index += length
                return Token(kind: .symbol(symbol), span: SourceSpan(start, index))
            }
        }
        let scalarEnd = Self.endOfScalar(in: bytes, at: index)
        let character = text(index, scalarEnd)
        index = scalarEnd
        throw DSLError(.unexpectedCharacter(character), at: SourceSpan(start, scalarEnd))
    }

    private mutating func skipBlanksAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == 0x2D, index + 1 < bytes.count, bytes[index + 1] == 0x2D {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func number(from start: Int) throws(DSLError) -> Token {
        var isReal = false
        while index < bytes.count, Self.isDigit(bytes[index]) || bytes[index] == 0x5F { index += 1 }
        if index < bytes.count, bytes[index] == 0x2E, index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
            isReal = true
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == 0x65 { // e E
            var look = index + 1
            if look < bytes.count, bytes[look] == 0x2B || bytes[look] == 0x2D { look += 1 }
            if look < bytes.count, Self.isDigit(bytes[look]) {
                isReal = true
                index = look
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
        }
        let span = SourceSpan(start, index)
        if index < bytes.count, Self.isNameStart(bytes[index]) {
            while index < bytes.count, Self.isNameContinuation(bytes[index]) { index += 1 }
            throw DSLError(.digitLeadsName(text(start, index)), at: SourceSpan(start, index))
        }
        let digits = text(start, index).filter { $0 != "_" }
        if !isReal, let value = Int64(digits) { return Token(kind: .integer(value), span: span) }
        guard let value = Double(digits) else {
            throw DSLError(.malformedNumber(digits), at: span)
        }
        return Token(kind: .real(value), span: span)
    }

    /// The text between `quote` and the next lone one, a doubled quote read
    /// as one; `unterminated` when the text ends first.
    private mutating func quoted(by quote: UInt8, from start: Int, unterminated: DSLProblem) throws(DSLError) -> String {
        var value: [UInt8] = []
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == quote {
                if index < bytes.count, bytes[index] == quote {
                    value.append(quote)
                    index += 1
                } else {
                    return String(decoding: value, as: UTF8.self)
                }
            } else {
                value.append(byte)
            }
        }
        throw DSLError(unterminated, at: SourceSpan(start, start + 1))
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    static func isNameContinuation(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) || byte == 0x24 }

    private static func endOfScalar(in bytes: [UInt8], at index: Int) -> Int {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }
}

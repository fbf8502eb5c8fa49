/// A token of SQL text, for reading schema statements (FTS5 options,
/// trigger bodies) without guessing with regular expressions.
public struct SQLToken: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A keyword or a bare name.
        case word
        /// `"name"`, `[name]` or `` `name` ``; `text` is the name without quotes.
        case quotedName
        /// `'text'`; `text` is the value without quotes.
        case string
        case number
        /// Any other character (`(`, `,`, `.`, `;`, operators one character at a time).
        case punctuation
    }

    public var kind: Kind
    public var text: String
    /// Where it is in the SQL, in UTF-8 bytes (quotes included).
    public var range: Range<Int>

    /// Whether it is the word `keyword`, in any case.
    public func isWord(_ keyword: String) -> Bool {
        kind == .word && text.lowercased() == keyword
    }

    /// A name: a word or a quoted name.
    public var name: String? { kind == .word || kind == .quotedName ? text : nil }

    /// Whether it is the punctuation `mark` (`(`, `,`, `;`, …).
    public func isPunctuation(_ mark: String) -> Bool {
        kind == .punctuation && text == mark
    }
}

/// Splits SQL into tokens (`SQLLexer`'s), skipping blanks and comments;
/// strings and quoted names are kept whole, their values without their
/// quotes (doubled inside, a quote counts once).
public enum SQLTokenizer {
    public static func tokens(_ sql: String) -> [SQLToken] {
        var sql = sql
        return sql.withUTF8 { bytes in
            var tokens: [SQLToken] = []
            var index = 0
            while index < bytes.count {
                let token = SQLLexer.token(in: bytes, at: index)
                index = token.range.upperBound
                if let read = sqlToken(token, in: bytes) { tokens.append(read) }
            }
            return tokens
        }
    }

    /// The lexer's token as a caller reads it; nil for blanks and comments.
    private static func sqlToken(_ token: SQLLexer.Token, in bytes: UnsafeBufferPointer<UInt8>) -> SQLToken? {
        let kind: SQLToken.Kind
        switch token.kind {
        case .blank, .lineComment, .blockComment: return nil
        case .quoted(let close):
            return SQLToken(kind: bytes[token.range.lowerBound] == 0x27 ? .string : .quotedName,
                            text: value(of: token, closedBy: close, in: bytes), range: token.range)
        case .word: kind = .word
        case .number: kind = .number
        case .punctuation: kind = .punctuation
        }
        return SQLToken(kind: kind, text: String(decoding: bytes[token.range], as: UTF8.self), range: token.range)
    }

    /// A string's or quoted name's value: without its quotes, and a quote
    /// doubled inside counted once.
    private static func value(of token: SQLLexer.Token, closedBy close: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let end = token.isOpen ? token.range.upperBound : token.range.upperBound - 1
        var value: [UInt8] = []
        var index = token.range.lowerBound + 1
        while index < end {
            value.append(bytes[index])
            index += bytes[index] == close && close != 0x5D ? 2 : 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `( a, b.c, … )` starting at `start`: each item's tokens (split at
    /// commas outside inner parentheses), and the index after `)`.
    public static func parenthesizedList(_ tokens: [SQLToken], from start: Int) -> ([[SQLToken]], Int)? {
        guard start < tokens.count, tokens[start].isPunctuation("(") else { return nil }
        var items: [[SQLToken]] = [[]]
        var depth = 0
        for index in (start + 1)..<tokens.count {
            let token = tokens[index]
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") {
                if depth == 0 { return (items, index + 1) }
                depth -= 1
            }
            if depth == 0, token.isPunctuation(",") {
                items.append([])
            } else {
                items[items.count - 1].append(token)
            }
        }
        return nil
    }

    /// The first token from `start` on that matches, outside parentheses
    /// opened after `start`.
    public static func firstIndex(in tokens: [SQLToken], outsideParenthesesFrom start: Int,
                                  where matches: (SQLToken) -> Bool) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            let token = tokens[index]
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            if depth == 0, matches(token) { return index }
        }
        return nil
    }
}

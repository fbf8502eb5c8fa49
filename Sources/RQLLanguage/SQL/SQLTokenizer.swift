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

/// Splits SQL into tokens, skipping blanks and comments; strings and quoted
/// names are kept whole (their quotes may be doubled inside).
public enum SQLTokenizer {
    public static func tokens(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var index = 0
        func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                index += 1
            } else if byte == 0x2D, index + 1 < bytes.count, bytes[index + 1] == 0x2D {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                index += 2
                while index < bytes.count, !(bytes[index] == 0x2A && index + 1 < bytes.count && bytes[index + 1] == 0x2F) { index += 1 }
                index = min(bytes.count, index + 2)
            } else if byte == 0x27 || byte == 0x22 || byte == 0x60 || byte == 0x5B {
                let close: UInt8 = byte == 0x5B ? 0x5D : byte
                var value: [UInt8] = []
                index += 1
                while index < bytes.count {
                    if bytes[index] == close {
                        if close != 0x5D, index + 1 < bytes.count, bytes[index + 1] == close {
                            value.append(close)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    value.append(bytes[index])
                    index += 1
                }
                tokens.append(SQLToken(kind: byte == 0x27 ? .string : .quotedName, text: String(decoding: value, as: UTF8.self),
                                       range: start..<index))
            } else if Lexer.isNameStart(byte) {
                while index < bytes.count, Lexer.isNameContinuation(bytes[index]) { index += 1 }
                tokens.append(SQLToken(kind: .word, text: text(start, index), range: start..<index))
            } else if Lexer.isDigit(byte) {
                while index < bytes.count, Lexer.isNameContinuation(bytes[index]) || bytes[index] == 0x2E { index += 1 }
                tokens.append(SQLToken(kind: .number, text: text(start, index), range: start..<index))
            } else {
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                tokens.append(SQLToken(kind: .punctuation, text: text(start, index), range: start..<index))
            }
        }
        return tokens
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

/// SQL text read a token at a time from its UTF-8 bytes, as SQLite reads
/// it: the one lexer behind `SQLTokenizer` (tokens and their values),
/// `SQLStatementScanner` (where a statement ends) and
/// `skippingBlanksAndComments()`. Any bytes read, NUL and invalid UTF-8
/// included, and each is looked at a bounded number of times. A string, a
/// quoted name or a comment that the text leaves open runs to its end, and
/// goes on when more text comes (`continuing`). In `'it''s' x`, the
/// first token is the string over 0..<7.
enum SQLLexer {
    struct Token: Equatable {
        enum Kind: Equatable {
            /// Spaces, tabs, line feeds, carriage returns and form feeds.
            case blank
            /// `-- …`, up to the line feed (not part of it).
            case lineComment
            /// `/* … */`.
            case blockComment
            /// `'…'`, `"…"`, `` `…` `` or `[…]`: the byte that closes it. A
            /// quote doubled inside does not close it (a `]` always does).
            case quoted(close: UInt8)
            /// A keyword or a bare name.
            case word
            /// A digit and the name characters and dots after it.
            case number
            /// Any other character (its UTF-8 continuation bytes with it).
            case punctuation
        }

        var kind: Kind
        var range: Range<Int>
        /// Whether the text ends inside it: a string, a quoted name or a
        /// `/* */` comment without its end, or a `--` comment without a
        /// line feed after it.
        var isOpen = false

        var isBlankOrComment: Bool {
            kind == .blank || kind == .lineComment || kind == .blockComment
        }
    }

    /// The token that starts at `start`, before the end of `bytes`.
    static func token(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token {
        let byte = bytes[start]
        let next: UInt8? = start + 1 < bytes.count ? bytes[start + 1] : nil
        if isBlank(byte) {
            return Token(kind: .blank, range: start..<end(of: bytes, from: start + 1, while: isBlank))
        } else if byte == 0x2D, next == 0x2D {
            return continuing(Token(kind: .lineComment, range: start..<(start + 2)), in: bytes)
        } else if byte == 0x2F, next == 0x2A {
            return continuing(Token(kind: .blockComment, range: start..<(start + 2)), in: bytes)
        } else if byte == 0x27 || byte == 0x22 || byte == 0x60 || byte == 0x5B {
            let quoted = Token(kind: .quoted(close: byte == 0x5B ? 0x5D : byte), range: start..<(start + 1))
            return continuing(quoted, in: bytes)
        } else if Lexer.isNameStart(byte) {
            return Token(kind: .word, range: start..<end(of: bytes, from: start + 1, while: Lexer.isNameContinuation))
        } else if Lexer.isDigit(byte) {
            let end = end(of: bytes, from: start + 1) { Lexer.isNameContinuation($0) || $0 == 0x2E }
            return Token(kind: .number, range: start..<end)
        }
        return Token(kind: .punctuation, range: start..<end(of: bytes, from: start + 1) { $0 & 0xC0 == 0x80 })
    }

    /// A string, quoted name or comment read up to the end of `open.range`
    /// (open, or just started), read on over `bytes`, which hold the same
    /// text and perhaps more after it.
    static func continuing(_ open: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Token {
        var token = open
        var index = open.range.upperBound
        switch open.kind {
        case .lineComment:
            index = end(of: bytes, from: index) { $0 != 0x0A }
            token.isOpen = index == bytes.count
        case .blockComment:
            // The `*` of `*/` may be the last byte read so far.
            index = max(open.range.lowerBound + 2, index - 1)
            while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
            token.isOpen = index + 1 >= bytes.count
            index = token.isOpen ? bytes.count : index + 2
        case .quoted(let close):
            token.isOpen = true
            while index < bytes.count, token.isOpen {
                if bytes[index] == close, close != 0x5D, index + 1 < bytes.count, bytes[index + 1] == close {
                    index += 1
                } else if bytes[index] == close {
                    token.isOpen = false
                }
                index += 1
            }
        case .blank, .word, .number, .punctuation:
            break
        }
        token.range = open.range.lowerBound..<index
        return token
    }

    /// Where the blanks and comments from `start` on end.
    static func endOfBlanksAndComments(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, startsBlankOrComment(bytes, at: index) {
            index = token(in: bytes, at: index).range.upperBound
        }
        return index
    }

    /// Whether the token at `index` is a blank or a comment, found without
    /// reading the token (which may be long).
    private static func startsBlankOrComment(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        guard !isBlank(byte) else { return true }
        guard index + 1 < bytes.count else { return false }
        return (byte == 0x2D && bytes[index + 1] == 0x2D) || (byte == 0x2F && bytes[index + 1] == 0x2A)
    }

    /// The blanks between SQL tokens, as SQLite's `sqlite3_complete()` and
    /// this lexer read them.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, while matches: (UInt8) -> Bool) -> Int {
        var index = start
        while index < bytes.count, matches(bytes[index]) { index += 1 }
        return index
    }
}

import Testing
@testable import RQLLanguage

@Suite struct SQLLexerTests {
    /// Every token of `bytes`, in order.
    static func tokens(_ bytes: [UInt8]) -> [SQLLexer.Token] {
        bytes.withUnsafeBufferPointer { buffer in
            var tokens: [SQLLexer.Token] = []
            var index = 0
            while index < buffer.count {
                tokens.append(SQLLexer.token(in: buffer, at: index))
                index = tokens[tokens.count - 1].range.upperBound
            }
            return tokens
        }
    }

    static func tokens(_ text: String) -> [SQLLexer.Token] { tokens(Array(text.utf8)) }

    @Test func readsEachKindOfToken() {
        let text = "SELECT 'it''s', \"a\"\"b\", `c`, [d]], x'0A', 1.5e3 -- note\n/* c */;"
        let kinds = Self.tokens(text).filter { !$0.isBlankOrComment || $0.kind != .blank }.map(\.kind)
        #expect(kinds == [
            .word, .quoted(close: 0x27), .punctuation, .quoted(close: 0x22), .punctuation, .quoted(close: 0x60),
            .punctuation, .quoted(close: 0x5D), .punctuation, .punctuation, .word, .quoted(close: 0x27), .punctuation,
            .number, .lineComment, .blockComment, .punctuation,
        ])
        #expect(SQLTokenizer.tokens(text).filter { $0.kind == .string || $0.kind == .quotedName }.map(\.text)
                == ["it's", "a\"b", "c", "d", "0A"])
    }

    @Test(arguments: ["SELECT 'a", "SELECT \"a\"\"", "SELECT [a", "SELECT `a", "SELECT /* a", "SELECT /* a *", "-- a"])
    func aTokenTheTextLeavesOpenRunsToTheEnd(text: String) {
        let last = Self.tokens(text).last
        #expect(last?.isOpen == true)
        #expect(last?.range.upperBound == text.utf8.count)
    }

    /// An open token read on over more text ends where it would had the
    /// whole text been there from the start.
    @Test(arguments: ["'a\nb''c' x", "/* a *\n/ x", "/* a *\n*/ x", "-- a\nx", "[a\n]] x", "\"a\"\"\n\"b\" x"])
    func anOpenTokenGoesOnAsIfReadWhole(text: String) {
        let bytes = Array(text.utf8)
        let whole = Self.tokens(bytes)[0]
        let lineBreak = bytes.firstIndex(of: 0x0A) ?? 0
        let first = Array(bytes[..<lineBreak]).withUnsafeBufferPointer { SQLLexer.token(in: $0, at: 0) }
        #expect(first.isOpen)
        #expect(bytes.withUnsafeBufferPointer { SQLLexer.continuing(first, in: $0) } == whole)
    }

    /// NUL bytes and bytes that are not UTF-8 are tokens like any other,
    /// and every byte is in exactly one token.
    @Test func readsAnyBytes() {
        let bytes: [UInt8] = [0x00, 0x53, 0xFF, 0x27, 0x00, 0xC3, 0x27, 0x3B, 0x80, 0x2D, 0x2D, 0xFE, 0x0A, 0x2F, 0x2A, 0x00]
        let tokens = Self.tokens(bytes)
        #expect(tokens.first?.kind == .punctuation)
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
        #expect(tokens.last?.kind == .blockComment && tokens.last?.isOpen == true)
        #expect(SQLTokenizer.tokens(String(decoding: bytes, as: UTF8.self)).count > 3)
    }

    /// Each byte is looked at a bounded number of times: these take as
    /// long as reading a megabyte, not a megabyte squared.
    @Test func longTextIsReadInOnePass() {
        let megabyte = 1 << 20
        let string = "'" + String(repeating: "a''", count: megabyte / 3)
        #expect(Self.tokens(string).count == 1)
        #expect(SQLTokenizer.tokens(String(repeating: "a;", count: megabyte / 2)).count == megabyte)
        #expect((String(repeating: "\u{00A0} ", count: megabyte / 3) + "x").skippingBlanksAndComments() == "x")
        #expect((String(repeating: "-- a\n/* b */", count: megabyte / 12) + "x").skippingBlanksAndComments() == "x")
    }

    @Test func skipsBlanksCommentsAndWhitespaceScalars() {
        #expect(" \u{00A0}\t-- a\r\n/* b */\u{2003}select 1".skippingBlanksAndComments() == "select 1")
        #expect("/* open".skippingBlanksAndComments() == "")
        #expect("\0 select".skippingBlanksAndComments() == "\0 select")
    }
}

import Testing
@testable import RQLLanguage
import RQLValues

/// Names and text quoted for SQLite and FTS5. A quote followed by a
/// combining mark (U+0301) is one Character in Swift and still a quote to
/// SQLite, so it is doubled like any other.
@Suite struct QuotingTests {
    @Test func aQuoteBeforeACombiningMarkIsDoubled() {
        #expect(SQLText.identifier("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(SQLText.stringLiteral("it'\u{301}s") == "'it''\u{301}s'")
        #expect(SQLValue.text("it'\u{301}s").literal == "'it''\u{301}s'")
        #expect(Compiler.quotedWords("milk\"\u{301} 東京") == "\"milk\"\"\u{301}\" \"東京\"")
    }

    @Test func otherTextIsKeptByteForByte() {
        // Compared as bytes: String's == would take e + U+0301 for é.
        let text = "Zoë e\u{301} 東京 👩‍👩‍👧 \u{0}"
        #expect(Array(SQLText.identifier(text).utf8) == Array(("\"" + text + "\"").utf8))
        #expect(Array(text.replacingASCII { $0 == UInt8(ascii: " ") ? "_" : nil }.utf8)
                == Array("Zoë_e\u{301}_東京_👩‍👩‍👧_\u{0}".utf8))
    }

    @Test func aDSLNameWithAQuoteAndAMarkIsOneIdentifier() throws {
        #expect(try compile("reminders | select `a\"\u{301}b` = title")
                == "SELECT \"reminders\".\"title\" AS \"a\"\"\u{301}b\" FROM \"reminders\"")
    }
}

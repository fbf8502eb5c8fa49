import Testing
import RQLLanguage

@Suite struct InputLanguageTests {
    @Test(arguments: [
        ("SELECT 1", InputLanguage.sql), ("  with x as (select 1) select * from x", .sql), ("pragma table_info(t)", .sql),
        ("-- a comment\nDELETE FROM t", .sql), ("/* c */ update t set a = 1", .sql), ("insert into t values (1)", .sql),
        ("INSERT OR REPLACE INTO t VALUES (1)", .sql), ("insert remindersLists title = 'x'", .dsl),
        ("reminders | where isFlagged", .dsl), (".tables", .dot), ("  .mode box", .dot), ("sql select 1", .sql),
        ("dsl select", .dsl), (";", .sql), ("Values (1)", .sql),
    ])
    func classification(text: String, language: InputLanguage) {
        #expect(InputLanguage.classify(text[...])?.language == language)
    }

    @Test func blanksAndCommentsAreNothing() {
        #expect(InputLanguage.classify("   "[...]) == nil)
        #expect(InputLanguage.classify("-- only a comment"[...]) == nil)
        #expect(InputLanguage.classify("/* unterminated"[...]) == nil)
        #expect(InputLanguage.classify("sql select 1"[...])?.body == "select 1")
    }

    /// A combining mark after `-` or `*` makes one character of the two in
    /// Swift, but SQLite reads `--`, `/*` and `*/` byte by byte, and so does rql.
    @Test func commentsAreFoundScalarByScalar() {
        #expect(InputLanguage.classify("--\u{06DB}ub 5\n--2;"[...]) == nil)
        #expect(InputLanguage.classify("/* a *\u{0301}/ select 1"[...]) == nil)  // no `*/` there
        #expect("/*\u{0301} x */ select 1".skippingBlanksAndComments() == "select 1")
    }
}

@Suite struct SuggestionTests {
    @Test func closestNames() {
        let commands = ["tables", "schema", "timer", "help", "headers", "mode", "maxrows"]
        #expect(Suggestions.closest(to: "tabels", in: commands) == ["tables"])
        #expect(Suggestions.closest(to: "he", in: commands) == ["headers", "help"])
        #expect(Suggestions.closest(to: "mdoe", in: commands) == ["mode"])
        #expect(Suggestions.closest(to: "zzzzzz", in: commands) == [])
    }

    @Test func editDistance() {
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("ab", "ba") == 1)
        #expect(Suggestions.editDistance("", "abc") == 3)
    }

    @Test func phrases() {
        #expect(Suggestions.phrase(["a"]) == "a")
        #expect(Suggestions.phrase(["a", "b", "c"]) == "a, b or c")
    }
}

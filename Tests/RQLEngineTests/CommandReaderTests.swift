import Testing
@testable import RQLEngine

@Suite struct CommandReaderTests {
    @Test func aCommentWithACombiningMarkAfterItsDashesIsNoCommand() {
        #expect(CommandReader.commands(in: "\n--\u{06DB}ub 5\n--2;").isEmpty)
        let pipeline = CommandReader.commands(in: "reminders\n|\u{0301} count")
        #expect(pipeline.count == 1)
    }

    /// A space then a combining mark is one Character that Swift calls
    /// whitespace; the mark is text, and stays in the command.
    @Test func aCombiningMarkAfterATrailingSpaceStays() {
        #expect(CommandReader.commands(in: "reminders \u{064C}").map(\.text) == ["reminders \u{064C}"])
    }

    @Test func splitsStatementsDotLinesAndOtherInput() {
        let commands = CommandReader.commands(in: """
            -- a comment line is skipped
            SELECT 1; SELECT 2;
            .mode csv

            SELECT 'a;b'
              FROM t;  -- trailing comment
            reminders | count
            SELECT 3
            """)
        #expect(commands == [
            Command(.sql, "SELECT 1;", line: 2),
            Command(.sql, "SELECT 2;", line: 2),
            Command(.dot, ".mode csv", line: 3),
            Command(.sql, "SELECT 'a;b'\n  FROM t;", line: 5),
            Command(.dsl, "reminders | count", line: 7),
            Command(.sql, "SELECT 3", line: 8),
        ])
    }

    /// A line of many statements, and one that goes on over the next lines,
    /// is read once: each statement starts where the one before it ended.
    @Test func aLineOfManyStatements() {
        var reader = CommandReader()
        let line = String(repeating: "SELECT 1; ", count: 20_000) + "SELECT 'a"
        let commands = reader.feed(line, line: 4)
        #expect(commands.count == 20_000)
        #expect(commands.allSatisfy { $0 == Command(.sql, "SELECT 1;", line: 4) })
        #expect(reader.pending?.bytes == 9)
        #expect(reader.feed("b'; SELECT 2; /* c", line: 5) == [
            Command(.sql, "SELECT 'a\nb';", line: 4), Command(.sql, "SELECT 2;", line: 5),
        ])
        #expect(reader.feed("*/ SELECT 3;", line: 6) == [Command(.sql, "SELECT 3;", line: 6)])
    }

    @Test func triggerBodiesStayWhole() {
        var reader = CommandReader()
        #expect(reader.feed("CREATE TRIGGER t AFTER INSERT ON a BEGIN", line: 1).isEmpty)
        #expect(reader.feed("  INSERT INTO b VALUES (1);", line: 2).isEmpty)
        #expect(reader.continuation == .sql)
        #expect(reader.feed("  DELETE FROM c; END; SELECT 1;", line: 3) == [
            Command(.sql, "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  INSERT INTO b VALUES (1);\n  DELETE FROM c; END;", line: 1),
            Command(.sql, "SELECT 1;", line: 3),
        ])
        #expect(!reader.isContinuing)
    }

    @Test func openStringsContinue() {
        var reader = CommandReader()
        #expect(reader.feed("SELECT 'it''s;", line: 1).isEmpty)
        #expect(reader.feed("still open';", line: 2) == [Command(.sql, "SELECT 'it''s;\nstill open';", line: 1)])
    }

    @Test func crlfLinesAreLines() {
        #expect(CommandReader.commands(in: "SELECT 1;\r\n.tables\r\nreminders\r\n  | count\r\n") == [
            Command(.sql, "SELECT 1;", line: 1), Command(.dot, ".tables", line: 2),
            Command(.dsl, "reminders\n  | count", line: 3),
        ])
    }

    @Test func endOfInputCompletesAPendingStatement() {
        var reader = CommandReader()
        #expect(reader.feed("select 1", line: 1).isEmpty)
        #expect(reader.finish() == Command(.sql, "select 1", line: 1))
        #expect(reader.finish() == nil)
    }
}

@Suite struct DSLReadingTests {
    @Test func aLineThatLeavesSomethingOpenContinues() {
        var reader = CommandReader()
        #expect(reader.feed("reminders |", line: 1).isEmpty)
        #expect(reader.continuation == .dsl)
        #expect(reader.feed("  where priority ==", line: 2).isEmpty)
        #expect(reader.feed("  high", line: 3) == [Command(.dsl, "reminders |\n  where priority ==\n  high", line: 1)])
        #expect(reader.continuation == nil)
    }

    @Test func openBracketsStringsAndCasesContinue() {
        for opening in ["reminders | where priority in [1,", "reminders | where title == 'a", "reminders | select (",
                        "reminders | select case when isFlagged then 1", "reminders | select title,", "reminders | where not"] {
            var reader = CommandReader()
            #expect(reader.feed(opening, line: 1).isEmpty, "\(opening)")
            #expect(reader.continuation == .dsl)
        }
    }

    @Test func aLexerErrorEndsTheCommandWhereItIs() {
        var reader = CommandReader()
        #expect(reader.feed("reminders | where title == :t | count", line: 1)
            == [Command(.dsl, "reminders | where title == :t | count", line: 1)])
        #expect(reader.continuation == nil)
        #expect(reader.feed(".tables", line: 2) == [Command(.dot, ".tables", line: 2)])
    }

    @Test func aLexerErrorInAScriptLeavesTheFollowingLinesAlone() {
        let commands = CommandReader.commands(in: """
            reminders | where title == :t | count
            INSERT INTO tags (title) VALUES ('x');
            .tables
            reminders | where priority == 1 ;
              | count
            SELECT 1;
            """)
        #expect(commands == [
            Command(.dsl, "reminders | where title == :t | count", line: 1),
            Command(.sql, "INSERT INTO tags (title) VALUES ('x');", line: 2),
            Command(.dot, ".tables", line: 3),
            Command(.dsl, "reminders | where priority == 1 ;\n  | count", line: 4),
            Command(.sql, "SELECT 1;", line: 6),
        ])
    }

    @Test func anEmptyLineEndsAnOpenQuery() {
        var reader = CommandReader()
        #expect(reader.feed("reminders | where", line: 1).isEmpty)
        #expect(reader.feed("", line: 2) == [Command(.dsl, "reminders | where", line: 1)])
    }

    @Test func atThePromptACompleteLineRunsAtOnce() {
        var reader = CommandReader()
        #expect(reader.feed("reminders | count", line: 1) == [Command(.dsl, "reminders | count", line: 1)])
    }

    @Test func scriptsContinueALineStartingWithAPipe() {
        let commands = CommandReader.commands(in: """
            reminders
              | where not isCompleted -- open ones
              -- a comment between stages
              | order dueDate
            .mode csv
            tags | count
            remindersLists

            | count
            """)
        #expect(commands == [
            Command(.dsl, "reminders\n  | where not isCompleted -- open ones\n  -- a comment between stages\n  | order dueDate", line: 1),
            Command(.dot, ".mode csv", line: 5),
            Command(.dsl, "tags | count", line: 6),
            Command(.dsl, "remindersLists", line: 7),
            Command(.dsl, "| count", line: 9),
        ])
    }
}

@Suite struct DotCommandWordsTests {
    func words(_ line: String) throws -> [String] { try DotCommandWords.split(line).map(\.text) }

    @Test func quotesGroupWordsAsInSQL() throws {
        #expect(try words("parameter set :name 'two words'") == ["parameter", "set", ":name", "two words"])
        #expect(try words(#"nullvalue "" "#) == ["nullvalue", ""])
        #expect(try words(#"once "a ""b"".txt""#) == ["once", #"a "b".txt"#])
        #expect(try words("parameter set ?1 x'00ff' it's") == ["parameter", "set", "?1", "x'00ff'", "it's"])
        #expect(try words("fts tokens 'a''b c' porter") == ["fts", "tokens", "a'b c", "porter"])
        #expect(try words("once 'O''Neil'.txt") == ["once", "O'Neil.txt"])
        #expect(try words(#"separator \t"#) == ["separator", #"\t"#])
    }

    /// A quote followed by a combining mark (U+0301) is one Character in
    /// Swift and still a quote, as SQLite reads it: `'it''́s'` is `it'́s`.
    @Test func aQuoteBeforeACombiningMarkIsAQuote() throws {
        let read = try words("import 'it''\u{301}s 東京.csv' \"t\"\"\u{301}\" 'Zoë'")
        #expect(read.map { Array($0.utf8) } == ["import", "it'\u{301}s 東京.csv", "t\"\u{301}", "Zoë"].map { Array($0.utf8) })
        // The quote closes; the mark goes on the word, as `.txt` does after 'O''Neil'.
        #expect(try words("once 'a'\u{301}").map { Array($0.utf8) } == ["once", "a\u{301}"].map { Array($0.utf8) })
    }

    @Test func unterminatedQuote() throws {
        let error = #expect(throws: CommandError.self) { try DotCommandWords.split("once 'a''") }
        #expect(error?.message == "unterminated ' quote in the command")
        #expect(error?.notes.map(\.text) == ["note: inside quotes, write a quote twice: 'O''Neil'"])
    }
}

@Suite struct CommentsBetweenCommandsTests {
    @Test func aBlockCommentOverSeveralLinesIsSkipped() {
        #expect(CommandReader.commands(in: "/* a\n.tables\nb */ .schema\nSELECT 1; /* c\nreminders */ SELECT 2;\n/* d") == [
            Command(.dot, ".schema", line: 3),
            Command(.sql, "SELECT 1;", line: 4),
            Command(.sql, "SELECT 2;", line: 5),
        ])
    }

    @Test func whatFollowsTheEndOfTheCommentIsACommand() {
        #expect(CommandReader.commands(in: "/*\n*/[x]") == [Command(.dsl, "[x]", line: 2)])
        #expect(CommandReader.commands(in: "sql /* a\n*/ x;") == [Command(.sql, "x;", line: 2)])
        #expect(CommandReader.commands(in: "/*\n*/ .tables /* a\nb */") == [
            Command(.dot, ".tables /* a", line: 2), Command(.dsl, "b */", line: 3),
        ])
        #expect(CommandReader.commands(in: "SELECT 1; /*\n*/ SELECT 'a\n';") == [
            Command(.sql, "SELECT 1;", line: 1), Command(.sql, "SELECT 'a\n';", line: 2),
        ])
    }

    @Test func anOpenCommentContinuesAtThePrompt() {
        var reader = CommandReader()
        #expect(reader.feed("/* a", line: 1).isEmpty)
        #expect(reader.continuation == .sql)
        #expect(reader.feed("*/", line: 2).isEmpty)
        #expect(!reader.isContinuing)
    }

    @Test func blankAndOutputLikeLinesInsideAStringStayInTheStatement() {
        #expect(CommandReader.commands(in: "SELECT 'a\n\n--> b\n';") == [Command(.sql, "SELECT 'a\n\n--> b\n';", line: 1)])
    }
}

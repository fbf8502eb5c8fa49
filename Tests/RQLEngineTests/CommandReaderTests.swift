import Testing
@testable import RQLEngine

@Suite struct CommandReaderTests {
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

    @Test func triggerBodiesStayWhole() {
        var reader = CommandReader()
        #expect(reader.feed("CREATE TRIGGER t AFTER INSERT ON a BEGIN", line: 1).isEmpty)
        #expect(reader.feed("  INSERT INTO b VALUES (1);", line: 2).isEmpty)
        #expect(reader.isContinuing)
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

    @Test func endOfInputCompletesAPendingStatement() {
        var reader = CommandReader()
        #expect(reader.feed("select 1", line: 1).isEmpty)
        #expect(reader.finish() == Command(.sql, "select 1", line: 1))
        #expect(reader.finish() == nil)
    }
}

@Suite struct ShellWordsTests {
    @Test func quotesGroupWords() throws {
        #expect(try ShellWords.split("parameter set :name 'two words'") == ["parameter", "set", ":name", "two words"])
        #expect(try ShellWords.split(#"nullvalue "" "#) == ["nullvalue", ""])
        #expect(try ShellWords.split(#"once "a \"b\".txt""#) == ["once", #"a "b".txt"#])
        #expect(try ShellWords.split("parameter set ?1 x'00ff' it's") == ["parameter", "set", "?1", "x'00ff'", "it's"])
    }
}

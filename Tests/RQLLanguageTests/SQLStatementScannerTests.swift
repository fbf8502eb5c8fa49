import Testing
@testable import RQLLanguage

@Suite struct SQLStatementScannerTests {
    @Test func aStatementEndsAtTheSemicolonOutsideTokens() {
        let scanner = SQLStatementScanner("SELECT 'a;b', \"c;\", [d;], `e;` /* ; */ -- ;\n; SELECT 2;")
        #expect(scanner.statement.map { String(decoding: $0, as: UTF8.self) }
                == "SELECT 'a;b', \"c;\", [d;], `e;` /* ; */ -- ;\n;")
        #expect(scanner.rest.map { String(decoding: $0, as: UTF8.self) } == " SELECT 2;")
    }

    @Test func triggerBodiesStayWhole() {
        var scanner = SQLStatementScanner("CREATE TRIGGER t AFTER INSERT ON a BEGIN DELETE FROM b;")
        #expect(scanner.end == nil)
        scanner.append(line: "END;")
        #expect(scanner.statement?.count == scanner.bytes.count)
    }

    @Test(arguments: [("SELECT 'a", true), ("SELECT \"a", true), ("SELECT [a", true), ("SELECT `a", true),
                      ("SELECT /* a", true), ("SELECT 'it''s'", false), ("SELECT 1 -- 'a", false),
                      ("SELECT /* a */ 1", false), ("SELECT 'a' /* b", true), ("SELECT '/*'", false)])
    func knowsWhetherTheTextStopsInsideAToken(text: String, inside: Bool) {
        #expect(SQLStatementScanner(text).isInsideToken == inside)
    }

    @Test func aLineBreakEndsALineComment() {
        var scanner = SQLStatementScanner("SELECT 1 -- 'a")
        scanner.append(line: "'b")
        #expect(scanner.isInsideToken)
        scanner.append(line: "';")
        #expect(scanner.end == scanner.bytes.count - 1)
    }

    /// Only `END;` ends a trigger body: not a `;` or an `END` in a string,
    /// a quoted name or a comment.
    @Test func triggerBodiesEndOnlyAtTheirEnd() {
        var scanner = SQLStatementScanner("CREATE TEMP TRIGGER t AFTER INSERT ON a BEGIN")
        for line in ["  SELECT ';', 'END;'; -- END;", "  /* END; */ SELECT \"end\"; SELECT [end];", "END"] {
            scanner.append(line: line)
            #expect(scanner.end == nil)
        }
        scanner.append(line: "; SELECT 2;")
        #expect(scanner.rest.map { String(decoding: $0, as: UTF8.self) } == " SELECT 2;")
    }

    /// Lines that end in a carriage return: it is a blank like any other.
    @Test func crlfLines() {
        var scanner = SQLStatementScanner("CREATE TRIGGER t AFTER INSERT ON a BEGIN\r")
        scanner.append(line: "DELETE FROM b;\r")
        scanner.append(line: "END;\r")
        #expect(scanner.rest.map { Array($0) } == [0x0D])
    }

    /// A NUL byte is a blank, which ends neither the statement nor the script.
    @Test func aNULByteIsABlank() {
        let scanner = SQLStatementScanner("SELECT 1\0; SELECT 2;")
        #expect(scanner.end == 9)
        #expect(SQLStatementScanner("CREATE\0TRIGGER t BEGIN SELECT 1; END\0;").end == 37)
    }

    /// Where SQLite reads one name and the lexer two tokens (`$end`, `1.end`,
    /// a mark with a combining mark), the statement ends where SQLite says.
    @Test(arguments: [
        ("EXPLAIN $end CREATE TRIGGER t BEGIN SELECT 1; END;", 49),
        ("EXPLAIN 1.create TRIGGER t BEGIN SELECT 1; END;", 46),
        ("CREATE TRIGGER t BEGIN SELECT 1;\u{0301}end; END;", 42),
        ("CREATE TRIGGER t BEGIN SELECT 1.end; SELECT 1; END;", 50),
        ("create temporary trigger t begin select 1; end;", 46),
    ])
    func theEndIsWhereSQLiteFindsIt(text: String, end: Int) {
        #expect(SQLStatementScanner(text).end == end)
    }

    /// A long line is read once: many statements, and a string over many lines.
    @Test func longInputIsReadInOnePass() {
        var scanner = SQLStatementScanner("SELECT '")
        for _ in 0..<100_000 { scanner.append(line: "a line of the string; END;") }
        #expect(scanner.isInsideToken)
        scanner.append(line: "';")
        #expect(scanner.end == scanner.bytes.count - 1)
        let many = SQLStatementScanner(String(repeating: "a", count: 1 << 20) + ";")
        #expect(many.end == 1 << 20)
    }

    /// The next statement on a line is read on from the same bytes, with
    /// offsets in them.
    @Test func theNextStatementOnTheLine() {
        let first = SQLStatementScanner("SELECT 1; SELECT ';'; x")
        #expect(first.end == 8)
        let second = first.next(at: 10)
        #expect(second.end == 20)
        #expect(second.statement.map { String(decoding: $0, as: UTF8.self) } == "SELECT ';';")
        var third = second.next(at: 22)
        #expect(third.end == nil)
        third.append(line: ";")
        #expect(third.statement.map { String(decoding: $0, as: UTF8.self) } == "x\n;")
        #expect(String(decoding: third.bytes, as: UTF8.self) == "x\n;")
    }
}

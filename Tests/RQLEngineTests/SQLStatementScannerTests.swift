import Testing
@testable import RQLEngine

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
}

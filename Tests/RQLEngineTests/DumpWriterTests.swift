import Testing
import RQLRender
@testable import RQLEngine

/// How `.dump` writes what it cannot escape: names and schema SQL.
@Suite struct DumpWriterTests {
    @Test func aStatementEndsWhereEveryReaderSeesItEnd() {
        #expect(DumpWriter.terminated("CREATE TABLE t(a)") == "CREATE TABLE t(a);")
        #expect(DumpWriter.terminated("CREATE VIEW v AS SELECT 1 -- last") == "CREATE VIEW v AS SELECT 1 -- last\n;")
        #expect(DumpWriter.terminated("CREATE INDEX i ON t(a) WHERE a /* open") == "CREATE INDEX i ON t(a) WHERE a /* open*/;")
        #expect(DumpWriter.terminated("CREATE TRIGGER r AFTER INSERT ON t BEGIN SELECT 1; END") == "CREATE TRIGGER r AFTER INSERT ON t BEGIN SELECT 1; END;")
        #expect(DumpWriter.terminated("CREATE VIEW v AS SELECT 'open") == nil)
    }

    @Test func sqlThatNoSemicolonEndsStopsTheDump() {
        let writer = DumpWriter(output: ByteOutput(.memory))
        let error = #expect(throws: CommandError.self) { try writer.statement("CREATE VIEW v AS SELECT 'open", of: "v\"") }
        #expect(error?.message == "the SQL of \"v\"\"\" ends where no semicolon ends it; the dump stops before it")
        #expect(writer.output.text == "")
    }

    /// Line readers drop one CR before a line feed: a second one keeps it.
    @Test func aCRBeforeALineFeedIsWrittenTwice() {
        let writer = DumpWriter(output: ByteOutput(.memory))
        #expect(writer.bytes("a\r\nb\rc\n\r") == Array("a\r\r\nb\rc\n\r".utf8))
    }

    @Test func atATerminalControlCharactersShowAsSymbols() {
        let writer = DumpWriter(output: ByteOutput(.memory, isTerminal: true))
        writer.raw("CREATE TABLE \"a\u{1B}[2J\r\n\"(x);\n")
        #expect(writer.output.text == "CREATE TABLE \"a␛[2J␍\n\"(x);\n")
    }
}

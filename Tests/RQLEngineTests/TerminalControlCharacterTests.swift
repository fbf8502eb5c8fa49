import Foundation
import Testing
import RQLEngine
import RQLRender

/// Names, schema SQL and values that hold control characters reach a
/// terminal as visible symbols through every inspector, as results do;
/// into a pipe or a file their bytes stay, so `.dump` still round-trips.
@Suite struct TerminalControlCharacterTests {
    /// A table, a column, an index, a trigger and a view whose names clear
    /// the screen or open a terminal title, and values with ESC, CR, DEL and CSI.
    static let schema = """
        CREATE TABLE "t\u{1B}[2J" ("c\u{1B}[31m" TEXT, n INTEGER);
        CREATE INDEX "i\u{1B}[2J" ON "t\u{1B}[2J" (n);
        CREATE TRIGGER "g\u{1B}]0;owned\u{07}" AFTER INSERT ON "t\u{1B}[2J" BEGIN SELECT 1; END;
        CREATE VIEW "v\u{1B}[2J" AS SELECT "c\u{1B}[31m" AS "x\u{9B}2J" FROM "t\u{1B}[2J";
        INSERT INTO "t\u{1B}[2J" VALUES ('a' || char(27) || '[2J' || char(13) || char(127) || char(155) || 'b', 1);
        """

    static func session(terminal: Bool) throws -> (Session, ByteOutput, ByteOutput) {
        let output = ByteOutput(.memory, isTerminal: terminal)
        let errors = ByteOutput(.memory, isTerminal: terminal)
        let session = try Session(options: .init(target: .file(path: ":memory:", readonly: false), colorAllowed: false,
                                                 output: output, diagnostics: errors))
        session.run(script: schema, origin: nil, policy: .stop)
        output.clear()
        return (session, output, errors)
    }

    /// A C0 control other than tab and newline, DEL, or a C1 control: what a terminal takes as a command.
    static func movesTheCursor(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F..<0xA0).contains(scalar.value)
        }
    }

    static let inspectors = [".tables", ".schema", ".views", ".view v\u{1B}[2J", ".erd", ".erd --mermaid", ".erd --dot",
                             ".dump", ".indexes", ".triggers", ".trigger g\u{1B}]0;owned\u{07}", ".describe t\u{1B}[2J",
                             ".lint fkey-indexes", ".dbinfo", ".databases",
                             ".echo on\nSELECT '\u{1B}[2J' AS e;", ".eqp on\nSELECT * FROM \"t\u{1B}[2J\" WHERE n = 1;",
                             ".trace on\nINSERT INTO \"t\u{1B}[2J\" VALUES ('\u{1B}[2J', 2);",
                             ".parameter set :p '\u{1B}[2J'\n.parameter list"]

    @Test(arguments: inspectors)
    func inspectorsShowControlCharactersAsSymbolsOnATerminal(command: String) throws {
        let (session, output, errors) = try Self.session(terminal: true)
        session.run(script: command, origin: nil, policy: .stop)
        #expect(errors.text == "")
        #expect(!Self.movesTheCursor(output.text), "\(output.text.debugDescription)")
    }

    @Test func theSchemaAndTheTablesNameTheirObjectsWithSymbols() throws {
        let (session, output, _) = try Self.session(terminal: true)
        session.run(script: ".tables\n.schema t%", origin: nil, policy: .stop)
        #expect(output.text.hasPrefix("t␛[2J  v␛[2J\nCREATE TABLE \"t␛[2J\" (\"c␛[31m\" TEXT, n INTEGER);\n"))
    }

    @Test func aDumpOnATerminalShowsSymbolsAndIntoAPipeKeepsTheBytes() throws {
        // A value's control characters are markers put back by replace(), so only names hold them raw.
        let value = "replace(replace(replace(replace('a\\u001b[2J\\r\\u007f\\u009bb','\\u009b',char(155)),"
            + "'\\u007f',char(127)),'\\u001b',char(27)),'\\r',char(13))"
        let insert = "INSERT INTO \"t\u{1B}[2J\" VALUES(\(value),1);\n"
        let (terminal, shown, _) = try Self.session(terminal: true)
        terminal.run(script: ".dump", origin: nil, policy: .stop)
        #expect(shown.text.contains("INSERT INTO \"t␛[2J\" VALUES(\(value),1);\n"))
        let (pipe, written, _) = try Self.session(terminal: false)
        pipe.run(script: ".dump", origin: nil, policy: .stop)
        #expect(written.text.contains(insert))
        // The bytes written into the pipe rebuild the same rows.
        let (copy, copied, _) = try Self.session(terminal: false)
        copy.run(script: "DROP VIEW \"v\u{1B}[2J\"; DROP TABLE \"t\u{1B}[2J\";\n" + written.text + "SELECT hex(\"c\u{1B}[31m\") FROM \"t\u{1B}[2J\";",
                 origin: nil, policy: .stop)
        #expect(copied.text.hasSuffix("611B5B324A0D7FC29B62\n"))
    }
}

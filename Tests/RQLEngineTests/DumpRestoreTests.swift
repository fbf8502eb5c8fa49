import Foundation
import Testing
import RQLEngine

/// `.dump` restores everything and runs nothing: whatever the names and
/// values, the dump read by sqlite3 or by rql gives the same database, and
/// no line of it is anything but SQL.
@Suite(.enabled(if: SQLiteShell.isAvailable, "needs sqlite3"))
struct DumpRestoreTests {
    /// Dumps `schema`'s database and reads the dump back every way; for
    /// each reader, `queries` give what they give on the original, and the
    /// reader said nothing.
    func expectRestored(_ script: String, queries: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try expectRestored(CommandReader.commands(in: script).map(\.text), queries: queries, sourceLocation: sourceLocation)
    }

    /// Statements and queries run as they are, so that a CR before a line
    /// feed in a name stays in it.
    func expectRestored(_ schema: [String], queries: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let original = try TestSession.inMemory("")
        for statement in schema {
            #expect(original.statement(statement).errors == "", "\(statement)", sourceLocation: sourceLocation)
        }
        let dump = original.run(".dump")
        #expect(dump.errors == "", sourceLocation: sourceLocation)
        #expect(CommandReader.commands(in: dump.output).allSatisfy { $0.language == .sql },
                "every command of the dump is SQL", sourceLocation: sourceLocation)
        let loads = DumpLoads(dump: dump.output)
        defer { loads.removeFiles() }
        for (reader, session, messages) in try loads.all() {
            #expect(messages == "", "\(reader) said something", sourceLocation: sourceLocation)
            for query in queries {
                let expected = original.statement(query)
                #expect(expected.errors == "", "\(query)", sourceLocation: sourceLocation)
                #expect(session.statement(query).output == expected.output, "\(reader): \(query)", sourceLocation: sourceLocation)
            }
        }
        return dump.output
    }

    /// A newline in the name of a table that .dump once named in a comment
    /// ended the comment: the line after it ran as a command, and the
    /// COMMIT went missing.
    @Test func namesWithNewlinesRunNothing() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("rql-dump-ran-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let payload = "\n.shell touch \(marker)\n.system touch \(marker)\n-- "
        _ = try expectRestored("""
            CREATE TABLE first (a);
            INSERT INTO first VALUES (1);
            CREATE VIRTUAL TABLE "rt\(payload)" USING rtree(id, x0, x1);
            INSERT INTO "rt\(payload)" VALUES (1, 0.5, 2.25);
            CREATE VIRTUAL TABLE "blind\(payload)" USING fts5(x, content='');
            INSERT INTO "blind\(payload)" (rowid, x) VALUES (3, 'hello world');
            CREATE VIRTUAL TABLE "unknown\(payload)" USING dbstat;
            """, queries: [
                "SELECT * FROM first;",
                "SELECT * FROM \"rt\(payload)\";",
                "SELECT rowid FROM \"blind\(payload)\" WHERE \"blind\(payload)\" MATCH 'hello';",
                "SELECT type, name, sql FROM sqlite_master ORDER BY name;",
            ])
        #expect(!FileManager.default.fileExists(atPath: marker), "a line of a name ran as a command")
    }

    /// R*Tree rows and a contentless FTS5 index live only in their shadow
    /// tables: the dump writes those, as sqlite3's does.
    @Test func rtreeRowsAndContentlessIndexesComeBack() throws {
        let dump = try expectRestored("""
            CREATE VIRTUAL TABLE boxes USING rtree(id, minX, maxX, minY, maxY, +label);
            INSERT INTO boxes VALUES (1, 0, 1.5, -2, 2, 'a'), (7, -1e10, 1e10, 0.125, 0.25, NULL);
            CREATE VIRTUAL TABLE whole USING rtree_i32(id, a, b);
            INSERT INTO whole VALUES (2, -5, 5);
            CREATE VIRTUAL TABLE blind USING fts5(x, y, content='');
            INSERT INTO blind (rowid, x, y) VALUES (3, 'hello world', 'take'), (9, 'hello there', 'out');
            CREATE VIRTUAL TABLE old USING fts4(x, content='');
            INSERT INTO old (docid, x) VALUES (4, 'old words');
            CREATE TABLE later (a); INSERT INTO later VALUES ('after');
            """, queries: [
                "SELECT * FROM boxes ORDER BY id;",
                "SELECT id FROM boxes WHERE minX < 1 AND maxX > 1 ORDER BY id;",
                "SELECT * FROM whole;",
                "SELECT rowid FROM blind WHERE blind MATCH 'hello' ORDER BY rowid;",
                "SELECT rowid FROM blind WHERE blind MATCH 'y:out';",
                "SELECT docid FROM old WHERE old MATCH 'words';",
                "SELECT * FROM later;",
                "SELECT type, name, sql FROM sqlite_master ORDER BY name;",
            ])
        #expect(dump.contains("PRAGMA writable_schema=ON;\nINSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql) VALUES('table','boxes','boxes',0,"))
        #expect(!dump.contains("-- "), "the dump has no comments")
    }

    /// An FTS5 index over a content table that the dump leaves out (by a
    /// pattern, or because it is gone) cannot be rebuilt from it: its
    /// shadow tables go instead, and the index finds what it found.
    @Test func anIndexWhoseContentTableIsNotDumpedKeepsItsEntries() throws {
        let original = try TestSession.inMemory("""
            CREATE TABLE docs (body TEXT);
            INSERT INTO docs VALUES ('take a walk'), ('take out the trash');
            CREATE VIRTUAL TABLE search USING fts5(body, content='docs');
            INSERT INTO search (search) VALUES ('rebuild');
            CREATE VIRTUAL TABLE orphan USING fts5(body, content='gone');
            """)
        let query = "SELECT rowid FROM search WHERE search MATCH 'take' ORDER BY rowid;"
        for patterns in ["search orphan", ""] {
            let dump = original.run(".dump \(patterns)")
            #expect(dump.errors == "")
            #expect(dump.output.contains("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql) VALUES('table','orphan',"))
            #expect(dump.output.contains("VALUES('rebuild')") == patterns.isEmpty, "the index is rebuilt where its content table comes too")
            let loads = DumpLoads(dump: dump.output)
            defer { loads.removeFiles() }
            for (reader, session, messages) in try loads.all() {
                #expect(messages == "", "\(reader) said something")
                #expect(session.value(query) == "1\n2", "\(reader)")
            }
        }
    }

    /// A view whose SQL ends in a `--` comment commented out its `;`, and
    /// as the last object the COMMIT too. An index may end inside a `/*`
    /// comment that never closes: it gets its `*/`.
    @Test func schemaEndingInACommentStaysOneStatement() throws {
        let schema = """
            CREATE TABLE t (a); INSERT INTO t VALUES (1);
            CREATE TRIGGER counted AFTER INSERT ON t BEGIN SELECT 1; END -- after the trigger
            ;
            CREATE INDEX positive ON t (a) WHERE a > 0 -- after the index
            ;
            CREATE VIEW shown AS SELECT a FROM t -- the last word
            """
        let dump = try expectRestored(schema, queries: [
            "SELECT * FROM t;", "SELECT * FROM shown;", "SELECT type, name, sql FROM sqlite_master ORDER BY name;",
        ])
        #expect(dump.hasSuffix("CREATE VIEW shown AS SELECT a FROM t -- the last word\n;\nCOMMIT;\n"))
        let open = try expectRestored("CREATE TABLE t (a); INSERT INTO t VALUES (2);\nCREATE INDEX never ON t (a) WHERE a > 0 /* never closed",
                                      queries: ["SELECT * FROM t;"])
        #expect(open.contains("CREATE INDEX never ON t (a) WHERE a > 0 /* never closed*/;\n"))
    }

    /// Reals come back to the bit, the tiniest and largest too, although
    /// SQLite reads some of them one bit off from their shortest text
    /// (`4.778311798376508e-299`, made here from its significand and exponent).
    @Test func everyRealComesBackToTheBit() throws {
        let divisions = String(repeating: "/1152921504606846976", count: 17) + "/8388608"
        let dump = try expectRestored("""
            CREATE TABLE r (n INTEGER PRIMARY KEY, v REAL);
            INSERT INTO r VALUES (1, 4503601579909739.0\(divisions)), (2, -4503601579909739.0\(divisions)), (3, 0.1), (4, 5e-324),
              (5, 1.7976931348623157e308), (6, -0.0), (7, 2.2250738585072014e-308), (8, 123456789.125), (9, 1e999), (10, -1e999);
            """, queries: ["SELECT n, quote(v), typeof(v) FROM r ORDER BY n;"])
        #expect(dump.contains("INSERT INTO \"r\" VALUES(1,(4503601579909739.0\(divisions)));"))
        #expect(dump.contains("INSERT INTO \"r\" VALUES(3,0.1);"))
        #expect(!dump.contains("4.778311798376508e-299"))
    }

    /// Text with CR, LF and other control characters comes back byte for
    /// byte, and names with them too.
    @Test func everyByteOfTextComesBack() throws {
        let table = "\"crlf\r\nname\r\""
        let dump = try expectRestored([
            "CREATE TABLE \(table) (\"c\r\n\" TEXT, n INTEGER);",
            """
            INSERT INTO \(table) VALUES ('d' || char(13, 10) || 'e', 1), ('x' || char(13), 2), (char(13, 10), 3),
              ('a' || char(10) || 'b', 4), ('\\n\\r' || char(10, 13), 5), ('\\u000a\\n' || char(10), 6),
              ('esc' || char(27) || '[31m red', 7), ('nul' || char(0) || 'after', 8), (char(127, 155, 9), 9),
              (CAST(X'61FF0D0A' AS TEXT), 10), ('it''s ' || char(13) || ' */ -- .shell', 11);
            """,
            ], queries: [
                "SELECT n, hex(\"c\r\n\"), typeof(\"c\r\n\") FROM \(table) ORDER BY n;",
                "SELECT hex(name), hex(sql) FROM sqlite_master;",
            ])
        #expect(!dump.contains("d\r\ne"))
        #expect(dump.contains("INSERT INTO \"crlf\r\r\nname\r\" VALUES(replace(replace('d\\r\\ne','\\r',char(13)),'\\n',char(10)),1);"))
        #expect(!dump.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x7F }, "no control character is written raw")
    }
}

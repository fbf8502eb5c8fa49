import Foundation
import Testing
import RQLEngine

/// `.dump`: SQL that rebuilds the database with the same rows, values read
/// back exactly, rowids kept where something may point at them, and FTS5
/// tables as their rows or a rebuild, never their shadow tables.
@Suite struct DumpTests {
    static let schema = """
        CREATE TABLE kinds (id INTEGER PRIMARY KEY, r REAL, t TEXT, b BLOB, i INTEGER);
        INSERT INTO kinds VALUES (1, 0.1, 'O''Neil said "hi"', x'00ff10', 9223372036854775807);
        INSERT INTO kinds VALUES (2, -0.0, 'two
        lines, Zoë 東京 🎉', NULL, -9223372036854775808);
        INSERT INTO kinds VALUES (3, 1e300, 'a' || char(0) || 'b', x'', NULL);
        INSERT INTO kinds VALUES (4, 9e999, '', NULL, 0);
        CREATE TABLE gaps (name TEXT);
        INSERT INTO gaps VALUES ('one'), ('two'), ('three');
        DELETE FROM gaps WHERE name = 'two';
        CREATE TABLE counted (name TEXT, doubled TEXT GENERATED ALWAYS AS (name || name));
        INSERT INTO counted (name) VALUES ('a'), ('b');
        CREATE TABLE pairs (a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
        INSERT INTO pairs VALUES ('x', 'y');
        CREATE TABLE serial (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT);
        INSERT INTO serial (v) VALUES ('a'), ('b'); DELETE FROM serial WHERE v = 'b';
        CREATE VIRTUAL TABLE notes USING fts5(body);
        INSERT INTO notes (rowid, body) VALUES (5, 'take a walk'), (9, 'take out trash');
        CREATE VIRTUAL TABLE gapsIndex USING fts5(name, content='gaps');
        INSERT INTO gapsIndex (gapsIndex) VALUES ('rebuild');
        CREATE VIRTUAL TABLE blind USING fts5(x, content='');
        CREATE INDEX kindsByText ON kinds (t);
        CREATE VIEW longNames AS SELECT name FROM gaps WHERE length(name) > 3;
        CREATE TRIGGER keepCount AFTER INSERT ON gaps BEGIN INSERT INTO serial (v) VALUES (new.name); END;
        """

    static let comparisons = [
        "SELECT id, r, typeof(r), hex(t), hex(b), i FROM kinds ORDER BY id;",
        "SELECT rowid, name FROM gaps ORDER BY rowid;",
        "SELECT rowid, name, doubled FROM counted ORDER BY rowid;",
        "SELECT * FROM pairs;",
        "SELECT * FROM sqlite_sequence;",
        "SELECT rowid, body FROM notes WHERE notes MATCH 'take' ORDER BY rowid;",
        "SELECT rowid FROM gapsIndex WHERE gapsIndex MATCH 'three';",
        "SELECT * FROM longNames;",
        "SELECT name, type FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY name;",
    ]

    @Test func aDumpRebuildsTheSameRows() throws {
        let original = try TestSession.inMemory(DumpTests.schema)
        let dump = original.run(".dump")
        #expect(dump.errors == "")
        #expect(dump.output.hasPrefix("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"))
        #expect(dump.output.hasSuffix("COMMIT;\n"))
        #expect(!dump.output.contains("notes_data"), "shadow tables are not dumped")
        #expect(dump.output.contains("INSERT INTO \"gapsIndex\"(\"gapsIndex\") VALUES('rebuild');"))
        #expect(dump.output.contains("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql) VALUES('table','blind','blind',0,"))
        #expect(dump.output.contains("INSERT INTO \"gaps\"(rowid,\"name\") VALUES(3,'three');"))
        #expect(dump.output.contains("INSERT INTO \"kinds\" VALUES(1,0.1,'O''Neil said \"hi\"',X'00FF10',9223372036854775807);"))
        let rebuilt = try TestSession.inMemory(dump.output)
        for query in DumpTests.comparisons {
            #expect(rebuilt.run(query).output == original.run(query).output, "\(query)")
        }
        // The trigger came after the rows: it did not fire while they went in.
        #expect(rebuilt.run("SELECT count(*) FROM serial;").output == "1\n")
    }

    @Test func patternsChooseTablesAndWhatBelongsToThem() throws {
        let test = try TestSession.inMemory(DumpTests.schema)
        let output = test.run(".dump kind% long%").output
        #expect(output.contains("CREATE TABLE kinds"))
        #expect(output.contains("CREATE INDEX kindsByText"))
        #expect(output.contains("CREATE VIEW longNames"))
        #expect(!output.contains("CREATE TABLE gaps"))
        #expect(!output.contains("sqlite_sequence"))
    }

    /// A database nobody here made, dumped by rql and loaded by the sqlite3
    /// shell: every table has the same rows, both ways round.
    @Test(.enabled(if: Chinook.isAvailable && SQLiteShell.isAvailable, "needs ../shared/data/chinook.sqlite and sqlite3"))
    func chinookDumpedLoadsInSqlite3WithTheSameRows() throws {
        let source = try Chinook.copy()
        defer { try? FileManager.default.removeItem(atPath: source) }
        let rebuilt = try DumpTests.loadedBySqlite3(try TestSession(.file(path: source, readonly: false)))
        defer { try? FileManager.default.removeItem(atPath: rebuilt) }
        try DumpTests.expectSameTables(rebuilt, as: source, count: 11)
    }

    /// The Reminders sample dumped by rql loads in the sqlite3 shell (whose
    /// SQLite has no uuid() and none of rql's functions), with the same rows
    /// and a search index that finds what the sample's does.
    @Test(.enabled(if: SQLiteShell.isAvailable, "skipped: the Reminders dump through sqlite3, as sqlite3 is absent"))
    func theRemindersSampleDumpedLoadsInSqlite3() throws {
        let original = try TestSession()
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("rql-saved-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: saved) }
        #expect(original.run(".save '\(saved)'").errors == "")
        let rebuilt = try DumpTests.loadedBySqlite3(original)
        defer { try? FileManager.default.removeItem(atPath: rebuilt) }
        try DumpTests.expectSameTables(rebuilt, as: saved, count: 6)
        #expect(try SQLiteShell.run([rebuilt, "SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'take';"]) == "2\n")
    }

    /// Dumps the session's database, loads the dump into a new file with the
    /// sqlite3 shell (which must say nothing) and returns the file's path.
    static func loadedBySqlite3(_ original: TestSession) throws -> String {
        let dump = original.run(".dump")
        #expect(dump.errors == "")
        let stem = FileManager.default.temporaryDirectory.appendingPathComponent("rql-dump-\(UUID().uuidString)").path
        let script = stem + ".sql"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try dump.output.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try SQLiteShell.run(["-bail", stem + ".sqlite", ".read '\(script)'"]) == "")
        return stem + ".sqlite"
    }

    /// Every table of `original` has the same rows in `rebuilt`, both ways round.
    static func expectSameTables(_ rebuilt: String, as original: String, count: Int) throws {
        let check = try TestSession(.file(path: rebuilt, readonly: false))
        check.run("ATTACH '\(original)' AS original;")
        let tables = check.run("""
            SELECT name FROM original.sqlite_master WHERE type = 'table' AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')
            ORDER BY name;
            """).output.split(separator: "\n").map(String.init)
        #expect(tables.count == count)
        for table in tables {
            let differ = check.value("""
                SELECT (SELECT count(*) FROM (SELECT * FROM main."\(table)" EXCEPT SELECT * FROM original."\(table)"))
                     + (SELECT count(*) FROM (SELECT * FROM original."\(table)" EXCEPT SELECT * FROM main."\(table)"));
                """)
            #expect(differ == "0", "\(table)")
        }
        #expect(check.value("SELECT count(*) FROM main.sqlite_master;") == check.value("SELECT count(*) FROM original.sqlite_master;"))
    }

    @Test func theSampleRebuildsWithItsSearch() throws {
        let dump = try TestSession().run(".dump").output
        let rebuilt = try TestSession.inMemory(dump)
        #expect(rebuilt.run("SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'take';").output == "2\n")
        #expect(rebuilt.run("SELECT count(*) FROM reminders;").output == "11\n")
    }
}

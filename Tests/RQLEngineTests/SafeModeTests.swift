import Foundation
import Testing
import RQLEngine
import RQLRender

/// Safe mode: SQLite's limits and defensive mode, and the dot-commands that
/// touch files, each refusal said in rql's words.
@Suite struct SafeModeTests {
    func safeSession(readsBelow folder: String? = nil) throws -> (Session, ByteOutput) {
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(target: .sample(.reminders), mode: .list, colorAllowed: false,
                                                 output: output, diagnostics: output, safe: true, readsFilesBelow: folder))
        return (session, output)
    }

    func run(_ session: Session, _ output: ByteOutput, _ text: String) -> String {
        output.clear()
        session.run(script: text, origin: nil, policy: .continueUnlessBail)
        return output.text
    }

    static let note = "safe mode is on: rql --safe, or a notebook command without --unsafe\n"

    @Test(arguments: [
        ("ATTACH '/tmp/rql-safe.db' AS other;", "error: refused by safe mode: ATTACH is off, as it can reach files outside the private database\n" + note),
        ("VACUUM INTO '/tmp/rql-safe.db';", "error: refused by safe mode: VACUUM INTO would write a file outside the private database\n" + note),
        ("VACUUM;", "error: refused by safe mode: VACUUM works through an attached database, which safe mode does not allow\n" + note),
        ("SELECT load_extension('/tmp/none.so');", "error: rql does not load extensions: load_extension is off\n"),
        ("INSERT INTO reminderTexts_data VALUES (99, x'00');", "error: table reminderTexts_data may not be modified\n"),
        (".open /tmp/rql-safe.db", "error: refused by safe mode: .open would reach a file outside the private database\n" + note),
        (".output /tmp/rql-safe.txt", "error: refused by safe mode: .output would reach a file outside the private database\n" + note),
        (".once /tmp/rql-safe.txt", "error: refused by safe mode: .once would reach a file outside the private database\n" + note),
        ("PRAGMA temp_store_directory = '/tmp';",
         "error: refused by safe mode: PRAGMA temp_store_directory would make SQLite create files in another folder\n" + note),
        ("pragma main.Data_Store_Directory('/tmp');",
         "error: refused by safe mode: PRAGMA Data_Store_Directory would make SQLite create files in another folder\n" + note),
        ("SELECT fts3_tokenizer('simple', x'4141414141414141');",
         "error: refused by safe mode: fts3_tokenizer() reads and sets pointers inside SQLite\n" + note),
        ("SELECT hex(fts3_tokenizer('simple'));",
         "error: refused by safe mode: fts3_tokenizer() reads and sets pointers inside SQLite\n" + note),
        (".explain PRAGMA temp_store_directory = '/tmp'",
         "error: refused by safe mode: PRAGMA temp_store_directory would make SQLite create files in another folder\n" + note),
    ])
    func refusals(command: String, message: String) throws {
        let (session, output) = try safeSession()
        #expect(run(session, output, command) == message)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/rql-safe.db"))
        #expect(run(session, output, "SELECT count(*) FROM tags;") == "7\n")
    }

    /// The two-argument `fts3_tokenizer()` sets the function pointers an FTS4
    /// tokenizer calls: with it, SQL could make SQLite jump anywhere.
    @Test func aTokenizerPointerCannotBeSetEvenByABoundValue() throws {
        let (session, output) = try safeSession()
        #expect(run(session, output, ".parameter set :p x'4141414141414141'\nSELECT typeof(:p);") == "blob\n")
        #expect(run(session, output, "SELECT fts3_tokenizer('simple', :p);")
            == "error: refused by safe mode: fts3_tokenizer() reads and sets pointers inside SQLite\n" + SafeModeTests.note)
        #expect(run(session, output, "CREATE VIRTUAL TABLE t USING fts4(x, tokenize=simple);\nINSERT INTO t VALUES ('boom');\n"
                    + "SELECT count(*) FROM t WHERE t MATCH 'boom';") == "1\n")
    }

    /// A database file's views, triggers and defaults may use only innocuous
    /// functions and virtual tables in safe mode: the file cannot make
    /// safe-mode SQL run what could not be typed. rql's own functions are
    /// innocuous where they deserve it, so SQLiteData's `DEFAULT (uuid())`
    /// and a view of `median` still work. The samples are rql's own schema.
    @Test func aFilesSchemaIsNotTrusted() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-untrusted-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TestSession(.file(path: path, readonly: false)).run("""
            CREATE TABLE notes (id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()), body TEXT, size INTEGER);
            CREATE VIRTUAL TABLE noteTexts USING fts5(body);
            CREATE TRIGGER notesIndexed AFTER INSERT ON notes BEGIN INSERT INTO noteTexts (rowid, body) VALUES (new.rowid, new.body); END;
            CREATE VIEW sizes AS SELECT median(size) AS middle, slugify(max(body)) AS slug FROM notes;
            """)
        let safe = try TestSession(.file(path: path, readonly: false), safe: true)
        let refused = safe.run("INSERT INTO notes (body, size) VALUES ('Zoë', 3);")
        #expect(refused.errors == """
            error: unsafe use of virtual table "noteTexts"
            note: PRAGMA trusted_schema is off (safe mode turns it off for a database file; --unsafe leaves it on), \
            so the schema's views, triggers and defaults may use only innocuous functions and virtual tables

            """)
        safe.run("DROP TRIGGER notesIndexed;")
        #expect(safe.run("INSERT INTO notes (body, size) VALUES ('Zoë', 3);").errors == "")
        #expect(safe.value("SELECT length(id), middle, slug FROM notes, sizes;") == "36|3|zoe")
        #expect(try TestSession(safe: true).run("INSERT INTO reminders (title, remindersListID) VALUES ('Take a nap', '00000000-0000-4000-8000-00000000a001');\n"
                                                 + "SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'nap';").output == "1\n")
    }

    @Test func theSchemaCannotBeRewritten() throws {
        let (session, output) = try safeSession()
        #expect(run(session, output, "PRAGMA writable_schema = 1;\nUPDATE sqlite_schema SET sql = 'x' WHERE name = 'tags';")
            == "error: table sqlite_master may not be modified\n")
    }

    @Test func readStaysBelowTheNotebookFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-safe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "SELECT 'inside';\n".write(to: folder.appendingPathComponent("parts/inner.sql"), atomically: false, encoding: .utf8)
        let (session, output) = try safeSession(readsBelow: folder.path)
        #expect(run(session, output, ".read parts/inner.sql") == "inside\n")
        let refusal = "error: refused by safe mode: .read reads only files in \(folder.path) or below it\n" + Self.note
        #expect(run(session, output, ".read ../outside.sql") == refusal)
        #expect(run(session, output, ".read /etc/hostname") == refusal)
    }

    @Test func withoutSafeModeAttachWorks() throws {
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(target: .sample(.reminders), mode: .list, colorAllowed: false,
                                                 output: output, diagnostics: output))
        session.run(script: "ATTACH ':memory:' AS scratch;\nSELECT name FROM pragma_database_list WHERE name = 'scratch';", origin: nil, policy: .continueUnlessBail)
        #expect(output.text == "scratch\n")
    }
}

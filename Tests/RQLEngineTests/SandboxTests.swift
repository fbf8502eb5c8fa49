import Foundation
import GRDBSQLite
@testable import RQLFuzzChecks
import Testing
@testable import RQLEngine

/// `.sandbox` and `.undo`: every command after `.sandbox on` can be taken
/// back exactly, and nothing reaches the file until `.sandbox keep`.
@Suite struct SandboxTests {
    /// What the Reminders sample holds, as the commands below could change
    /// it: the schema, every table's rows, and what the FTS index finds.
    static func state(_ s: TestSession) -> String {
        [
            "SELECT type, name, sql FROM sqlite_master ORDER BY name;",
            "SELECT * FROM remindersLists ORDER BY rowid;",
            "SELECT * FROM reminders ORDER BY rowid;",
            "SELECT * FROM remindersTags ORDER BY rowid;",
            "SELECT * FROM tags ORDER BY rowid;",
            "SELECT rowid, * FROM reminderTexts ORDER BY rowid;",
            "SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'walk OR kids OR bread' ORDER BY rowid;",
            "PRAGMA user_version;",
        ].map { s.run($0).output }.joined(separator: "--\n")
    }

    @Test func eachCommandIsUndoneExactly() throws {
        let s = try TestSession()
        let original = Self.state(s)
        #expect(s.run(".sandbox on").errors == "")
        s.run("DELETE FROM remindersLists WHERE title = 'Family';")
        let afterDelete = Self.state(s)
        s.run("ALTER TABLE tags ADD COLUMN rank INTEGER NOT NULL DEFAULT 0;")
        let afterAlter = Self.state(s)
        s.run("UPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';")
        s.run("PRAGMA user_version = 7;")
        #expect(Self.state(s) != afterAlter)
        #expect(s.run(".sandbox").output == "sandbox on: 4 commands to undo\n")
        #expect(s.run(".undo 2").output == """
            undone: PRAGMA user_version = 7;
            undone: UPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';

            """)
        #expect(Self.state(s) == afterAlter)
        #expect(s.value("SELECT group_concat(name) FROM pragma_table_info('tags');") == "title,rank")
        s.run(".undo")
        #expect(Self.state(s) == afterDelete)
        #expect(s.value("SELECT group_concat(name) FROM pragma_table_info('tags');") == "title")
        #expect(s.run(".undo").output == "undone: DELETE FROM remindersLists WHERE title = 'Family';\n")
        #expect(Self.state(s) == original)
        // The DSL reads the catalog as it is after the undo, not as it was after the ALTER.
        #expect(s.run("tags | select rank").errors.contains("rank"))
        #expect(s.run(".sandbox off").output == "sandbox off: no command had changed the database\n")
    }

    @Test func commandsThatChangeNothingAreNotCounted() throws {
        let s = try TestSession()
        s.run(".sandbox on")
        s.run("SELECT count(*) FROM reminders;\nDELETE FROM tags WHERE title = 'none';\n.tables\nUPDATE tags SET title = 'x' WHERE 0;")
        #expect(s.run(".sandbox").output == "sandbox on: 0 commands to undo\n")
        let failed = s.run("INSERT INTO tags VALUES ('car');")
        #expect(failed.errors.contains("UNIQUE constraint failed"))
        #expect(s.run(".undo").errors == """
            error: nothing to undo: no command has changed the database since .sandbox on

            """)
        s.run("INSERT INTO tags VALUES ('new');")
        #expect(s.run(".undo 2").errors == "error: only 1 command can be undone, not 2\n")
        #expect(s.run(".show").output.contains("sandbox    on, 1 command to undo\n"))
        #expect(s.run(".databases").output.hasSuffix(
            "a sandbox holds the changes of 1 command in a transaction (.sandbox keep keeps them)\n"))
    }

    @Test func aScriptIsOneCommand() throws {
        let s = try TestSession()
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("rql-sandbox-\(UUID().uuidString).sql")
        try Data("INSERT INTO tags VALUES ('a');\nINSERT INTO tags VALUES ('b');\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        s.run(".sandbox on\n.read \(script.path)")
        #expect(s.value("SELECT count(*) FROM tags;") == "9")
        #expect(s.run(".undo").output == "undone: .read \(script.path)\n")
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
        // A script cannot undo or end the sandbox it is one command of.
        try Data("INSERT INTO tags VALUES ('c');\n.undo\n.sandbox keep\n".utf8).write(to: script)
        let ran = s.run(".read \(script.path)")
        #expect(ran.errors.contains("error: .undo cannot run inside a script while a sandbox is on: the script is one command of the sandbox\n"))
        #expect(ran.errors.contains("error: .sandbox keep cannot run inside a script"))
        #expect(s.run(".sandbox").output == "sandbox on: 1 command to undo\n")
        s.run(".undo")
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
    }

    @Test func whatWouldEndTheTransactionIsRefused() throws {
        let s = try TestSession()
        s.run(".sandbox on")
        let transaction = ".undo takes back the last command; .sandbox keep commits, .sandbox off rolls back\n"
        let ends = ".sandbox keep commits what the sandbox holds, .sandbox off discards it\n"
        #expect(s.run("BEGIN;").errors == "error: BEGIN cannot run in a sandbox: the sandbox holds the transaction\n" + transaction)
        #expect(s.run("  commit;").errors.hasPrefix("error: COMMIT cannot run in a sandbox"))
        #expect(s.run("SAVEPOINT a;").errors.hasPrefix("error: SAVEPOINT cannot run in a sandbox"))
        #expect(s.run("VACUUM;").errors
            == "error: VACUUM cannot run in a sandbox: SQLite refuses it inside a transaction, and the sandbox holds one\n" + ends)
        #expect(s.run("ATTACH ':memory:' AS other;").errors.hasPrefix("error: ATTACH cannot run in a sandbox"))
        #expect(s.run("PRAGMA main.journal_mode = wal;").errors.hasPrefix("error: PRAGMA journal_mode cannot run in a sandbox"))
        #expect(s.value("PRAGMA journal_mode;") == "memory")
        #expect(s.run(".open other.sqlite").errors
            == "error: .open cannot run in a sandbox: it would close the database the sandbox holds\n" + ends)
        #expect(s.run(".samp employees").errors.hasPrefix("error: .sample cannot run in a sandbox"))
        #expect(s.run(".sandbox on").errors == "error: the sandbox is on already, with 0 commands to undo\n" + ends)
        #expect(s.value("SELECT count(*) FROM reminders;") == "11")
    }

    /// RAISE(ROLLBACK) ends the transaction the sandbox held: the sandbox
    /// ends too, and says what was lost.
    @Test func aRollbackBySQLiteEndsTheSandbox() throws {
        let s = try TestSession()
        s.run("CREATE TRIGGER no_lists BEFORE INSERT ON remindersLists BEGIN SELECT RAISE(ROLLBACK, 'no new lists'); END;")
        s.run(".sandbox on\nDELETE FROM tags WHERE title = 'car';")
        let ran = s.run("INSERT INTO remindersLists (title) VALUES ('Errands');")
        #expect(ran.errors == """
            error: no new lists
            note: SQLite rolled the open transaction back
            sandbox off: SQLite rolled back the transaction it held, and the changes of 1 command with it

            """)
        #expect(s.run(".sandbox").output == "sandbox off\n")
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
    }

    @Test func undoAndKeepNeedASandbox() throws {
        let s = try TestSession()
        #expect(s.run(".undo").errors == """
            error: .undo needs a sandbox: no command can be taken back outside one
            .sandbox on starts one; each command after it can be undone

            """)
        #expect(s.run(".sandbox keep").errors == "error: .sandbox keep: no sandbox is on\n.sandbox on starts one\n")
        #expect(s.run(".sandbox off").errors == "error: .sandbox off: no sandbox is on\n.sandbox on starts one\n")
        #expect(s.run(".sandbox").output == "sandbox off\n")
        s.run("BEGIN;")
        #expect(s.run(".sandbox on").errors == """
            error: a transaction is open: the sandbox needs one of its own
            COMMIT or ROLLBACK it first, then .sandbox on

            """)
        s.run("ROLLBACK;")
        #expect(s.run(".sandbox on").errors == "")
        #expect(s.run(".sandbox maybe").errors == "error: .sandbox takes on, keep or off, not \"maybe\"\n")
        #expect(s.run(".undo 0").errors == "error: .undo takes a number of commands, 1 or more, not \"0\"\n")
    }

    /// The app's deferred callback (a reminder marked completing is
    /// completed a moment later) runs inside the sandbox, and is undone
    /// with the command it ran in.
    @Test func deferredWorkRunsAndIsUndoneWithItsCommand() throws {
        let s = try TestSession(clock: ManualClock(Date(timeIntervalSince1970: 1_768_467_600)))
        s.run(".sandbox on")
        s.run("UPDATE reminders SET status = 2 WHERE title = 'Haircut';")
        s.run(".clock advance 5s")
        #expect(s.value("SELECT status FROM reminders WHERE title = 'Haircut';") == "1")
        // The work ran as the clock moved: undoing that command undoes it.
        #expect(s.run(".undo").output == "undone: .clock advance 5s\n")
        #expect(s.value("SELECT status FROM reminders WHERE title = 'Haircut';") == "2")
        s.run(".undo")
        #expect(s.value("SELECT status FROM reminders WHERE title = 'Haircut';") == "0")
    }

    @Test func aFileIsUntouchedUntilKept() throws {
        let written = try TemporaryCopy(sample: .reminders)
        defer { withExtendedLifetime(written) {} }
        let path = written.path
        let file = FuzzDatabaseFile(existing: path)
        let before = DumpContents.text(of: file)
        do {
            let s = try TestSession(.file(path: path, readonly: false))
            #expect(s.run(".sandbox on").output.contains("other programs can read \(path); their writes wait (database is locked)"))
            s.run("DELETE FROM remindersLists WHERE title = 'Family';\nALTER TABLE tags ADD COLUMN rank INTEGER;")
            #expect(s.value("SELECT count(*) FROM reminders;") == "8")
            // Another program's write waits for the sandbox's lock.
            #expect(Self.writeFromAnotherConnection(path) == SQLITE_BUSY)
            #expect(s.run(".sandbox off").output == "sandbox off: discarded the changes of 2 commands\n")
            #expect(DumpContents.text(of: file) == before)
            s.run(".sandbox on\nDELETE FROM tags WHERE title = 'car';")
            #expect(s.run(".sandbox keep").output == "sandbox kept: the changes of 1 command are written to \((path as NSString).lastPathComponent)\n")
            #expect(Self.writeFromAnotherConnection(path) == SQLITE_OK)
            s.run(".sandbox on\nDELETE FROM tags;")
            #expect(s.session.close())
            #expect(s.errors.text.contains("sandbox off: discarded the changes of 1 command\n"))
        }
        let after = DumpContents.text(of: file)
        #expect(after != before)
        #expect(after.contains("t" + FuzzValue.hex(Array("kids".utf8))))
        #expect(!after.contains("t" + FuzzValue.hex(Array("car".utf8)) + "\n"))
    }

    @Test func aReadOnlyFileHasNoSandbox() throws {
        let written = try TemporaryCopy(sample: .reminders)
        defer { withExtendedLifetime(written) {} }
        let path = written.path
        let s = try TestSession(.file(path: path, readonly: true))
        #expect(s.run(".sandbox on").errors == """
            error: \(path) is open read-only: a sandbox has nothing to hold
            .open without --readonly opens it to write

            """)
    }

    /// Inserts a row as another program would, without waiting for a lock.
    static func writeFromAnotherConnection(_ path: String) -> Int32 {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return -1 }
        return sqlite3_exec(connection, "INSERT INTO tags VALUES ('from another program')", nil, nil, nil)
    }
}

import Foundation
import Testing
import RQLEngine

/// The Reminders app's callback triggers are TEMP triggers rql makes on
/// each connection, never stored: a written sample works in the sqlite3
/// shell, and rql gives a Reminders file its callbacks back when it opens it.
@Suite struct AppTriggerTests {
    static func writtenSample() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-app-\(UUID().uuidString).sqlite").path
        try Sample.reminders.write(to: path)
        return path
    }

    @Test(.enabled(if: SQLiteShell.isAvailable, "skipped: the written sample in sqlite3, as sqlite3 is absent"))
    func aWrittenSampleWorksInSqlite3() throws {
        let file = try AppTriggerTests.writtenSample()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try SQLiteShell.run([file, """
            SELECT count(*) FROM sqlite_master WHERE sql LIKE '%uuid()%' OR sql LIKE '%handleReminderStatusUpdate%';
            UPDATE reminders SET status = 2 WHERE title = 'Haircut';
            INSERT INTO reminders (remindersListID, title) VALUES ('00000000-0000-4000-8000-00000000a002', 'Bake 🎂 für Zoë');
            SELECT length(id), substr(id, 15, 1), position FROM reminders WHERE title LIKE 'Bake%';
            SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'Zoë';
            PRAGMA foreign_keys = ON;
            DELETE FROM remindersLists;
            SELECT count(*) FROM reminders;
            """])
        #expect(output == "0\n36|4|12\n1\n0\n")
    }

    @Test func openingAFileWithTheRemindersSchemaInstallsThem() throws {
        let file = try AppTriggerTests.writtenSample()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let test = try TestSession(.file(path: file, readonly: false))
        #expect(test.value("SELECT name FROM temp.sqlite_master ORDER BY name;")
                == "remindersLists_default_after_delete\nreminders_status_after_update")
        #expect(test.run("UPDATE reminders SET status = 2 WHERE title = 'Haircut';\n.clock advance 5s").output
                .hasSuffix("deferred: handleReminderStatusUpdate completed 1 reminder\n"))
        // Nothing of them reached the file.
        let other = try TestSession(.file(path: file, readonly: true))
        #expect(other.value("SELECT count(*) FROM main.sqlite_master WHERE type = 'trigger' AND sql LIKE '%handle%';") == "0")
    }

    @Test func aFileThatStoresThemGetsNoSecondCopy() throws {
        let file = try AppTriggerTests.writtenSample()
        defer { try? FileManager.default.removeItem(atPath: file) }
        try TestSession(.file(path: file, readonly: false)).run("""
            CREATE TRIGGER reminders_status_after_update AFTER UPDATE OF status ON reminders
            WHEN new.status = 2 BEGIN SELECT handleReminderStatusUpdate(); END;
            """)
        let test = try TestSession(.file(path: file, readonly: false))
        #expect(test.value("SELECT count(*) FROM temp.sqlite_master;") == "0")
        #expect(test.run(".trigger reminders_status_after_update").output.hasPrefix("trigger reminders_status_after_update (persistent)\n"))
    }

    @Test func otherDatabasesGetNone() throws {
        let test = try TestSession.inMemory("CREATE TABLE reminders (id TEXT, status INTEGER);")
        #expect(test.value("SELECT count(*) FROM temp.sqlite_master;") == "0")
    }

    @Test func restoreTakesThemAwayAndBringsThemBack() throws {
        let file = try AppTriggerTests.writtenSample()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("rql-app-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: other) }
        try TestSession.inMemory("CREATE TABLE notes (body TEXT);").run(".save '\(other)'")
        let test = try TestSession()
        test.run(".restore '\(other)'")
        #expect(test.run(".triggers").output == "no triggers\n")
        test.run(".restore '\(file)'")
        #expect(test.value("SELECT count(*) FROM temp.sqlite_master;") == "2")
    }
}

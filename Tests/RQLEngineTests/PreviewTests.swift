import Foundation
import GRDBSQLite
@testable import RQLFuzzChecks
import Testing
@testable import RQLEngine

/// `.preview`: what a write would change and why, then nothing written.
@Suite struct PreviewTests {
    @Test func aCascadeIsNamedAndTheFileIsUntouched() throws {
        let written = try TemporaryCopy(sample: .reminders)
        defer { withExtendedLifetime(written) {} }
        let path = written.path
        let file = FuzzDatabaseFile(existing: path)
        let before = DumpContents.text(of: file)
        let s = try TestSession(.file(path: path, readonly: false))
        let ran = s.run(".preview DELETE FROM remindersLists WHERE title = 'Personal'")
        #expect(ran.errors == "")
        #expect(ran.output == """
            would change:
              remindersLists        1 deleted       by the statement
              reminders             5 deleted       by ON DELETE CASCADE from remindersLists
              remindersTags         11 deleted      by ON DELETE CASCADE from reminders
              reminderTexts (fts5)  5 rows removed  by trigger reminderTexts_after_delete_on_remindersTags, trigger reminderTexts_after_delete_on_reminders
            triggers fired:
              reminderTexts_after_delete_on_remindersTags  11 times
              reminderTexts_after_delete_on_reminders      5 times
              remindersLists_default_after_delete          once (its WHEN decides whether its body runs)
            changes(): 1
            nothing was written: the preview rolled back

            """)
        #expect(DumpContents.text(of: file) == before)
        #expect(s.value("SELECT count(*) FROM reminders;") == "11")
        // The write lock went with the preview.
        #expect(SandboxTests.writeFromAnotherConnection(path) == SQLITE_OK)
        #expect(s.session.isInTransaction == false)
    }

    @Test func anErrorIsWhatWouldHappen() throws {
        let s = try TestSession()
        #expect(s.run(".preview INSERT INTO tags VALUES ('car')").output == """
            would fail: UNIQUE constraint failed: tags.title
            nothing would change
            nothing was written: the preview rolled back

            """)
        s.run("CREATE TRIGGER keep_tags BEFORE DELETE ON tags BEGIN SELECT RAISE(ABORT, 'tags are kept'); END;")
        let ran = s.run(".preview tags | where title == 'car' | delete")
        #expect(ran.output.hasPrefix("would fail: tags are kept\nnothing would change\n"))
        #expect(ran.errors == "")
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
        // RAISE(ROLLBACK) ends the whole transaction, the preview's savepoint with it.
        s.run("CREATE TRIGGER no_lists BEFORE INSERT ON remindersLists BEGIN SELECT RAISE(ROLLBACK, 'no new lists'); END;")
        let rolledBack = s.run(".preview INSERT INTO remindersLists (title) VALUES ('Errands')")
        #expect(rolledBack.output.hasPrefix("would fail: no new lists\nnothing would change\n"))
        #expect(rolledBack.errors == "")
        #expect(s.session.isInTransaction == false)
    }

    @Test func aQueryChangesNothingAndShowsItsRows() throws {
        let s = try TestSession()
        #expect(s.run(".preview SELECT count(*) FROM tags").output == """
            7
            nothing would change
            nothing was written: the preview rolled back

            """)
        #expect(s.run(".preview DELETE FROM tags WHERE title = 'none' RETURNING title").output
            == "nothing would change\nnothing was written: the preview rolled back\n")
        // A definition runs no statement: nothing of the last command's changes is said.
        s.run("DELETE FROM tags WHERE title = 'car';")
        #expect(s.run(".preview def tags.isLong = length(title) > 6").output == "nothing would change\nnothing was written: the preview rolled back\n")
        #expect(s.run("tags | where isLong | count").errors.contains("isLong"))
    }

    /// The app's callback schedules work as a reminder is marked completing:
    /// the preview says so and takes it back.
    @Test func scheduledWorkIsSaidAndTakenBack() throws {
        let s = try TestSession(clock: ManualClock(Date(timeIntervalSince1970: 1_768_467_600)))
        let ran = s.run(".preview UPDATE reminders SET status = 2 WHERE title = 'Haircut'")
        #expect(ran.output.contains("would schedule: handleReminderStatusUpdate in 5s\n"))
        #expect(ran.output.contains("  reminders_status_after_update  once (its WHEN decides whether its body runs)\n"))
        #expect(s.session.scheduler.pending.isEmpty)
        #expect(s.run(".clock advance 10s").output == "clock: 2026-01-15T09:00:10Z\n")
        #expect(s.value("SELECT status FROM reminders WHERE title = 'Haircut';") == "0")
    }

    @Test func schemaChangesAreListed() throws {
        let s = try TestSession()
        #expect(s.run(".preview ALTER TABLE tags ADD COLUMN rank INTEGER").output == """
            would change the schema:
              alters table tags
            nothing was written: the preview rolled back

            """)
        #expect(s.run(".preview PRAGMA user_version = 3").output.contains("  sets user_version to 3 (from 0)\n"))
        let dropped = s.run(".preview DROP TABLE remindersTags").output
        #expect(dropped.contains("  drops table remindersTags\n  drops trigger reminderTexts_after_delete_on_remindersTags\n"))
        // The catalog is the one before the preview.
        #expect(s.run("tags | select rank").errors.contains("rank"))
        #expect(s.value("SELECT count(*) FROM pragma_table_info('tags');") == "1")
    }

    @Test func inASandboxAPreviewIsNoCommandToUndo() throws {
        let s = try TestSession()
        s.run(".sandbox on\n.changes on")
        let ran = s.run(".preview DELETE FROM tags WHERE title = 'car'")
        #expect(!ran.output.contains("changes:"))
        #expect(s.run(".sandbox").output == "sandbox on: 0 commands to undo\n")
        // .changes reports again after the preview.
        #expect(s.run("DELETE FROM tags WHERE title = 'car';").output.contains("changes:\n  tags "))
    }

    /// Ctrl-C (here the interrupter a cell's time limit uses) stops a
    /// previewed command that would run for ever, and rolls it back.
    @Test func anInterruptedPreviewRollsBack() throws {
        let s = try TestSession()
        final class Done: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            var isSet: Bool { lock.withLock { value } }
            func set() { lock.withLock { value = true } }
        }
        let done = Done()
        let interrupter = s.session.interrupter
        // Again and again until the command ends: an interrupt that lands
        // before the statement runs is lost.
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while !done.isSet {
                Thread.sleep(forTimeInterval: 0.05)
                interrupter.interrupt()
            }
            stopped.signal()
        }
        let ran = s.run("""
            .preview WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) INSERT INTO tags SELECT 'tag ' || i FROM n
            """)
        done.set()
        stopped.wait()
        #expect(ran.errors.contains("interrupted"))
        #expect(!ran.output.contains("would"))
        #expect(s.session.isInTransaction == false)
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
    }

    @Test func whatCannotBePreviewed() throws {
        let s = try TestSession()
        #expect(s.run(".preview").errors == "error: usage: .preview COMMAND\n.help preview explains it\n")
        #expect(s.run(".preview .tables").errors
            == "error: .preview shows what SQL or a DSL command would change, not a dot-command\n")
        #expect(s.run(".preview -- nothing").errors
            == "error: .preview needs a command: SQL or the DSL\nfor example: .preview DELETE FROM remindersLists WHERE title = 'Family'\n")
    }
}

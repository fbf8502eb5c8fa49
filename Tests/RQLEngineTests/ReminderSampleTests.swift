import Foundation
import Testing
@testable import RQLEngine

/// The facts PRODUCT.md holds the Reminders sample to, and its triggers.
@Suite struct ReminderSampleTests {
    @Test func alterTableAddingACheckedColumnPrintsNoResult() throws {
        // SQLite gives this ALTER the columns of the check it runs inside it.
        let s = try TestSession(mode: .box)
        let result = s.run("ALTER TABLE tags ADD COLUMN rank INTEGER NOT NULL DEFAULT 0 CHECK (rank >= 0);")
        #expect(result.output == "")
        #expect(result.errors == "")
        #expect(s.run(".mode list\nSELECT count(*) AS n FROM tags WHERE rank = 0;").output == "n\n7\n")
    }

    @Test func seedFacts() throws {
        let s = try TestSession()
        #expect(s.value("SELECT count(*) FROM reminders;") == "11")
        #expect(s.value("SELECT count(*) FROM remindersLists;") == "3")
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
        #expect(s.value("SELECT count(*) FROM remindersTags;") == "12")
        #expect(s.value("""
            SELECT group_concat(n, '/') FROM (SELECT count(r.id) AS n FROM remindersLists l
            LEFT JOIN reminders r ON r.remindersListID = l.id AND r.status = 0 GROUP BY l.id ORDER BY l.position);
            """) == "4/2/2")
        #expect(s.value("SELECT count(*) FROM reminders WHERE status = 0;") == "8")
        #expect(s.value("SELECT count(*) FROM reminders WHERE status = 0 AND isFlagged;") == "2")
        #expect(s.value("SELECT count(*) FROM reminders WHERE status = 0 AND dueDate IS NOT NULL;") == "7")
        #expect(s.value("SELECT count(*) FROM reminders WHERE date(dueDate) = date('now');") == "2")
        #expect(s.value("SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'take';") == "2")
        #expect(s.value("SELECT count(DISTINCT reminderID) FROM remindersTags WHERE tagID = 'social';") == "3")
        #expect(s.value("SELECT group_concat(title, ',') FROM remindersLists ORDER BY position;") == "Personal,Family,Business")
        #expect(s.value("SELECT group_concat(position, ',') FROM (SELECT position FROM reminders ORDER BY rowid);")
            == "1,2,3,4,5,6,7,8,9,10,11")
        #expect(s.value("SELECT count(*) FROM reminders WHERE id LIKE '________-____-4___-8___-____________';") == "11")
    }

    @Test func seedIsRelativeToTheClockAndIdsAreStable() throws {
        let a = try TestSession()
        let b = try TestSession()
        let query = "SELECT id FROM reminders WHERE title = 'Haircut';"
        #expect(a.value(query) == b.value(query))
        #expect(a.value("SELECT julianday('now') - julianday(dueDate) BETWEEN 1.99 AND 2.01 FROM reminders WHERE title = 'Haircut';") == "1")
    }

    @Test func newRowsGetTheNextPosition() throws {
        let s = try TestSession()
        s.run("INSERT INTO remindersLists (title) VALUES ('Errands');")
        #expect(s.value("SELECT position FROM remindersLists WHERE title = 'Errands';") == "4")
        s.run("INSERT INTO reminders (remindersListID, title) VALUES ('00000000-0000-4000-8000-00000000a002', 'Water plants');")
        #expect(s.value("SELECT position FROM reminders WHERE title = 'Water plants';") == "12")
        #expect(s.value("SELECT length(id) FROM reminders WHERE title = 'Water plants';") == "36")
    }

    @Test func fullTextIndexFollowsInsertsUpdatesDeletesAndTags() throws {
        let s = try TestSession()
        s.run("INSERT INTO reminders (remindersListID, title, notes) VALUES ('00000000-0000-4000-8000-00000000a001', 'Take vitamins', 'daily');")
        #expect(s.value("SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'take';") == "3")
        s.run("UPDATE reminders SET title = 'Swallow vitamins' WHERE title = 'Take vitamins';")
        #expect(s.value("SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'take';") == "2")
        #expect(s.value("SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH 'swallow';") == "1")
        s.run("INSERT INTO remindersTags (reminderID, tagID) VALUES ('00000000-0000-4000-8000-00000000b003', 'night');")
        #expect(s.value("SELECT tags FROM reminderTexts WHERE rowid = (SELECT rowid FROM reminders WHERE title = 'Doctor appointment');")
            == "#adulting #night")
        s.run("DELETE FROM remindersTags WHERE reminderID = '00000000-0000-4000-8000-00000000b003' AND tagID = 'adulting';")
        #expect(s.value("SELECT tags FROM reminderTexts WHERE rowid = (SELECT rowid FROM reminders WHERE title = 'Doctor appointment');")
            == "#night")
        s.run("DELETE FROM reminders WHERE title = 'Swallow vitamins';")
        #expect(s.value("SELECT count(*) FROM reminderTexts;") == "11")
    }

    @Test func renamingATagOrMovingALinkReindexesTheReminders() throws {
        let s = try TestSession()
        let search = "SELECT count(*) FROM reminderTexts WHERE reminderTexts MATCH"
        #expect(s.value("\(search) 'adulting';") == "2")
        // The rename reaches remindersTags through ON UPDATE CASCADE.
        #expect(s.run("UPDATE tags SET title = 'grownup' WHERE title = 'adulting';").errors == "")
        #expect(s.value("\(search) 'grownup';") == "2")
        #expect(s.value("\(search) 'adulting';") == "0")
        // A link moved to another reminder leaves the first and reaches the second.
        s.run("""
            UPDATE remindersTags SET reminderID = '00000000-0000-4000-8000-00000000b001'
            WHERE reminderID = '00000000-0000-4000-8000-00000000b003' AND tagID = 'grownup';
            """)
        #expect(s.value("SELECT tags FROM reminderTexts WHERE rowid = (SELECT rowid FROM reminders WHERE title = 'Doctor appointment');") == "")
        #expect(s.value("SELECT tags LIKE '%#grownup%' FROM reminderTexts WHERE rowid = (SELECT rowid FROM reminders WHERE title = 'Groceries');") == "1")
        #expect(s.run(".fts reminderTexts").output.contains("  integrity      ok\n"))
    }

    @Test func aSixthTagIsRefused() throws {
        let s = try TestSession()
        let groceries = "00000000-0000-4000-8000-00000000b001"
        let ran = s.run("""
            INSERT INTO remindersTags (reminderID, tagID) VALUES ('\(groceries)', 'car');
            INSERT INTO remindersTags (reminderID, tagID) VALUES ('\(groceries)', 'kids');
            INSERT INTO remindersTags (reminderID, tagID) VALUES ('\(groceries)', 'night');
            """)
        #expect(ran.result.failures == 1)
        #expect(ran.errors == "error: a reminder can have at most 5 tags\n")
        #expect(s.value("SELECT count(*) FROM remindersTags WHERE reminderID = '\(groceries)';") == "5")
    }

    @Test func deletingAListCascadesToItsReminders() throws {
        let s = try TestSession()
        s.run("DELETE FROM remindersLists WHERE title = 'Family';")
        #expect(s.value("SELECT count(*) FROM reminders;") == "8")
        #expect(s.value("SELECT count(*) FROM reminderTexts;") == "8")
    }

    @Test func otherSamplesBuild() throws {
        #expect(try TestSession(.sample(.employees)).value("SELECT count(*) FROM employees WHERE managerID IS NULL;") == "1")
        let attachments = try TestSession(.sample(.attachments))
        #expect(attachments.value("SELECT group_concat(kind || ':' || n) FROM (SELECT kind, count(*) n FROM attachments GROUP BY kind);")
            == "image:2,link:2,voiceMemo:2")
        #expect(attachments.value("SELECT count(*) FROM linkAttachments;") == "2")
        let refused = attachments.run("INSERT INTO attachments (noteID, kind) VALUES (1, 'link');")
        #expect(refused.errors.hasPrefix("error: CHECK constraint failed"))
    }

    /// Single-table inheritance as the seed shows it: a row holds one
    /// case's columns only, and a switch to another case clears the old one's.
    @Test func anAttachmentHoldsOneCaseOnly() throws {
        let test = try TestSession(.sample(.attachments))
        let mixes = [
            "INSERT INTO attachments (noteID, kind, imageData, linkTitle) VALUES (1, 'image', x'00', 'Zoë');",
            "INSERT INTO attachments (noteID, kind, linkURL, imageCaption) VALUES (1, 'link', 'https://example.com', '東京');",
            "INSERT INTO attachments (noteID, kind, voiceMemoSeconds, linkTitle) VALUES (1, 'voiceMemo', 3, '🎉');",
            "UPDATE attachments SET kind = 'image', imageData = x'00' WHERE kind = 'link';",
            "UPDATE attachments SET voiceMemoTranscript = 'words' WHERE kind = 'image';",
        ]
        for sql in mixes {
            #expect(test.run(sql).errors.hasPrefix("error: CHECK constraint failed: CASE kind WHEN"), "\(sql)")
        }
        #expect(test.run("UPDATE attachments SET kind = 'image', imageData = x'00', linkURL = NULL, linkTitle = NULL WHERE id = 1;").errors == "")
        #expect(test.value("SELECT kind FROM attachments WHERE id = 1;") == "image")
    }
}

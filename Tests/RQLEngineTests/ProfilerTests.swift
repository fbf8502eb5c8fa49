import Foundation
import Testing
import RQLEngine

/// `.trace`, `.profile` and `.changes` on the Reminders sample.
@Suite struct ProfilerTests {
    /// Times vary from run to run: the ms column (characters 6 to 15 of a
    /// figures line) becomes `T` or `~T`, and so does the total's time.
    func maskingTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                let characters = Array(line)
                guard characters.count > 16, characters[5].isNumber, characters[15].isNumber else { return String(line) }
                let time = characters[6..<16].contains("~") ? "~T" : "T"
                return String(characters[..<6]) + String(repeating: " ", count: 10 - time.count) + time
                    + String(characters[16...])
            }
            .joined(separator: "\n")
            .replacingOccurrences(of: #"total [0-9]+\.[0-9]{3} ms"#, with: "total T ms", options: .regularExpression)
    }

    @Test func theProfileOfAnUpdateThatFiresTheFTSSyncTrigger() throws {
        let test = try TestSession()
        let ran = test.run(".profile on\nUPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';")
        #expect(ran.errors == "")
        #expect(maskingTimes(ran.output) == """
            profile:
              runs        ms    rows    steps   scan  sorts  autoidx
                 1         T       0       98     10      0        0  UPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';
                 3         T       3       18      0      0        0  ├─ PRAGMA 'main'.data_version
                 1        ~T       -        -      -      -        -  └─ TRIGGER reminderTexts_after_update_on_reminders
                 2         T       2       22      0      0        0     ├─ SELECT T.'rowid', T.c0, T.c1, T.c2 FROM 'main'.'reminderTexts_content' T WHERE T.'rowid'=?
                 1         T       0       10      0      0        0     ├─ DELETE FROM 'main'.'reminderTexts_docsize' WHERE id=?
                 1         T       0       10      0      0        0     ├─ DELETE FROM 'main'.'reminderTexts_content' WHERE id=?
                 1         T       0       15      0      0        0     ├─ INSERT INTO 'main'.'reminderTexts_content' VALUES(?,?,?,?)
                 1         T       0       13      0      0        0     ├─ REPLACE INTO 'main'.'reminderTexts_docsize' VALUES(?,?)
                 3         T       0       41      0      0        0     ├─ REPLACE INTO 'main'.'reminderTexts_data'(id, block) VALUES(?,?)
                 1         T       0       19      0      0        0     └─ INSERT INTO 'main'.'reminderTexts_idx'(segid,term,pgno) VALUES(?,?,?)
              total T ms: 1 statement, 1 trigger run, 13 internal statements; 246 VM steps, 10 full-scan steps, 0 sorts, 0 automatic indexes
              (~ time estimated between trace events: SQLite times whole statements, not triggers)

            """)
    }

    /// SQLite keeps FTS5's statements prepared from one command to the
    /// next: a profile counts only what they did in the command it profiles.
    @Test func aProfileCountsOnlyItsOwnCommand() throws {
        let fresh = try TestSession()
        let profiled = fresh.run(".profile on\nUPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';")
        let used = try TestSession()
        used.run("UPDATE reminders SET title = 'Walk' WHERE title = 'Take a walk';")
        let again = used.run(".profile on\nUPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';")
        #expect(maskingTimes(again.output) == maskingTimes(profiled.output))
        #expect(again.output.contains("246 VM steps"))
    }

    @Test func theProfileOfADeleteThatCascades() throws {
        let test = try TestSession()
        let output = maskingTimes(test.run(".profile on\nDELETE FROM remindersLists WHERE title = 'Family';").output)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("     1         T       0      272      2      0        0  DELETE FROM remindersLists WHERE title = 'Family';"))
        #expect(lines.contains("     3        ~T       -        -      -      -        -  ├─ TRIGGER reminderTexts_after_delete_on_reminders"))
        #expect(lines.contains("     1        ~T       -        -      -      -        -  └─ TRIGGER remindersLists_default_after_delete"))
        #expect(lines.dropLast().last?.hasPrefix("  total T ms: 1 statement, 4 trigger runs,") == true)
    }

    @Test func aQueryHasRowsAndAFullScan() throws {
        let test = try TestSession()
        let output = maskingTimes(test.run(".profile on\nSELECT title FROM reminders ORDER BY dueDate;").output)
        #expect(output.contains("     1         T      11"))
        #expect(output.contains("      1        0  SELECT title FROM reminders ORDER BY dueDate;"))
        #expect(output.contains("10 full-scan steps, 1 sorts, 0 automatic indexes"))
    }

    @Test func theTraceShowsTriggersAndInnerStatementsIndented() throws {
        let test = try TestSession()
        test.run(".parameter set :title Bread")
        let ran = test.run(".trace on\nUPDATE reminders SET title = :title WHERE title = 'Groceries';\n.trace off\nSELECT 1;")
        let lines = ran.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "UPDATE reminders SET title = 'Bread' WHERE title = 'Groceries';")
        #expect(lines.contains("  -- TRIGGER reminderTexts_after_update_on_reminders"))
        #expect(lines.contains("    -- UPDATE reminderTexts SET title = new.title, notes = new.notes WHERE rowid = new.rowid"))
        #expect(lines.contains("    -- DELETE FROM 'main'.'reminderTexts_docsize' WHERE id=?;"))
        #expect(lines.last == "1")
    }

    @Test func changesAfterAnInsert() throws {
        let test = try TestSession()
        let ran = test.run(".changes on\nINSERT INTO reminders (title, remindersListID) VALUES ('Water plants', '00000000-0000-4000-8000-00000000a001');")
        #expect(ran.output == """
            changes:
              reminders             1 inserted, 1 updated
              reminderTexts (fts5)  1 row indexed

            """)
    }

    @Test func changesAfterCompletingFollowedByTheCallback() throws {
        let test = try TestSession()
        let ran = test.run(".changes on\nUPDATE reminders SET status = 2 WHERE title IN ('Haircut', 'Groceries');")
        #expect(ran.output == "changes:\n  reminders  2 updated\n")
        test.clock.advance(by: 10)
        let later = test.run("SELECT count(*) FROM reminders WHERE status = 1;")
        #expect(later.output == """
            deferred: handleReminderStatusUpdate completed 2 reminders
            changes:
              reminders  2 updated
            5

            """)
    }

    @Test func changesAfterAListDeleteThatCascades() throws {
        let test = try TestSession()
        let ran = test.run(".changes on\nDELETE FROM remindersLists WHERE title = 'Business';")
        #expect(ran.output == """
            changes:
              remindersLists        1 deleted
              reminders             3 deleted
              reminderTexts (fts5)  3 rows removed
              remindersTags         1 deleted

            """)
    }

    @Test func changesOfFTSTagsAreReindexing() throws {
        let test = try TestSession()
        let ran = test.run(".changes on\nINSERT INTO remindersTags (reminderID, tagID) VALUES ('00000000-0000-4000-8000-00000000b001', 'car');")
        #expect(ran.output == "changes:\n  remindersTags         1 inserted\n  reminderTexts (fts5)  1 row re-indexed\n")
    }

    @Test func nothingIsSaidWhenNothingChangedOrRan() throws {
        let test = try TestSession()
        #expect(test.run(".changes on\n.profile on\n.mode csv").output == "")
        #expect(test.run("SELECT 1 WHERE 0;").output.hasPrefix("profile:"))
        #expect(!test.run("SELECT 1 WHERE 0;").output.contains("changes:"))
    }
}

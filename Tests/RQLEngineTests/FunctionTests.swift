import Foundation
import Testing
@testable import RQLEngine

/// The Swift-defined SQL functions, collation and callbacks.
@Suite struct FunctionTests {
    @Test func regexp() throws {
        let s = try TestSession()
        #expect(s.value("SELECT 'Groceries' REGEXP '^Gro', 'abc' REGEXP '^b', regexp('x', NULL) IS NULL;") == "1|0|1")
        #expect(s.value("SELECT count(*) FROM reminders WHERE title REGEXP '^(Take|Buy) ';") == "3")
        let bad = s.run("SELECT 'a' REGEXP '(';")
        #expect(bad.errors == "error: invalid regular expression: (\n")
    }

    @Test func slugify() throws {
        let s = try TestSession()
        #expect(s.value("SELECT slugify('Café au lait!'), slugify('  Prepare for WWDC 2026 '), slugify(NULL) IS NULL;")
            == "cafe-au-lait|prepare-for-wwdc-2026|1")
    }

    @Test func uuid() throws {
        let s = try TestSession()
        let value = s.value("SELECT uuid();")
        #expect(value.count == 36)
        #expect(value == value.lowercased())
        #expect(Array(value)[14] == "4")
        #expect(s.value("SELECT uuid() <> uuid();") == "1")
    }

    @Test func median() throws {
        let s = try TestSession()
        #expect(s.value("SELECT median(x) FROM (SELECT 3 x UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT NULL);") == "2")
        #expect(s.value("SELECT median(x) FROM (SELECT 1 x UNION ALL SELECT 2 UNION ALL SELECT 4 UNION ALL SELECT 10);") == "3.0")
        #expect(s.value("SELECT median(x) IS NULL FROM (SELECT NULL x);") == "1")
        #expect(s.value("SELECT median(priority) FROM reminders;") == "3")
    }

    @Test func mode() throws {
        let s = try TestSession()
        #expect(s.value("SELECT mode(priority) FROM reminders;") == "3")
        #expect(s.value("SELECT mode(x) FROM (SELECT 'b' x UNION ALL SELECT 'a' UNION ALL SELECT 'b' UNION ALL SELECT 'a');") == "a")
        #expect(s.value("SELECT mode(x) FROM (SELECT 'z' x UNION ALL SELECT 5);") == "5")
        #expect(s.value("SELECT mode(x) IS NULL FROM (SELECT NULL x);") == "1")
    }

    @Test func noDiacriticCollation() throws {
        let s = try TestSession()
        // Accents are ignored, case is kept, as with SQLite.swift's `.diacriticInsensitiveSearch`.
        #expect(s.value("SELECT 'café' = 'cafe' COLLATE NODIACRITIC, 'café' = 'CAFE' COLLATE NODIACRITIC, 'café' = 'cafe', 'E' < 'é' COLLATE NODIACRITIC;") == "1|0|0|1")
        #expect(s.value("SELECT group_concat(x, ',') FROM (SELECT x FROM (SELECT 'éclair' x UNION ALL SELECT 'Eagle' UNION ALL SELECT 'ezra') ORDER BY x COLLATE NODIACRITIC);")
            == "Eagle,éclair,ezra")
    }

    @Test func statusUpdatesAreDebouncedOnTheSessionClock() throws {
        let s = try TestSession()
        s.run("UPDATE reminders SET status = 2 WHERE title = 'Haircut';")
        s.clock.advance(by: 3)
        s.run("UPDATE reminders SET status = 2 WHERE title = 'Groceries';")
        #expect(s.session.scheduler.pending.count == 1)
        s.clock.advance(by: 3)
        let early = s.run("SELECT count(*) FROM reminders WHERE status = 2;")
        #expect(early.output == "2\n")
        s.clock.advance(by: 2.5)
        let landed = s.run("SELECT count(*) FROM reminders WHERE status = 1;")
        #expect(landed.output == "deferred: handleReminderStatusUpdate completed 2 reminders\n5\n")
        #expect(s.value("SELECT count(*) FROM reminders WHERE status = 1;") == "5")
        #expect(s.session.scheduler.pending.isEmpty)
    }

    @Test func deferredWorkWaitsForAnOpenTransaction() throws {
        let s = try TestSession()
        s.run("BEGIN; UPDATE reminders SET status = 2 WHERE title = 'Haircut';")
        s.clock.advance(by: 10)
        #expect(s.run("SELECT 1;").output == "1\n")
        // It lands as soon as the transaction ends, with the COMMIT.
        #expect(s.run("COMMIT;").output == "deferred: handleReminderStatusUpdate completed 1 reminder\n")
        #expect(s.run("SELECT 2;").output == "2\n")
    }

    @Test func deletingTheLastListCreatesTheDefaultOneLater() throws {
        let s = try TestSession()
        s.run("DELETE FROM remindersLists;")
        #expect(s.value("SELECT count(*) FROM remindersLists;") == "0")
        s.clock.advance(by: 1)
        let landed = s.run("SELECT title, position FROM remindersLists;")
        #expect(landed.output == "deferred: createDefaultRemindersList created the default list 'Personal'\nPersonal|1\n")
    }

    @Test func deferredWorkThatFailsSaysWhy() throws {
        let s = try TestSession(.sample(.employees))
        s.run("SELECT handleReminderStatusUpdate();")
        s.clock.advance(by: 5)
        let ran = s.run("SELECT 1;")
        #expect(ran.errors == "deferred: handleReminderStatusUpdate failed: no such table: reminders\n")
        #expect(ran.output == "1\n")
    }
}

/// What the options rql registers its functions with allow and refuse.
@Suite struct FunctionOptionTests {
    @Test func aDeterministicFunctionCanBeIndexedAndUUIDCannot() throws {
        let test = try TestSession()
        #expect(test.run("CREATE TABLE pages (title TEXT, slug TEXT GENERATED ALWAYS AS (slugify(title)));").errors == "")
        #expect(test.run("CREATE INDEX bySlug ON pages (slugify(title));").errors == "")
        #expect(test.run("CREATE INDEX byId ON pages (uuid());").errors.hasPrefix("error: non-deterministic functions prohibited in index expressions"))
    }

    @Test func onlyInnocuousFunctionsRunInAnUntrustedSchema() throws {
        let test = try TestSession()
        test.run("PRAGMA trusted_schema = OFF;\nCREATE VIEW slugs AS SELECT slugify('Zoë 東京') AS s, length(uuid()) AS n, "
                 + "median(1) AS m, mode(2) AS o;\nCREATE VIEW texts AS SELECT rowid FROM reminderTexts;")
        #expect(test.value("SELECT s, n, m, o FROM slugs;") == "zoe|36|1|2")
        #expect(test.run("SELECT * FROM texts;").errors.hasPrefix("error: unsafe use of virtual table \"reminderTexts\"\n"
                                                               + "note: PRAGMA trusted_schema is off"))
    }

    @Test func theCallbacksRunFromTempTriggersOnly() throws {
        let test = try TestSession()
        test.run("CREATE TRIGGER stored AFTER INSERT ON tags BEGIN SELECT createDefaultRemindersList(); END;")
        #expect(test.run("INSERT INTO tags VALUES ('a');").errors == "error: unsafe use of createDefaultRemindersList()\n")
        test.run("DROP TRIGGER stored;\nCREATE TEMP TRIGGER mine AFTER INSERT ON tags BEGIN SELECT createDefaultRemindersList(); END;")
        #expect(test.run("INSERT INTO tags VALUES ('a');").errors == "")
    }

    @Test func textWithANulInsideComesBackWhole() throws {
        let test = try TestSession()
        #expect(test.value("SELECT length(CAST(slugify('a' || char(0) || 'b') AS BLOB)), hex(regexp('b', 'a' || char(0) || 'b'));") == "3|31")
    }
}

import Foundation
import Testing
import RQLEngine

/// The session clock: SQLite's 'now' through the clock VFS, and `.clock`.
@Suite struct ClockTests {
    static let start = Date(timeIntervalSince1970: 1_768_467_600)  // 2026-01-15T09:00:00Z

    @Test func sqliteSeesTheSessionClock() throws {
        let test = try TestSession(clock: ManualClock(Self.start))
        #expect(test.value("SELECT datetime('now'), CURRENT_DATE, unixepoch()") == "2026-01-15 09:00:00|2026-01-15|1768467600")
        test.clock.advance(by: 90)
        #expect(test.value("SELECT time('now')") == "09:01:30")
        #expect(test.run(".clock").output == "2026-01-15T09:01:30Z\n")
    }

    @Test func twoSessionsKeepTheirOwnTime() throws {
        let first = try TestSession(clock: ManualClock(Self.start))
        let second = try TestSession(clock: ManualClock(Self.start + 86400 * 365))
        #expect(first.value("SELECT date('now')") == "2026-01-15")
        #expect(second.value("SELECT date('now')") == "2027-01-15")
    }

    @Test func theSampleDatesFollowTheClock() throws {
        let test = try TestSession(clock: ManualClock(Self.start))
        #expect(test.value("SELECT date(dueDate) FROM reminders WHERE title = 'Doctor appointment'") == "2026-01-15")
    }

    @Test func advanceRunsTheDebouncedCallbackOnceAtItsDueTime() throws {
        let test = try TestSession(clock: ManualClock(Self.start))
        let ran = test.run("""
            UPDATE reminders SET status = 2 WHERE title = 'Haircut';
            .clock advance 3s
            UPDATE reminders SET status = 2 WHERE title IN ('Doctor appointment', 'Get laundry');
            .clock advance 4s
            .clock advance 1500ms
            SELECT count(*) FROM reminders WHERE status = 2;
            """)
        #expect(ran.errors == "")
        #expect(ran.output == """
            clock: 2026-01-15T09:00:03Z
            clock: 2026-01-15T09:00:07Z
            clock: 2026-01-15T09:00:08.500Z
            deferred: handleReminderStatusUpdate completed 3 reminders
            0

            """)
    }

    @Test func theDeferredJobSeesItsOwnDueTime() throws {
        let test = try TestSession(clock: ManualClock(Self.start))
        test.run("""
            CREATE TEMP TABLE seen (at TEXT);
            CREATE TEMP TRIGGER note_completion AFTER UPDATE OF status ON reminders WHEN new.status = 1
            BEGIN INSERT INTO seen VALUES (strftime('%H:%M:%S', 'now')); END;
            UPDATE reminders SET status = 2 WHERE title = 'Haircut';
            .clock advance 1h
            """)
        #expect(test.value("SELECT DISTINCT at FROM seen") == "09:00:05")
        #expect(test.run(".clock").output == "2026-01-15T10:00:00Z\n")
    }

    @Test func setMovesForwardOnly() throws {
        let test = try TestSession(clock: ManualClock(Self.start))
        #expect(test.run(".clock set 2026-01-16").output == "clock: 2026-01-16T00:00:00Z\n")
        #expect(test.run(".clock set '2026-01-16 12:30'").output == "clock: 2026-01-16T12:30:00Z\n")
        #expect(test.run(".clock set 2026-01-15T09:00:00Z").errors
            == "error: the clock does not go back: it is already 2026-01-16T12:30:00Z\n")
    }

    @Test func messages() throws {
        let test = try TestSession(clock: ManualClock(Self.start))
        #expect(test.run(".clock advance soon").errors == "error: \"soon\" is not a duration\nwrite it as 500ms, 5s, 2m, 1h30m or 3d\n")
        #expect(test.run(".clock set tomorrow").errors == "error: \"tomorrow\" is not an instant\nwrite it as 2026-01-15T09:00:00Z (UTC)\n")
        let help = "\nwrite it as 2026-01-15T09:00:00Z (UTC)\n"
        #expect(test.run(".clock set 2027-02-30T10:00:00Z").errors == "error: \"2027-02-30T10:00:00Z\" is not an instant: 2027-02 has 28 days" + help)
        #expect(test.run(".clock set 2027-13-01").errors == "error: \"2027-13-01\" is not an instant: there is no month 13" + help)
        #expect(test.run(".clock set 2027-01-01T24:00").errors == "error: \"2027-01-01T24:00\" is not an instant: the time is past 23:59" + help)
        #expect(test.run(".clock set 10000-01-01").errors
                == "error: \"10000-01-01\" is past 9999-12-31T23:59:59Z, where SQLite's dates end" + help)
        #expect(test.run(".clock set 9999-12-31T23:00:00-02:00").errors
                == "error: \"9999-12-31T23:00:00-02:00\" is past 9999-12-31T23:59:59Z, where SQLite's dates end" + help)
        #expect(test.run(".clock advance 99999999999d").errors
                == "error: 99999999999d from 2026-01-15T09:00:00Z is past 9999-12-31T23:59:59Z, where SQLite's dates end\n")
        #expect(test.run(".clock set 2028-02-29").errors == "")
        #expect(test.run(".clock wind 5s").errors == "error: usage: .clock [set INSTANT | advance DURATION]\n.help clock explains it\n")
        #expect(test.run(".clock advance").errors == "error: usage: .clock [set INSTANT | advance DURATION]\n.help clock explains it\n")
    }

    @Test(arguments: [("500ms", 0.5), ("5s", 5), ("2m", 120), ("1h30m", 5400), ("3d", 259_200), ("1.5s", 1.5)])
    func durations(text: String, seconds: Double) {
        #expect(ClockText.duration(text) == seconds)
    }

    @Test(arguments: ["", "5", "s", "5 s", "-5s", "5y"])
    func notDurations(text: String) {
        #expect(ClockText.duration(text) == nil)
    }
}

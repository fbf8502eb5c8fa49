import Foundation
import Testing
import RQLEngine
import RQLRender
@testable import RQLNotebook

/// Running notebooks through a session, checking and updating them.
@Suite struct NotebookRunnerTests {
    func temporaryNotebook(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-\(UUID().uuidString).rql").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func run(_ text: String, safe: Bool = true) throws -> NotebookCheck {
        let notebook = try Notebook(text: text, path: "x.rql")
        return NotebookCheck(notebook, try NotebookRunner(safe: safe).run(notebook))
    }

    /// A runaway cell is interrupted at its limit, recorded as such, and
    /// the cells after it still run.
    @Test func aCellPastItsTimeLimitIsInterruptedAndTheRunGoesOn() throws {
        let notebook = try Notebook(text: """
            -- @timeout 5s

            -- @timeout 200ms
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;

            SELECT 'after' AS cell;

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;
            """, path: "x.rql")
        #expect(notebook.settings.timeLimit == CellTimeLimit("5s"))
        #expect(notebook.cells.map(\.timeLimit) == [CellTimeLimit("200ms"), nil, nil])
        let runner = NotebookRunner(timeLimit: CellTimeLimit(seconds: 60, text: "60s"))
        let check = NotebookCheck(notebook, try runner.run(try Notebook(text: notebook.lines.dropLast(2).joined(separator: "\n"),
                                                                         path: "x.rql")))
        #expect(check.run.outputs[0] == ["error: interrupted after 200ms"])
        #expect(check.run.outputs[1]?.contains("│ after │") == true)
        #expect(check.exitStatus == 1)
    }

    /// A cell that writes rows says how many it changed, none included; one
    /// that changes the schema, or only reads, says ok.
    @Test func aWriteSaysHowManyRowsItChanged() throws {
        let check = try run("""
            CREATE TABLE t(x);

            INSERT INTO t VALUES (1), (2);

            WITH n AS (SELECT 5 AS v) UPDATE t SET x = (SELECT v FROM n) WHERE x > 9;

            reminders | where title == 'nothing like it' | delete

            ALTER TABLE t ADD COLUMN y CHECK (y IS NULL);
            """)
        #expect(check.run.outputs.sorted { $0.key < $1.key }.map(\.value) == [
            ["ok"], ["ok, 2 rows changed"], ["ok, 0 rows changed"], ["ok, 0 rows changed"], ["ok"],
        ])
    }

    @Test(arguments: [("500ms", 0.5), ("30s", 30), ("1.5m", 90), ("2h", 7200)])
    func timeLimitsRead(text: String, seconds: Double) {
        #expect(CellTimeLimit(text)?.seconds == seconds)
    }

    @Test(arguments: ["", "30", "0s", "-1s", "5x", "s", "nans", "9999h"])
    func timeLimitsThatDoNotRead(text: String) throws {
        #expect(CellTimeLimit(text) == nil)
        #expect(throws: NotebookError.self) { try Notebook(text: "-- @timeout \(text)\nSELECT 1;\n", path: "x.rql") }
    }

    @Test(arguments: [
        ("sqlite >= 3.44", "3.40.1", false), ("sqlite >= 3.44", "3.44.0", true), ("sqlite >= 3.44", "3.45.2", true),
        ("sqlite < 3.44", "3.40.1", true), ("sqlite<3.44", "3.44.2", false), ("SQLite > 3.40", "3.40.1", false),
        ("sqlite <= 3.40.1", "3.40.1", true), ("sqlite == 3", "3.40.1", true), ("sqlite > 3.40.0", "3.40.1", true),
    ])
    func versionRequirementsHold(requirement: String, version: String, holds: Bool) throws {
        #expect(try #require(VersionRequirement(requirement)).holds(for: version) == holds)
    }

    @Test(arguments: ["", "sqlite", "sqlite 3.44", "sqlite >= ", "sqlite >= 3.x", "sqlite >= 3.44.1.2", "postgres >= 9", "sqlite => 3"])
    func versionRequirementsThatDoNotRead(text: String) {
        #expect(VersionRequirement(text) == nil)
    }

    /// Cells (or a whole notebook) whose `@requires` this SQLite does not
    /// meet are skipped, and the summary counts them.
    @Test func cellsForOtherSQLiteVersionsAreSkippedAndCounted() throws {
        let check = try run("""
            -- @requires sqlite >= 3.0

            -- @requires sqlite >= 99.0
            SELECT 'future';
            -- @requires sqlite < 99.0
            SELECT 'today' AS cell;
            """)
        #expect(check.notebook.settings.requirement == VersionRequirement("sqlite >= 3.0"))
        #expect(check.run.skippedForVersion == [0])
        #expect(check.run.outcomes[1]?.lines.contains("│ today │") == true)
        #expect(check.summary == "x.rql: 1 cell, 1 drifted, 0 errors, 1 skipped (@requires; this is SQLite \(Session.sqliteVersion))")
        let none = try run("-- @requires sqlite > 99\n\nSELECT 1;\n")
        #expect(none.run.outcomes.isEmpty && none.run.skippedForVersion == [0])
    }

    @Test func outputsErrorsAndWrites() throws {
        let check = try run("""
            SELECT count(*) AS n FROM tags;
            -- @expect error
            INSERT INTO tags (title) VALUES ('car');
            DELETE FROM tags WHERE title LIKE 'k%';
            CREATE TABLE empty (x);
            SELECT * FROM nowhere;
            -- @expect error
            SELECT 1;
            """)
        #expect(check.run.outputs[0] == ["┌───┐", "│ n │", "├───┤", "│ 7 │", "└───┘"])
        #expect(check.run.outputs[1] == ["error: UNIQUE constraint failed: tags.title"])
        #expect(check.run.outputs[2] == ["ok, 1 row changed"])
        #expect(check.run.outputs[3] == ["ok"])
        #expect(check.run.outputs[4] == ["error: no such table: nowhere"])
        #expect(check.problems == ["x.rql:6: unexpected error", "x.rql:8: expected an error"])
        #expect(check.summary == "x.rql: 6 cells, 6 drifted, 2 errors")
        #expect(check.exitStatus == 1)
    }

    @Test func theClockIsPinnedAndUUIDsCount() throws {
        let check = try run("""
            -- @mode list
            SELECT datetime('now'), uuid(), uuid();
            UPDATE reminders SET status = 2 WHERE title IN ('Haircut', 'Get laundry');
            UPDATE reminders SET status = 2 WHERE title = 'Take out trash';
            .clock advance 1m
            """)
        #expect(check.run.outputs[0] == ["2026-01-15 09:00:00|00000000-0000-4000-8000-000000000001|00000000-0000-4000-8000-000000000002"])
        #expect(check.run.outputs[3] == ["clock: 2026-01-15T09:01:00Z", "deferred: handleReminderStatusUpdate completed 3 reminders"])
        let later = try run("-- @now 2030-06-01T12:00:00Z\n-- @mode list\nSELECT datetime('now');")
        #expect(later.run.outputs[0] == ["2030-06-01 12:00:00"])
    }

    @Test func masksTimesAndSortedRows() throws {
        let check = try run("""
            -- @mode list
            -- @mask digits /[0-9]+/
            SELECT 'a1';
            -- @mask letter /[a-z]/
            SELECT 'b22';
            .timer on
            SELECT 'x';
            .timer off
            -- @sort rows
            SELECT title FROM tags WHERE title < 'd' ORDER BY title DESC;
            """)
        #expect(check.run.outputs[0] == ["a[digits]"])
        #expect(check.run.outputs[1] == ["[letter][digits]"])
        #expect(check.run.outputs[3] == ["x", "Run Time: real [time] user [time] sys [time]"])
        #expect(check.run.outputs[5] == ["adulting", "car"])
    }

    /// A mask replaces a value before the box is laid out, so every border
    /// stays in place; `@sort rows` moves whole rows, a value of several
    /// lines with them, in SQLite's order of values.
    @Test func masksAndSortingActOnRowsNotLines() throws {
        let check = try run("""
            -- @mask id /[0-9a-f]{8}-[0-9a-f-]{27}/
            SELECT id, title FROM reminders WHERE title LIKE 'B%' OR title LIKE 'Gr%' ORDER BY title;

            -- @sort rows
            -- @mask n /[0-9]+/
            SELECT * FROM (VALUES ('Zoë', 'two' || char(10) || 'lines 2'), (NULL, 'x'), ('東京 🎉', 'y'), (10, 'z'), (9.5, 'w'));

            -- @sort rows
            .tables
            """)
        #expect(check.run.outputs[0] == [
            "┌──────┬─────────────────────┐",
            "│ id   │ title               │",
            "├──────┼─────────────────────┤",
            "│ [id] │ Buy concert tickets │",
            "│ [id] │ Groceries           │",
            "└──────┴─────────────────────┘",
        ])
        #expect(check.run.outputs[1] == [
            "┌─────────┬───────────┐",
            "│ column1 │ column2   │",
            "├─────────┼───────────┤",
            "│ NULL    │ x         │",
            "│ Zoë     │ two       │",
            "│         │ lines [n] │",
            "│ [n]     │ z         │",
            "│ [n].[n] │ w         │",
            "│ 東京 🎉 │ y         │",
            "└─────────┴───────────┘",
        ])
        // Masked first, then sorted: a masked value sorts as its [NAME], the same in every run.
        let tables = try #require(check.run.outputs[2])
        #expect(tables.count > 1 && tables == tables.sorted())
    }

    /// A pattern that backtracks without end runs out of matching steps,
    /// counted the same on any machine however busy: the cell shows its
    /// output unmasked and says which mask gave up, and the next cell runs.
    @Test func aMaskThatBacktracksTooMuchGivesUpAndSaysSo() throws {
        let check = try run("""
            -- @mode list
            -- @mask slow /(a+)+$/
            SELECT printf('%.*c', 40, 'a') || 'b';
            SELECT 'c';
            """)
        #expect(check.run.outputs[0] == [
            String(repeating: "a", count: 40) + "b",
            "error: @mask slow /(a+)+$/ gave up on this output after 20 million matching steps (the most a cell's masks may take): "
                + "the pattern backtracks too much (a repeat inside a repeat, such as (a+)+, can take forever); write it without nested repeats",
        ])
        #expect(check.run.outcomes[0]?.failed == true)
        #expect(check.run.outputs[1] == ["c"])
    }

    /// Patterns that backtrack without nesting repeats, each value of a
    /// result a little, and text that is not a result: all count against
    /// the same steps of the cell, so none of them runs for ages.
    @Test func everyHostileMaskIsBounded() throws {
        let check = try run("""
            -- @mode list
            -- @mask spaces /\\s*\\s*\\s*\\s*\\s*x/
            SELECT printf('%.*c', 400, ' ') || 'y';

            -- @mask overlap /(a|aa)+$/
            SELECT printf('%.*c', 60, 'a') || 'b';

            -- @mask slow /(a+)+$/
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 500)
            SELECT printf('%.*c', 18, 'a') || 'b' FROM c;

            -- @mask slow /(a+)+$/
            .print aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab
            """)
        for (cell, mask) in [(0, #"spaces /\s*\s*\s*\s*\s*x/"#), (1, "overlap /(a|aa)+$/"), (2, "slow /(a+)+$/"), (3, "slow /(a+)+$/")] {
            #expect(check.run.outputs[cell]?.last?.hasPrefix("error: @mask \(mask) gave up on this output after 20 million") == true,
                    "\(check.run.outputs[cell]?.last ?? "")")
            #expect(check.run.outcomes[cell]?.failed == true)
        }
    }

    /// The budget is counted in ICU's reports, one every 10,000 steps.
    @Test func theBudgetIsTwentyMillionSteps() {
        var budget = MaskBudget()
        var granted = 0
        while budget.spend() { granted += 1 }
        #expect(granted == 2_000)
    }

    @Test func masksHaveStepsForLongOutputs() throws {
        let check = try run("""
            -- @mode list
            -- @mask id /[0-9a-f]{8}-[0-9a-f-]{27}/
            -- @mask n /[0-9]+/
            -- @mask line /^.*-4.*$/
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 20001)
            SELECT x, lower(hex(randomblob(4))) || '-0000-4000-8000-' || lower(hex(randomblob(6))) FROM c;

            -- @mask id /[0-9a-f]{8}-[0-9a-f-]{27}/
            -- @mask n /[0-9]+/
            -- @mask tail /.*-4/
            .print 1|00000000-0000-4000-8000-000000000001
            """)
        #expect(check.run.outputs[0]?.count == 20_001, "\(check.run.outputs[0]?.prefix(2) ?? []) \(check.run.outputs[0]?.suffix(2) ?? [])")
        #expect(check.run.outputs[0]?.allSatisfy { $0 == "[n]|[id]" } == true)
        #expect(check.run.outputs[1] == ["[n]|[id]"])
    }

    @Test func maxrowsForOneCell() throws {
        let check = try run("-- @maxrows 2\nSELECT title FROM tags ORDER BY title;\nSELECT count(*) FROM (SELECT title FROM tags);")
        #expect(check.run.outputs[0]?.last == "… 7 rows, 2 shown")
    }

    @Test func aDatabaseFileIsReadIntoAPrivateCopy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-nb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Sample.employees.write(to: folder.appendingPathComponent("staff.sqlite").path)
        let path = folder.appendingPathComponent("n.rql").path
        try "-- @db staff.sqlite\n-- @mode list\nDELETE FROM employees;\nSELECT count(*) FROM employees;\n".write(toFile: path, atomically: false, encoding: .utf8)
        let notebook = try Notebook.load(path)
        let run = try NotebookRunner().run(notebook)
        #expect(run.outputs[1] == ["0"])
        let again = try NotebookRunner().run(Notebook(text: "-- @db staff.sqlite\n-- @mode list\nSELECT count(*) > 0 FROM employees;", path: path))
        #expect(again.outputs[0] == ["1"])
    }

    @Test func aMissingDatabaseFileCannotBeOpened() throws {
        let notebook = try Notebook(text: "-- @db /nonexistent/x.sqlite\nSELECT 1;", path: "x.rql")
        let error = #expect(throws: NotebookError.self) { try NotebookRunner(safe: false).run(notebook) }
        #expect(error?.description == "x.rql: error: cannot open /nonexistent/x.sqlite: no such file")
    }

    @Test func safeModeKeepsTheDatabaseBelowTheNotebook() throws {
        let notebook = try Notebook(text: "-- @db /nonexistent/x.sqlite\nSELECT 1;", path: "x.rql")
        let error = #expect(throws: NotebookError.self) { try NotebookRunner().run(notebook) }
        #expect(error?.description == "x.rql:1: error: refused by safe mode: @db reads only databases in . or below it\n"
                + "help: rql run, check, update and export --execute take --unsafe to lift this")
    }

    @Test func updateRewritesOnlyOutputsAndThenLeavesTheFileAlone() throws {
        let path = try temporaryNotebook("-- @mode list\n-- prose\t \nSELECT 1;\n--> 2\n\nSELECT 3;")
        defer { try? FileManager.default.removeItem(atPath: path) }
        chmod(path, 0o640)
        let notebook = try Notebook.load(path)
        let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
        #expect(check.diff == """
            --- \(path)\t(recorded)
            +++ \(path)\t(fresh)
            \(path):3: output drifted
            @@ -3,2 +3,2 @@
             SELECT 1;
            --->\u{20}2
            +--> 1
            \(path):6: never recorded
            @@ -6,1 +6,2 @@
             SELECT 3;
            +--> 3

            """)
        #expect(try notebook.write(replacingOutputs: check.updates))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "-- @mode list\n-- prose\t \nSELECT 1;\n--> 1\n\nSELECT 3;\n--> 3\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        let updated = try Notebook.load(path)
        let modified = attributes[.modificationDate] as? Date
        let second = NotebookCheck(updated, try NotebookRunner().run(updated))
        #expect(second.exitStatus == 0 && second.diff == "")
        #expect(try updated.write(replacingOutputs: second.updates) == false)
        #expect((try FileManager.default.attributesOfItem(atPath: path))[.modificationDate] as? Date == modified)
    }

    @Test func updateRefusesAFileChangedMeanwhile() throws {
        let path = try temporaryNotebook("SELECT 1;\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let notebook = try Notebook.load(path)
        let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
        try "SELECT 1;\n-- a teacher's edit\n".write(toFile: path, atomically: false, encoding: .utf8)
        let error = #expect(throws: NotebookError.self) { try notebook.write(replacingOutputs: check.updates) }
        #expect(error?.description == "\(path): error: the notebook changed on disk since rql read it; nothing was written\n"
                + "help: run rql update again to record the outputs in the new text")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "SELECT 1;\n-- a teacher's edit\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
            .filter { $0.hasPrefix((path as NSString).lastPathComponent + ".") }
        #expect(leftovers.isEmpty)
    }

    @Test func skippedCellsDoNotRun() throws {
        let check = try run("-- @mode list\n-- @skip\nDELETE FROM tags;\nSELECT count(*) FROM tags;")
        #expect(check.run.outputs[0] == nil)
        #expect(check.run.outputs[1] == ["7"])
    }
}

/// `.read FILE.rql` in a session: the cells run, the recorded outputs do not.
@Suite struct NotebookReadTests {
    @Test func readRunsTheCellsAndIgnoresTheRecordedOutput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-read-\(UUID().uuidString).rql").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "-- prose\nSELECT 'a'\n--> stale\n\n-- @skip\nSELECT 'skipped';\nSELECT 'b';\n".write(toFile: path, atomically: false, encoding: .utf8)
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(mode: .list, colorAllowed: false, output: output, diagnostics: output, notebooks: Notebooks()))
        session.run(script: ".read \(path)", origin: nil, policy: .continueUnlessBail)
        #expect(output.text == "a\nb\n")
    }

    @Test func aNotebookThatDoesNotParseIsAnErrorOfRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-read-\(UUID().uuidString).rql").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "SELECT 1; SELECT 2;\n".write(toFile: path, atomically: false, encoding: .utf8)
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(mode: .list, colorAllowed: false, output: output, diagnostics: output, notebooks: Notebooks()))
        session.run(script: ".read \(path)", origin: nil, policy: .continueUnlessBail)
        #expect(output.text == "error: cannot read the notebook: \(path):1: two commands on one line\n"
            + "help: put each command on a line of its own, so each gets its own output block\n")
    }
}

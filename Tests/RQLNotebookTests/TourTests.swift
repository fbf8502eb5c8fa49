import Foundation
import Testing
import RQLEngine
import RQLRender
@testable import RQLNotebook

/// `.tour`: a sample notebook, step by step, at the prompt.
@Suite struct TourTests {
    func session() throws -> (Session, ByteOutput) {
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(target: .sample(.employees), mode: .list, colorAllowed: false,
                                                 output: output, diagnostics: output, notebooks: Notebooks()))
        return (session, output)
    }

    @Test func stepsThroughTheRemindersTour() throws {
        let (session, output) = try session()
        #expect(session.execute(Command(.dot, ".tour")).succeeded)
        // The tour has a session of its own; this one keeps its database.
        #expect(session.target == .sample(.employees))
        #expect(session.activeSession.target == .sample(.reminders))
        let tour = try #require(session.tour)
        #expect(tour.position == 0)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "tour.rql, step by step: \(tour.steps.count) steps on a fresh copy of the reminders sample, on the notebook's clock.")
        #expect(lines[1] == "Enter runs the next step; type anything in between; .tour off comes back to employees as you left it.")
        #expect(lines[3] == "  # A tour of the Reminders database")
        #expect(lines.suffix(2) == ["next> .tables", ""])
        output.clear()
        #expect(session.execute(Command(.dot, ".tour next")).succeeded)
        #expect(session.tour?.position == 1)
        #expect(output.text.hasPrefix("reminderTexts        remindersListAssets  remindersTags\n"))
        #expect(output.text.hasSuffix("\n  Lists hold reminders. Each list has a color and a position.\n\nnext> SELECT id, title, color, position FROM remindersLists ORDER BY position;\n"))
        output.clear()
        session.execute(Command(.dot, ".tour next"))
        #expect(output.text.contains("\nnext> SELECT r.title, l.title AS list\n...> FROM reminders AS r JOIN remindersLists AS l ON l.id = r.remindersListID\n...> WHERE r.isFlagged\n"))
        output.clear()
        #expect(session.execute(Command(.dot, ".tour off")).succeeded)
        #expect(session.tour == nil)
        #expect(session.activeSession === session)
        #expect(output.text == "the tour of tour.rql ended before step 3 of \(tour.steps.count); back to employees\n")
    }

    /// The banner wraps at word boundaries to the width, as help does: at 100
    /// columns no period is left on a line of its own.
    @Test func theBannerWrapsToTheWidth() throws {
        let (session, output) = try session()
        session.settings.lineWidth = 100
        #expect(session.execute(Command(.dot, ".tour")).succeeded)
        let lines = output.text.split(separator: "\n").prefix(3).map(String.init)
        #expect(lines[1] == "Enter runs the next step; type anything in between; .tour off comes back to employees as you left")
        #expect(lines[2] == "it.")
    }

    /// Each step prints what the notebook recorded for it: the tour runs
    /// on the notebook's clock, settings and counting uuid().
    @Test(arguments: Tour.names)
    func theFirstStepsPrintWhatTheNotebookRecorded(name: String) throws {
        let text = try #require(Tour.notebook(named: name))
        let notebook = try Notebook(text: text, path: name)
        let (session, output) = try session()
        session.execute(Command(.dot, ".tour \(name)"))
        let cells = notebook.cells.filter { !$0.skipped && $0.runs(on: Session.sqliteVersion, in: notebook) }
        for cell in cells.prefix(3) {
            output.clear()
            let ran = session.execute(Command(.dot, ".tour next"))
            // What follows the step's output: the next step, said.
            let tour = try #require(session.tour)
            let next = tour.steps[tour.position]
            let said = "\n" + next.narration.map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined() + (next.narration.isEmpty ? "" : "\n")
                + next.command.typed(after: "next> ")
            #expect(output.text.hasSuffix(said), "\(name):\(cell.line)")
            let printed = CellOutcome.lines(printed: String(output.text.dropLast(said.count)), changedRows: ran.changedRows)
            #expect(printed == cell.recorded, "\(name):\(cell.line)")
        }
    }

    /// A tour started inside a transaction leaves it open, and this
    /// session's database, rows and settings, as they were.
    @Test func theTourLeavesTheUsersSessionAsItWas() throws {
        let (session, output) = try session()
        session.execute(Command(.sql, "BEGIN;"))
        session.execute(Command(.sql, "UPDATE employees SET name = 'Zoë 東京' WHERE id = 1;"))
        session.execute(Command(.dot, ".mode csv"))
        session.execute(Command(.dot, ".tour dsl"))
        session.execute(Command(.dot, ".tour next"))
        #expect(session.activeSession.settings.showsSQL)
        session.execute(Command(.sql, "SELECT count(*) FROM reminders;"))
        session.execute(Command(.dot, ".tour off"))
        #expect(session.isInTransaction)
        #expect(!session.settings.showsSQL)
        #expect(session.settings.mode == .csv)
        output.clear()
        session.execute(Command(.sql, "SELECT name FROM employees WHERE id = 1;"))
        #expect(output.text == "\"Zoë 東京\"\n")
        #expect(session.execute(Command(.sql, "COMMIT;")).succeeded)
    }

    /// `.record` during a tour records the steps' commands, not `.tour next`.
    @Test func recordingATourRecordsItsCommands() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-tour-\(UUID().uuidString).rql").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (session, _) = try session()
        session.execute(Command(.dot, ".tour"))
        session.execute(Command(.dot, ".record \(path)"))
        session.execute(Command(.dot, ".tour next"))
        session.execute(Command(.sql, "SELECT 42 AS answer;"))
        session.execute(Command(.dot, ".record off"))
        let notebook = try Notebook.load(path)
        #expect(notebook.cells.map(\.command.text) == [".tables", "SELECT 42 AS answer;"])
    }

    @Test func theLastStepEndsTheTour() throws {
        let (session, output) = try session()
        session.execute(Command(.dot, ".tour triggers"))
        let count = try #require(session.tour?.steps.count)
        for _ in 0..<count { session.execute(Command(.dot, ".tour next")) }
        #expect(session.tour == nil)
        #expect(output.text.hasSuffix("\nThat was the last step of triggers.rql; back to employees. Other tours: \(Tour.names.filter { $0 != "triggers" }.joined(separator: " ")) (.tour NAME).\n"))
        #expect(!output.text.contains("unexpected"))
    }

    @Test func everySampleNotebookIsATour() throws {
        for name in Tour.names {
            let text = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().appendingPathComponent("../../Samples/notebooks/\(name).rql")), encoding: .utf8))
            let tour = try Notebooks().tour(named: name, text: text, console: ByteOutput(.memory), diagnostics: ByteOutput(.memory)).tour
            let notebook = try Notebook(text: text, path: name)
            #expect(tour.steps.count == notebook.cells.filter { $0.runs(on: Session.sqliteVersion, in: notebook) }.count)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../Samples/notebooks").path)
        #expect(Set(files.filter { $0.hasSuffix(".rql") }.map { String($0.dropLast(4)) }) == Set(Tour.names),
                "every notebook in Samples/notebooks is embedded (Package.swift, SampleFiles.notebooks)")
    }

    @Test func messages() throws {
        let (session, output) = try session()
        #expect(!session.execute(Command(.dot, ".tour next")).succeeded)
        #expect(!session.execute(Command(.dot, ".tour off")).succeeded)
        #expect(!session.execute(Command(.dot, ".tour trigers")).succeeded)
        #expect(session.target == .sample(.employees))
        #expect(output.text == """
            error: no tour is running
            .tour starts the Reminders tour; .help tour lists the others
            error: no tour is running
            .tour starts the Reminders tour; .help tour lists the others
            error: there is no tour named "trigers"
            did you mean triggers?
            tours: \(Tour.names.joined(separator: " "))

            """)
    }
}

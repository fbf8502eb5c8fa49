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
                                                 output: output, diagnostics: output))
        session.notebooks = Notebooks()
        return (session, output)
    }

    @Test func stepsThroughTheRemindersTour() throws {
        let (session, output) = try session()
        #expect(session.execute(Command(.dot, ".tour")))
        #expect(session.target == .sample(.reminders))
        let tour = try #require(session.tour)
        #expect(tour.position == 0)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "tour.rql, step by step: \(tour.steps.count) steps on a fresh copy of the reminders sample.")
        #expect(lines[1] == "Enter runs the next step; type anything in between; .tour off ends the tour.")
        #expect(lines[3] == "  # A tour of the Reminders database")
        #expect(lines.suffix(2) == ["next> .tables", ""])
        output.clear()
        #expect(session.execute(Command(.dot, ".tour next")))
        #expect(session.tour?.position == 1)
        #expect(output.text.hasPrefix("reminderTexts        remindersListAssets  remindersTags\n"))
        #expect(output.text.hasSuffix("\n  Lists hold reminders. Each list has a color and a position.\n\nnext> SELECT id, title, color, position FROM remindersLists ORDER BY position;\n"))
        output.clear()
        session.execute(Command(.dot, ".tour next"))
        #expect(output.text.contains("\nnext> SELECT r.title, l.title AS list\n...> FROM reminders AS r JOIN remindersLists AS l ON l.id = r.remindersListID\n...> WHERE r.isFlagged\n"))
        output.clear()
        #expect(session.execute(Command(.dot, ".tour off")))
        #expect(session.tour == nil)
        #expect(output.text == "the tour of tour.rql ended before step 3 of \(tour.steps.count)\n")
    }

    @Test func theLastStepEndsTheTour() throws {
        let (session, output) = try session()
        session.execute(Command(.dot, ".tour triggers"))
        let count = try #require(session.tour?.steps.count)
        for _ in 0..<count { session.execute(Command(.dot, ".tour next")) }
        #expect(session.tour == nil)
        #expect(output.text.hasSuffix("\nThat was the last step of triggers.rql. Other tours: \(Tour.names.filter { $0 != "triggers" }.joined(separator: " ")) (.tour NAME).\n"))
        #expect(!output.text.contains("unexpected"))
    }

    @Test func everySampleNotebookIsATour() throws {
        for name in Tour.names {
            let text = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().appendingPathComponent("../../Samples/notebooks/\(name).rql")), encoding: .utf8))
            let tour = try Notebooks().tour(named: name, text: text)
            #expect(tour.steps.count == (try Notebook(text: text, path: name).cells.filter { !$0.skipped }.count))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../Samples/notebooks").path)
        #expect(Set(files.filter { $0.hasSuffix(".rql") }.map { String($0.dropLast(4)) }) == Set(Tour.names),
                "every notebook in Samples/notebooks is embedded (Package.swift, SampleFiles.notebooks)")
    }

    @Test func settingsTheStepsChangedAreBackAfterTheTour() throws {
        let (session, _) = try session()
        session.execute(Command(.dot, ".tour dsl"))
        #expect(session.tour?.steps.first?.command.text == ".sql on")
        session.execute(Command(.dot, ".tour next"))
        #expect(session.settings.showsSQL)
        session.execute(Command(.dot, ".tour off"))
        #expect(!session.settings.showsSQL)
        #expect(session.settings.mode == .list)
    }

    @Test func messages() throws {
        let (session, output) = try session()
        #expect(!session.execute(Command(.dot, ".tour next")))
        #expect(!session.execute(Command(.dot, ".tour off")))
        #expect(!session.execute(Command(.dot, ".tour trigers")))
        #expect(session.target == .sample(.employees))
        #expect(output.text == """
            error: no tour is running
            .tour starts the Reminders tour; .help tour lists the others
            error: no tour is running
            error: there is no tour named "trigers"
            did you mean triggers?
            tours: \(Tour.names.joined(separator: " "))

            """)
    }
}

import Foundation
import Testing
import RQLEngine
@testable import RQLNotebook

/// `--only` and `--from`: the cells before the chosen ones run to reach
/// them, but only the chosen ones are compared and written.
@Suite struct CellSelectionTests {
    static let text = """
        INSERT INTO tags (title) VALUES ('früh');
        --> stale

        -- @name tags
        SELECT count(*) AS tags FROM tags;
        --> stale

        -- @name lists
        SELECT count(*) AS lists FROM remindersLists;
        --> stale

        SELECT 'after' AS last;
        --> stale

        """

    func check(_ selection: CellSelection) throws -> NotebookCheck {
        let notebook = try Notebook(text: CellSelectionTests.text, path: "x.rql")
        return NotebookCheck(notebook, try NotebookRunner(selection: selection).run(notebook))
    }

    @Test func onlyComparesTheNamedCellsAfterRunningWhatLeadsToThem() throws {
        let check = try check(.only(["tags"]))
        #expect(check.run.outcomes.keys.sorted() == [1])
        // The INSERT before it ran: eight tags, not seven.
        #expect(check.run.outputs[1]?.contains("│    8 │") == true)
        #expect(check.summary == "x.rql: 1 cell, 1 drifted, 0 errors")
    }

    @Test func fromComparesACellAndEveryOneAfterIt() throws {
        #expect(try check(.from("lists")).run.outcomes.keys.sorted() == [2, 3])
    }

    @Test func updateWritesOnlyTheChosenCells() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-only-\(UUID().uuidString).rql").path
        try CellSelectionTests.text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let notebook = try Notebook.load(path)
        let check = NotebookCheck(notebook, try NotebookRunner(selection: .only(["lists"])).run(notebook))
        #expect(try notebook.write(replacingOutputs: check.updates))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.components(separatedBy: "--> stale").count - 1 == 3)
        #expect(written.contains("│     3 │"))
    }

    @Test func aFailureOnTheWayIsStillAnError() throws {
        let notebook = try Notebook(text: "SELECT nope;\n\n-- @name later\nSELECT 1 AS one;\n", path: "x.rql")
        let check = NotebookCheck(notebook, try NotebookRunner(selection: .only(["later"])).run(notebook))
        #expect(check.problems == ["x.rql:1: unexpected error"])
        #expect(check.exitStatus == 1)
    }

    @Test func anUnknownNameIsAnErrorWithTheNamesThereAre() throws {
        let notebook = try Notebook(text: CellSelectionTests.text, path: "x.rql")
        let near = #expect(throws: NotebookError.self) { try NotebookRunner(selection: .only(["tag"])).run(notebook) }
        #expect(near?.description == "x.rql: error: no cell named tag\nhelp: did you mean tags?")
        let far = #expect(throws: NotebookError.self) { try NotebookRunner(selection: .from("zzz")).run(notebook) }
        #expect(far?.description == "x.rql: error: no cell named zzz\nhelp: its cells are named tags, lists")
        let unnamed = try Notebook(text: "SELECT 1;\n", path: "x.rql")
        let none = #expect(throws: NotebookError.self) { try NotebookRunner(selection: .only(["a"])).run(unnamed) }
        #expect(none?.description == "x.rql: error: no cell named a\n"
                + "help: this notebook names no cell: -- @name NAME on the line before a command names it")
    }

    @Test func namesAreSeparatedByCommas() {
        #expect(CellSelection.names("a,b") == ["a", "b"])
        #expect(CellSelection.names("a,,b") == nil)
        #expect(CellSelection.names("") == nil)
    }
}

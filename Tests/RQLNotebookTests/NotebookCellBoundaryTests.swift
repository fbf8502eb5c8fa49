import Foundation
import Testing
import RQLEngine
import RQLLanguage
import RQLRender
@testable import RQLNotebook

/// Cell boundaries follow SQL's tokens: a blank line or a `--> ` line inside
/// a string or a `/* */` comment belongs to the statement.
@Suite struct NotebookCellBoundaryTests {
    static let multiLineString = """
        -- @mode list
        SELECT 'first

        --> not output
        last' AS text;
        --> first
        -->
        --> --> not output
        --> last

        """

    static let multiLineComment = """
        -- @mode list
        SELECT 1 /* a note

        --> not output either
        */ AS one;
        --> 1

        """

    static let unterminatedStatements = """
        -- @mode list
        SELECT 'a

        b' AS text
        --> stale
        SELECT 2 [x

        -->
        y]
        """

    @Test(arguments: [multiLineString, multiLineComment, unterminatedStatements])
    func aBlankOrOutputLineInsideATokenStaysInTheCell(text: String) throws {
        let notebook = try Notebook(text: text, path: "x.rql")
        #expect(notebook.text() == text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cellLines = notebook.cells.map { $0.source.count }
        #expect(cellLines == (text == Self.unterminatedStatements ? [3, 4] : [4]))
        for cell in notebook.cells {
            #expect(cell.command.text == lines[cell.source].joined(separator: "\n").trimmingTrailingWhitespace())
        }
    }

    @Test func aTrailingCommentOverSeveralLinesBelongsToTheCell() throws {
        let notebook = try Notebook(text: "SELECT 1; /* a\n\n--> b */\n--> 1\nSELECT 2;", path: "x.rql")
        #expect(notebook.cells.map(\.command.text) == ["SELECT 1;", "SELECT 2;"])
        #expect(notebook.cells[0].source == 0..<3)
        #expect(notebook.cells[0].recorded == ["1"])
        #expect(throws: NotebookError.self) { try Notebook(text: "SELECT 1; /* a\n*/ SELECT 2;", path: "x.rql") }
    }

    /// `run` and `update` rewrite the output blocks and nothing else.
    @Test(arguments: [multiLineString, multiLineComment, unterminatedStatements])
    func updateKeepsEveryLineThatIsNotOutput(text: String) throws {
        let notebook = try Notebook(text: text, path: "x.rql")
        let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
        #expect(check.unexpectedErrors.isEmpty)
        let updated = notebook.text(replacingOutputs: check.run.outputs)
        #expect(updated.split(separator: "\n").filter { !CommandContinuation.isOutput(String($0)) }
                == text.split(separator: "\n").filter { !CommandContinuation.isOutput(String($0)) })
        let again = try Notebook(text: updated, path: "x.rql")
        #expect(again.cells.map(\.command.text) == notebook.cells.map(\.command.text))
        #expect(NotebookCheck(again, try NotebookRunner().run(again)).drifted.isEmpty)
    }

    @Test func recordedCellsOfSuchSQLReplay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-boundary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/typed.rql"
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(mode: .box, colorAllowed: false, output: output, diagnostics: output, notebooks: Notebooks()))
        session.execute(Command(.dot, ".record \(path)"))
        var reader = CommandReader()
        var typed: [Command] = []
        for (offset, line) in ["SELECT 'first", "", "--> not output", "last' AS text;",
                               "SELECT 1 /* a note", "", "--> not a line of output", "*/ AS one;"].enumerated() {
            typed += reader.feed(line, line: offset + 1)
        }
        #expect(typed.count == 2)
        for command in typed { session.execute(command) }
        session.execute(Command(.dot, ".record off"))
        let notebook = try Notebook.load(path)
        #expect(notebook.cells.map(\.command.text) == typed.map(\.text))
        let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
        #expect(check.drifted.isEmpty && check.errorCount == 0)
        #expect(notebook.cells[0].recorded?[3...5] == ["│ first          │", "│                │", "│ --> not output │"])
    }
}

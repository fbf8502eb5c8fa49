import Foundation
import RQLNotebook
import Testing

/// `rql serve`'s page edits a notebook as segments; written back they must
/// give the file byte for byte, and an edit must change only its lines.
struct NotebookSegmentTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/notebooks")

    @Test func everySampleNotebookComesBackByteForByte() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".rql") }
        #expect(files.count > 10)
        for file in files {
            let notebook = try Notebook.load(Self.folder.appendingPathComponent(file).path)
            #expect(NotebookDraft(notebook.segments, base: notebook).text == notebook.text(), "\(file)")
            // Without the file to take cells from, the segments alone give it too.
            #expect(NotebookDraft(notebook.segments, base: nil).text == notebook.text(), "\(file)")
        }
    }

    @Test func awkwardFilesComeBack() throws {
        for text in ["", "SELECT 1;", "SELECT 1;\nSELECT 2;\n", "-- prose only\n", "\n\n.tables\n-->x\n\n", "SELECT 1; -- why\n--> 1\n",
                     "reminders\n| count\n--> 10\n-- after", "-- @sample reminders\n-- # Title\n\n\n.tables\n"] {
            let notebook = try Notebook(text: text, path: "x.rql")
            #expect(NotebookDraft(notebook.segments, base: notebook).text == text, "\(text.debugDescription)")
        }
    }

    @Test func anEditedCellChangesOnlyItsLines() throws {
        let text = "-- # Title\n\nSELECT 1;\n--> 1\n\n-- More\n\nSELECT 2;\n--> 2\n"
        let notebook = try Notebook(text: text, path: "x.rql")
        var segments = notebook.segments
        segments[1] = .cell(source: "SELECT 'héllo 日本';", output: ["héllo 日本"])
        #expect(NotebookDraft(segments, base: notebook).text == "-- # Title\n\nSELECT 'héllo 日本';\n--> héllo 日本\n\n-- More\n\nSELECT 2;\n--> 2\n")
    }

    @Test func newCellsAndProseGetBlankLinesAroundThem() throws {
        let notebook = try Notebook(text: "SELECT 1;\n", path: "x.rql")
        var segments = notebook.segments
        segments.insert(.cell(source: "SELECT 2;", output: nil), at: 2)
        segments.insert(.prose("## Then\n\nmore"), at: 3)
        segments.insert(.cell(source: ".tables", output: [""]), at: 4)
        let draft = NotebookDraft(segments, base: notebook)
        #expect(draft.text == "SELECT 1;\n\nSELECT 2;\n\n-- ## Then\n--\n-- more\n\n.tables\n-->\n")
        let written = try Notebook(text: draft.text, path: "x.rql")
        #expect(written.cells.count == 3)
        #expect(draft.cells(ofSegment: 2, in: written) == [1])
        #expect(draft.cells(ofSegment: 4, in: written) == [2])
        #expect(draft.cells(ofSegment: 3, in: written).isEmpty)
    }

    @Test func proseAsMarkdownDropsTheCommentMarks() {
        #expect(NotebookSegment.markdown(["", "-- # Title", "--", "--no space", "-- @sample reminders", ""])
            == "# Title\n\nno space\n@sample reminders")
    }
}

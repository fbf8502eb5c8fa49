import Foundation
import Testing
import RQLEngine
@testable import RQLNotebook

/// The notebook format: cells, directives, output blocks and prose, read
/// without losing a byte.
@Suite struct NotebookParsingTests {
    static let example = """
        -- @sample reminders
        -- @mask id /[0-9a-f]{8}-[0-9a-f-]{27}/
        -- # A tour
        -- Prose, with `code`.

        SELECT count(*) FROM reminders;
        --> 11

        reminders | where isFlagged
          | select title
        -->\u{20}
        --> Haircut

        -- @expect error
        INSERT INTO tags (title) VALUES ('car');
        --> error: UNIQUE constraint failed: tags.title
        .tables
        CREATE TRIGGER t AFTER INSERT ON tags BEGIN
          -- a comment inside stays in the statement
          SELECT 1;
        END;
        -- @maxrows 5
        -- @sort rows
        SELECT title FROM tags\t\u{20}

        """

    @Test func cellsDirectivesAndOutputs() throws {
        let notebook = try Notebook(text: Self.example, path: "tour.rql")
        #expect(notebook.settings.source == .sample(.reminders))
        #expect(notebook.settings.masks.map(\.name) == ["id"])
        #expect(notebook.cells.map(\.command.language) == [.sql, .dsl, .sql, .dot, .sql, .sql])
        #expect(notebook.cells.map(\.line) == [6, 9, 15, 17, 18, 24])
        #expect(notebook.cells[0].recorded == ["11"])
        #expect(notebook.cells[1].command.text == "reminders | where isFlagged\n  | select title")
        #expect(notebook.cells[1].recorded == ["", "Haircut"])
        #expect(notebook.cells[2].expectsError)
        #expect(notebook.cells[3].recorded == nil)
        #expect(notebook.cells[4].command.text.hasSuffix("SELECT 1;\nEND;"))
        #expect(notebook.cells[5].command.text == "SELECT title FROM tags")
        #expect(notebook.cells[5].maxRows == 5 && notebook.cells[5].sortsRows)
        #expect(notebook.items.prefix(5) == [.directive(line: 1), .directive(line: 2), .prose(line: 3, text: "# A tour"),
                                             .prose(line: 4, text: "Prose, with `code`."), .prose(line: 5, text: "")])
    }

    @Test(arguments: [example, "", "\n", "SELECT 1", "SELECT 1;\n--> 1", "-- only prose\n\n\n", "\t.tables  \n\n-- x\t\n"])
    func printingGivesTheSameBytes(text: String) throws {
        #expect(try Notebook(text: text, path: "x.rql").text() == text)
    }

    /// `--` then a combining mark is prose, as the statement scanner reads it.
    @Test func aCommentLineWithACombiningMarkIsProse() throws {
        let notebook = try Notebook(text: "--\u{0301} prose\nSELECT 1;\n", path: "marks.rql")
        #expect(notebook.cells.map(\.line) == [2])
        #expect(notebook.text(replacingOutputs: [:]) == "--\u{0301} prose\nSELECT 1;\n")
    }

    @Test func everySampleNotebookRoundTrips() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/notebooks")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".rql") }
        #expect(!files.isEmpty)
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(try Notebook.load(path).text() == text, "\(file)")
        }
    }

    @Test func replacingOutputsKeepsEverythingElse() throws {
        let notebook = try Notebook(text: "SELECT 1;\n--> 2\n-- prose\nSELECT 3;", path: "x.rql")
        #expect(notebook.text(replacingOutputs: [0: ["1"], 1: ["3", ""]]) == "SELECT 1;\n--> 1\n-- prose\nSELECT 3;\n--> 3\n-->\n")
    }

    @Test func anUnterminatedStatementEndsAtABlankLineOrItsOutput() throws {
        let notebook = try Notebook(text: "SELECT 1\n\nSELECT 2\n--> 2\nSELECT\n  3", path: "x.rql")
        #expect(notebook.cells.map(\.command.text) == ["SELECT 1", "SELECT 2", "SELECT\n  3"])
    }

    @Test(arguments: [
        ("SELECT 1;\r\n", "x.rql:1: error: the notebook has CRLF (Windows) line endings; rql notebooks use LF\nhelp: convert it with: sed -i 's/\\r$//' x.rql"),
        ("-- x\n--> 1\n", "x.rql:2: error: recorded output (-->) with no command above it\nhelp: an output block goes right under its command, with no blank line between"),
        ("SELECT 1; SELECT 2;\n", "x.rql:1: error: two commands on one line\nhelp: put each command on a line of its own, so each gets its own output block"),
        ("-- x\nSELECT 1 /* a note\n\n--> 1\n", "x.rql:2: error: this statement has a string, quoted name or /* comment that does not end\nhelp: close it before the end of the notebook"),
        ("SELECT 1; /* a\n\n--> 1\n", "x.rql:1: error: the /* comment after this statement does not end\nhelp: close it before the end of the notebook"),
        ("-- @sample nope\n", "x.rql:1: error: no sample named \"nope\"\nhelp: the samples are reminders, employees, attachments"),
        ("SELECT 1;\n-- @sample reminders\n", "x.rql:2: error: @sample goes at the top of the notebook, before the first command"),
        ("-- @sample reminders\n-- @db x.db\n", "x.rql:2: error: a notebook has one @sample or @db"),
        ("-- @expect errors\nSELECT 1;\n", "x.rql:1: error: @expect takes the word error\nhelp: -- @expect error"),
        ("SELECT 1;\n-- @skip\n", "x.rql:2: error: this directive has no command after it\nhelp: a cell directive goes on the line before its command"),
        ("-- @mask id [0-9]+\n", "x.rql:1: error: @mask takes its pattern between slashes\nhelp: -- @mask id /pattern/"),
        ("-- @mask id /[0-9/\n", "x.rql:1: error: @mask id: /[0-9/ is not a valid regular expression"),
        ("-- @mask id /\\Qa.b/\n", "x.rql:1: error: @mask id: /\\Qa.b/ ends inside a \\Q quote or a (?x) comment\nhelp: close a quote with \\E; a # comment in (?x) runs to the end of the mask"),
        ("-- @mask id /(?x)[0-9]+ # digits/\n", "x.rql:1: error: @mask id: /(?x)[0-9]+ # digits/ ends inside a \\Q quote or a (?x) comment\nhelp: close a quote with \\E; a # comment in (?x) runs to the end of the mask"),
        ("-- @mode fancy\n", "x.rql:1: error: no mode named \"fancy\"\nhelp: the modes are box, table, markdown, csv, json, line, list, html"),
        ("-- @now soon\n", "x.rql:1: error: \"soon\" is not an instant\nhelp: -- @now 2026-01-15T09:00:00Z (UTC)"),
        ("-- @maxrows many\nSELECT 1;\n", "x.rql:1: error: @maxrows takes a number of rows (0 for all)\nhelp: -- @maxrows 100"),
        ("-- @name a\nSELECT 1;\n\n-- @name a\nSELECT 2;\n",
         "x.rql:4: error: two cells are named a: the first at line 1\nhelp: names are unique in a notebook, so that --only and --from find one cell"),
        ("-- @param list 'Family'\n", "x.rql:1: error: @param takes a name, =, and an SQL literal ('text', a number, NULL, x'hex')\nhelp: -- @param list = 'Family'"),
        ("-- @param :list = 'Family'\n", "x.rql:1: error: @param names a parameter with letters, digits and _, as in :list; not \":list\"\nhelp: -- @param list = 'Family'"),
        ("-- @param list = Family\n", "x.rql:1: error: @param list: Family is not an SQL literal; @param takes a name, =, and an SQL literal ('text', a number, NULL, x'hex')\nhelp: -- @param list = 'Family'"),
        ("-- @param n = 1\n-- @param n = 2\n", "x.rql:2: error: @param n is declared twice"),
        ("SELECT 1;\n-- @param n = 1\n", "x.rql:2: error: @param goes at the top of the notebook, before the first command"),
        ("-- @name two words\nSELECT 1;\n", "x.rql:1: error: a cell name is one word, without commas\nhelp: -- @name first-query"),
        ("-- @weird\n", "x.rql:1: error: unknown directive @weird\nhelp: the directives are @sample, @db, @mode, @now, @mask, @expect, @sort, @maxrows, @skip, @name, @exercise, @timeout, @requires, @param"),
    ])
    func errorsNameTheLine(text: String, message: String) {
        #expect(throws: NotebookError.self) { try Notebook(text: text, path: "x.rql") }
        do {
            _ = try Notebook(text: text, path: "x.rql")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func loadSaysWhyAFileCannotBeRead() {
        let missing = #expect(throws: NotebookError.self) { try Notebook.load("/nonexistent/a.rql") }
        #expect(missing?.description == "/nonexistent/a.rql: error: cannot open the notebook: no such file")
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("rql-binary-\(UUID().uuidString).rql")
        FileManager.default.createFile(atPath: binary.path, contents: Data([0x53, 0xFF, 0xFE, 0x0A]))
        defer { try? FileManager.default.removeItem(at: binary) }
        let notText = #expect(throws: NotebookError.self) { try Notebook.load(binary.path) }
        #expect(notText?.description == "\(binary.path): error: the notebook is not UTF-8 text")
    }
}

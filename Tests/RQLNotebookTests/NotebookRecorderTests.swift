import Foundation
import Testing
import RQLEngine
import RQLRender
@testable import RQLNotebook

/// `.record FILE.rql`: typed commands and their outputs become cells.
@Suite struct NotebookRecorderTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func session(safe: Bool = false) throws -> (Session, ByteOutput) {
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(mode: .box, colorAllowed: false, output: output, diagnostics: output,
                                                 safe: safe, notebooks: Notebooks()))
        return (session, output)
    }

    func contents(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func recordsEachCommandAndItsOutputAsACell() throws {
        let path = folder + "/typed.rql"
        let (session, output) = try session()
        session.execute(Command(.dot, ".record \(path)"))
        session.execute(Command(.sql, "SELECT count(*) AS n FROM tags;"))
        session.execute(Command(.dsl, "tags | where title == 'car'\n  | select title"))
        session.execute(Command(.sql, "DELETE FROM tags WHERE title LIKE 'k%';"))
        session.execute(Command(.sql, "SELECT nope FROM tags;"))
        session.execute(Command(.dot, ".record off"))
        session.execute(Command(.sql, "SELECT 'not recorded';"))
        #expect(contents(path) == """
            -- @sample reminders

            SELECT count(*) AS n FROM tags;
            --> ┌───┐
            --> │ n │
            --> ├───┤
            --> │ 7 │
            --> └───┘

            tags | where title == 'car'
              | select title
            --> ┌───────┐
            --> │ title │
            --> ├───────┤
            --> │ car   │
            --> └───────┘

            DELETE FROM tags WHERE title LIKE 'k%';
            --> ok, 1 row changed

            -- @expect error
            SELECT nope FROM tags;
            --> error: no such column: nope
            --> SELECT nope FROM tags;
            -->        ^

            """)
        let said = output.text.split(separator: "\n").map(String.init)
        #expect(said.first == "recording to \(path): each command and its output becomes a cell; .record off stops")
        #expect(said.contains("recorded 4 cells to \(path)"))
        // What was recorded is what a notebook run prints, the failure expected: it checks clean.
        let notebook = try Notebook.load(path)
        let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
        #expect(check.exitStatus == 0)
    }

    /// From a pipe a session prints in list mode, every row: the notebook
    /// says `@mode list`, and rows beyond the notebook's 40 are recorded as
    /// the notebook will show them.
    @Test func aRecordingInAnotherModeReplaysClean() throws {
        let path = folder + "/piped.rql"
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(mode: .list, colorAllowed: false, output: output, diagnostics: output, notebooks: Notebooks()))
        session.execute(Command(.dot, ".record \(path)"))
        session.execute(Command(.sql, "SELECT value, 'Zoë 東京 🎉' FROM generate_series(1, 60);"))
        session.execute(Command(.dot, ".mode csv"))
        session.execute(Command(.sql, "SELECT title FROM tags ORDER BY title LIMIT 2;"))
        session.execute(Command(.dot, ".record off"))
        let recorded = contents(path)
        #expect(recorded.hasPrefix("-- @sample reminders\n-- @mode list\n\nSELECT value"))
        #expect(recorded.contains("\n.mode csv\n--> ok\n"))
        let notebook = try Notebook.load(path)
        #expect(NotebookCheck(notebook, try NotebookRunner().run(notebook)).exitStatus == 0)

        // Recording more into it from a box session starts with a .mode cell.
        let (boxed, _) = try self.session()
        boxed.execute(Command(.dot, ".record \(path)"))
        boxed.execute(Command(.sql, "SELECT 1 AS one;"))
        boxed.execute(Command(.dot, ".record off"))
        let more = try Notebook.load(path)
        #expect(more.cells.suffix(2).map(\.command.text) == [".mode box", "SELECT 1 AS one;"])
        #expect(NotebookCheck(more, try NotebookRunner().run(more)).exitStatus == 0)
    }

    @Test func appendsToAnExistingNotebookKeepingItsTextAndPermissions() throws {
        let path = folder + "/existing.rql"
        try "-- @sample employees\n-- # Employees\nSELECT 1;\n--> 1".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        let (session, _) = try session()
        session.execute(Command(.dot, ".record \(path)"))
        session.execute(Command(.dot, ".mode list"))
        session.execute(Command(.sql, "SELECT 2 AS two;"))
        session.close()
        #expect(contents(path) == "-- @sample employees\n-- # Employees\nSELECT 1;\n--> 1\n\n.mode list\n--> ok\n\nSELECT 2 AS two;\n--> two\n--> 2\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test func theReadLineIsOneCell() throws {
        let script = folder + "/script.rql"
        try "SELECT 40 + 2 AS answer;\n--> stale\n".write(toFile: script, atomically: false, encoding: .utf8)
        let path = folder + "/outer.rql"
        let (session, _) = try session()
        session.execute(Command(.dot, ".record \(path)"))
        session.execute(Command(.dot, ".read \(script)"))
        session.close()
        #expect(contents(path).hasSuffix("\n.read \(script)\n--> ┌────────┐\n--> │ answer │\n--> ├────────┤\n--> │     42 │\n--> └────────┘\n"))
    }

    @Test func messages() throws {
        let bad = folder + "/bad.rql"
        try "-- @bogus\n".write(toFile: bad, atomically: false, encoding: .utf8)
        let (session, output) = try session()
        #expect(!session.execute(Command(.dot, ".record notes.txt")).succeeded)
        #expect(!session.execute(Command(.dot, ".record off")).succeeded)
        #expect(!session.execute(Command(.dot, ".record \(bad)")).succeeded)
        #expect(!session.execute(Command(.dot, ".record \(folder)/missing/x.rql")).succeeded)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "error: .record writes a notebook: name it FILE.rql, not notes.txt")
        #expect(lines[1] == "error: nothing is being recorded")
        #expect(lines[2] == ".record FILE.rql starts")
        #expect(lines[3] == "error: cannot record into \(bad): line 1: unknown directive @bogus")
        #expect(lines.last?.hasPrefix("error: cannot record into \(folder)/missing/x.rql: No such file or directory") == true)
        let (safeSession, safeOutput) = try self.session(safe: true)
        #expect(!safeSession.execute(Command(.dot, ".record \(folder)/safe.rql")).succeeded)
        #expect(safeOutput.text.hasPrefix("error: refused by safe mode: .record would reach a file outside the private database"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/safe.rql"))
    }

    @Test func aNotebookThatStopsBeingWritableEndsTheRecording() throws {
        let path = folder + "/gone.rql"
        let (session, output) = try session()
        session.execute(Command(.dot, ".record \(path)"))
        try "-- @nonsense\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(session.execute(Command(.sql, "SELECT 1;")).succeeded)
        session.execute(Command(.sql, "SELECT 2;"))
        #expect(output.text.contains("error: cannot record into \(path): line 1: unknown directive @nonsense\nhelp: the directives are @sample, @db, @mode, @now, @mask, @expect, @sort, @maxrows, @skip, @name, @exercise, @timeout, @requires, @param\nrecording stopped; .record FILE.rql starts again\n"))
        #expect(contents(path) == "-- @nonsense\n")
    }

    @Test func aScriptsErrorsAreRecordedWithoutTheirLocation() throws {
        let path = folder + "/piped.rql"
        let (session, output) = try session()
        session.run(script: ".record \(path)\nSELECT 1;\nSELECT nope;\n", origin: "stdin", policy: .continueUnlessBail)
        #expect(output.text.contains("stdin:3: error: no such column: nope\n"))
        #expect(contents(path).hasSuffix("\nSELECT nope;\n--> error: no such column: nope\n--> SELECT nope;\n-->        ^\n"))
    }

    /// At a terminal with colors, what `.record` shows is what the notebook
    /// holds and replays: no color, and errors without their script's place.
    @Test func aRecordingAtATerminalIsWrittenWithoutColors() throws {
        let path = folder + "/colors.rql"
        let output = ByteOutput(.memory, isTerminal: true)
        let session = try Session(options: .init(mode: .box, colorAllowed: true, output: output, diagnostics: output,
                                                 notebooks: Notebooks()))
        session.run(script: "SELECT NULL AS n;\n.record \(path)\nSELECT NULL AS n;\nSELECT nope;\n", origin: "typed",
                    policy: .continueUnlessBail)
        #expect(output.text.hasPrefix("┌──────┐\n│ n    │\n├──────┤\n│ \u{1B}[2mNULL\u{1B}[0m │"))
        #expect(output.text.contains("typed:4: error: no such column: nope\n"))
        #expect(!contents(path).contains("\u{1B}"))
        #expect(contents(path).hasSuffix("\nSELECT nope;\n--> error: no such column: nope\n--> SELECT nope;\n-->        ^\n"))
    }

    @Test func headers() {
        #expect(NotebookRecorder.header(for: .sample(.employees)) == "-- @sample employees\n")
        #expect(NotebookRecorder.header(for: .file(path: "/data/x.db", readonly: false)) == "-- @db /data/x.db\n")
    }
}

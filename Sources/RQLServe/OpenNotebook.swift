import Dispatch
import Foundation
import RQLEngine
import RQLNotebook
import RQLRender

/// A notebook the page has open: its file, the text it was loaded with,
/// and its session, which lives from one cell to the next. Everything but
/// `stop` runs on the notebook's own queue, one request after another, off
/// the threads that serve requests.
final class OpenNotebook: @unchecked Sendable {
    /// The name the page knows it by: a path in the served folder, or "" for the new notebook.
    let name: String
    /// The file; for the new notebook, where it would be (for `@db` paths and safe mode).
    let file: String
    private let options: ServeOptions
    private let queue: DispatchQueue
    /// The notebook as last loaded or saved: what cells left alone are written back as.
    private var base: Notebook?
    private var live: LiveNotebook?
    private var liveSettings: Notebook.Settings?
    /// Long results the page may ask more rows of, by number; the last few only.
    private var held: [(number: Int, table: ResultLog.Table)] = []
    private var nextResult = 1
    private let interruption = NSLock()
    private var interrupter: Session.Interrupter?
    private var stopRequested = false

    static let heldResults = 20

    init(name: String, file: String, options: ServeOptions) {
        self.name = name
        self.file = file
        self.options = options
        queue = DispatchQueue(label: "rql.serve.notebook")
    }

    /// Runs `work` on the notebook's queue; what it returns, as JSON.
    func perform(_ work: @escaping @Sendable () throws(ServeProblem) -> [String: Any]) async throws(ServeProblem) -> Data {
        let result: Result<Data, ServeProblem> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(ServeProblem) {
                    continuation.resume(returning: .success(JSONReply.data(try work())))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Interrupts the cell running (`sqlite3_interrupt`), and a run of every cell.
    func stop() {
        interruption.lock()
        defer { interruption.unlock() }
        stopRequested = true
        interrupter?.interrupt()
    }

    func close() {
        live?.close()
        live = nil
    }

    // MARK: Reading

    /// The notebook as it is on disk (the new notebook's text for ""), and its version.
    func read() throws(ServeProblem) -> (text: String, version: String) {
        guard !name.isEmpty else { return (options.newNotebookText, "new") }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw FileManager.default.fileExists(atPath: file) ? .notebookUnreadable("cannot read \(name)") : .noSuchNotebook(name)
        }
        return (String(decoding: data, as: UTF8.self), Version.of(data))
    }

    /// The view the page shows: segments, or the text and its error when it does not parse.
    func view() throws(ServeProblem) -> [String: Any] {
        let (text, version) = try read()
        return view(text: text, version: version)
    }

    private func view(text: String, version: String) -> [String: Any] {
        let (view, notebook) = Self.view(name: name, file: file, text: text, version: version)
        base = notebook
        return view
    }

    /// A notebook's view, and the notebook when it parses.
    static func view(name: String, file: String, text: String, version: String) -> ([String: Any], Notebook?) {
        do {
            let notebook = try Notebook(text: text, path: file)
            return (["path": name, "version": version, "segments": SegmentView.all(notebook), "error": NSNull(), "text": NSNull()],
                    notebook)
        } catch {
            let line = (error as? NotebookError)?.line ?? 0
            let message = (error as? NotebookError)?.problem.message ?? String(describing: error)
            return (["path": name, "version": version, "segments": [Any](), "error": ["line": line, "message": message], "text": text],
                    nil)
        }
    }

    // MARK: Running

    /// The page's notebook, parsed. An error in the cell at segment
    /// `running` gives its line in that cell; any other, in the notebook.
    private func draft(_ segments: [NotebookSegment], running: Int? = nil) throws(ServeProblem) -> (NotebookDraft, Notebook) {
        let draft = NotebookDraft(segments, base: base)
        do {
            var notebook = try Notebook(text: draft.text, path: file)
            if let source = options.source { notebook.settings.source = source }
            return (draft, notebook)
        } catch let error as NotebookError {
            if let running, draft.lineRanges.indices.contains(running), draft.lineRanges[running].contains(error.line - 1) {
                throw .notebook("line \(error.line - draft.lineRanges[running].lowerBound) of this cell: \(error.problem.message)")
            }
            throw .notebook("line \(error.line) of the notebook: \(error.problem.message)")
        } catch {
            throw .notebook(String(describing: error))
        }
    }

    /// The session, opened again when the notebook's settings changed.
    private func session(for notebook: Notebook, fresh: Bool = false) throws(ServeProblem) -> LiveNotebook {
        if let live, !fresh, liveSettings == notebook.settings { return live }
        close()
        do {
            let opened = try LiveNotebook(notebook, runner: options.runner)
            opened.loggedRowLimit = options.loggedRowLimit
            live = opened
            liveSettings = notebook.settings
            interruption.lock()
            interrupter = opened.interrupter
            stopRequested = false
            interruption.unlock()
            return opened
        } catch {
            throw .notebook(String(describing: error))
        }
    }

    /// Runs the cell at segment `index` in the notebook's session.
    func run(_ segments: [NotebookSegment], segment index: Int) throws(ServeProblem) -> [String: Any] {
        guard segments.indices.contains(index), case .cell(_, let recorded) = segments[index] else { throw .noCell }
        let (draft, notebook) = try self.draft(segments, running: index)
        let cells = draft.cells(ofSegment: index, in: notebook)
        guard cells.count == 1, let cellIndex = cells.first else { throw cells.isEmpty ? .noCommand : .severalCommands(cells.count) }
        let live = try session(for: notebook)
        beginRun()
        let outcome = live.run(notebook.cells[cellIndex], of: notebook)
        return result(outcome, recorded: recorded)
    }

    /// Runs every cell in a fresh session, as `rql update` does.
    func runAll(_ segments: [NotebookSegment]) throws(ServeProblem) -> [String: Any] {
        let (draft, notebook) = try self.draft(segments)
        let live = try session(for: notebook, fresh: true)
        beginRun()
        var results: [[String: Any]] = []
        do {
            _ = try options.runner.run(notebook, in: live, before: { _, _ in !self.isStopRequested }) { _, cell, outcome in
                guard let segment = draft.lineRanges.firstIndex(where: { $0.contains(cell.source.lowerBound) }) else { return }
                var entry = self.result(outcome, recorded: cell.recorded)
                entry["segment"] = segment
                results.append(entry)
            }
        } catch {
            throw .notebook(String(describing: error))
        }
        return ["cells": results]
    }

    private var isStopRequested: Bool {
        interruption.lock()
        defer { interruption.unlock() }
        return stopRequested
    }

    private func beginRun() {
        interruption.lock()
        stopRequested = false
        interruption.unlock()
    }

    private func result(_ outcome: CellOutcome, recorded: [String]?) -> [String: Any] {
        let html = PageHTML.outcome(outcome) { table in hold(table) }
        return [
            "output": outcome.lines, "failed": outcome.failed, "html": html,
            "diff": PageHTML.diff(recorded: recorded, fresh: outcome.lines) ?? NSNull(),
            "milliseconds": Double(outcome.duration.components.attoseconds) / 1e15 + Double(outcome.duration.components.seconds) * 1000,
        ]
    }

    private func hold(_ table: ResultLog.Table) -> Int {
        let number = nextResult
        nextResult += 1
        held.append((number, table))
        if held.count > Self.heldResults { held.removeFirst() }
        return number
    }

    /// More rows of a held result, from `offset`.
    func rows(result: Int, offset: Int) throws(ServeProblem) -> [String: Any] {
        guard let table = held.first(where: { $0.number == result })?.table else { throw .noSuchResult }
        guard offset >= 0, offset <= table.rows.count else { throw .badRequest("offset is outside the result") }
        let end = min(offset + PageHTML.pageRows, table.rows.count)
        return ["html": PageHTML.rows(table.rows[offset..<end]), "next": end < table.rows.count ? end : NSNull()]
    }

    // MARK: Grading

    func grade(_ segments: [NotebookSegment], exercise: String, answer: String) throws(ServeProblem) -> [String: Any] {
        let (_, notebook) = try draft(segments)
        guard notebook.exercises.contains(where: { $0.name == exercise }) else { throw .noSuchExercise(exercise) }
        do {
            let grade = try ExerciseGrader(runner: options.runner).grade(notebook, exercise: exercise, answer: answer)
            return ["right": grade.isRight, "report": grade.report, "html": PageHTML.grade(grade.report, isRight: grade.isRight)]
        } catch {
            throw .notebook(String(describing: error))
        }
    }

    // MARK: Saving

    /// Writes the page's notebook to its file (or to `saveAs`, which must
    /// not exist), unless the file changed since the page loaded `version`.
    func save(_ content: SavedContent, version: String, to target: OpenNotebook?) throws(ServeProblem) -> [String: Any] {
        let text: String
        switch content {
        case .segments(let segments): text = NotebookDraft(segments, base: base).text
        case .text(let raw): text = raw
        }
        guard !text.utf8.contains(0x0D) else { throw .badRequest("a notebook's lines end with a newline alone") }
        let data = Data(text.utf8)
        if let target {
            try Self.write(data, to: target.file, name: target.name) {
                guard !FileManager.default.fileExists(atPath: target.file) else { throw ServeProblem.exists(target.name) }
            }
        } else {
            guard !name.isEmpty else { throw .badRequest("the new notebook is saved with a name (saveAs)") }
            try Self.write(data, to: file, name: name) {
                let onDisk = FileManager.default.contents(atPath: file)
                guard onDisk.map(Version.of) == version else { throw ServeProblem.changedOnDisk(name) }
            }
        }
        guard let target else { return view(text: text, version: Version.of(data)) }
        return Self.view(name: target.name, file: target.file, text: text, version: Version.of(data)).0
    }

    private static func write(_ data: Data, to file: String, name: String, check: () throws -> Void) throws(ServeProblem) {
        do {
            try AtomicFile.replace(file, with: data, permissions: 0o644, check: check)
        } catch let problem as ServeProblem {
            throw problem
        } catch {
            throw .cannotWrite(String(describing: error))
        }
    }
}

/// What a save writes: the page's segments, or the text of a notebook that did not parse.
enum SavedContent: Sendable {
    case segments([NotebookSegment])
    case text(String)
}

/// A file's version, as the page holds it: a hash of its bytes.
enum Version {
    static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16) + "-" + String(data.count)
    }
}

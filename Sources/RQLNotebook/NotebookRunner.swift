import Foundation
import RQLEngine
import RQLRender

/// Runs a notebook's cells, in order, through one `Session` (the same
/// execution path as the REPL), on a fresh private database, with the
/// notebook settings: box mode (or `-- @mode`), no colors, width 100, at
/// most 40 rows, times written `[time]`, the clock pinned at
/// `NotebookRunner.defaultNow` (or `-- @now`) and `uuid()` counting from 1.
///
///     let run = try NotebookRunner(safe: true).run(notebook)
///     run.outputs[0]  // the first cell's fresh output lines
public struct NotebookRunner: Sendable {
    /// 2026-01-15T09:00:00Z: where a notebook's clock starts unless `-- @now` says otherwise.
    public static let defaultNow = Date(timeIntervalSince1970: 1_768_467_600)
    public static let width = 100
    public static let maxRows = 40

    /// Notebooks run in safe mode unless `--unsafe`.
    public var safe: Bool
    /// Keeps the values of each cell's results in its outcome (`rql export --execute`).
    public var logsResults: Bool
    /// How long a cell may run unless the notebook's `-- @timeout` says
    /// otherwise (`--timeout`); past it the cell is interrupted and fails.
    public var timeLimit: CellTimeLimit

    /// The cells compared and written (`--only`, `--from`).
    public var selection: CellSelection
    /// Values for the notebook's `-- @param`s, by name, as SQL literals (`-p NAME=VALUE`).
    public var parameters: [String: String]
    /// A database file the person running rql named on its command line
    /// (`rql serve --db FILE`): safe mode lets a notebook open it wherever
    /// it is, as it does files in the notebook's folder.
    public var namedDatabase: String?

    public init(safe: Bool = true, logsResults: Bool = false, timeLimit: CellTimeLimit = .standard,
                selection: CellSelection = .all, parameters: [String: String] = [:]) {
        self.safe = safe
        self.logsResults = logsResults
        self.timeLimit = timeLimit
        self.selection = selection
        self.parameters = parameters
    }

    /// Runs every cell that is not skipped, up to the last selected one.
    /// `before` sees each selected cell before it runs and returns false to
    /// stop there (`rql run --step`); `after` sees its fresh output (`rql run`).
    /// The cells run only to reach the selected ones have no outcome.
    /// With `live`, the cells run in that session, which stays open
    /// (`rql serve`'s run all); without, in one of their own.
    public func run(_ notebook: Notebook, in live: LiveNotebook? = nil,
                    before: (Int, Cell) -> Bool = { _, _ in true },
                    after: (Int, Cell, CellOutcome) -> Void = { _, _, _ in }) throws -> NotebookRun {
        let (chosen, end) = try selection.cells(in: notebook)
        let own = live == nil ? try LiveNotebook(notebook, runner: self) : nil
        defer { own?.close() }
        guard let live = live ?? own else { return NotebookRun() }
        var run = NotebookRun()
        for (index, cell) in notebook.cells.enumerated().prefix(end) where !cell.skipped {
            let isChosen = chosen.contains(index)
            guard cell.runs(on: Session.sqliteVersion, in: notebook) else {
                if isChosen { run.skippedForVersion.append(index) }
                continue
            }
            if isChosen { guard before(index, cell) else { break } }
            let outcome = live.run(cell, of: notebook)
            if isChosen {
                run.outcomes[index] = outcome
                after(index, cell, outcome)
            } else if outcome.failed != cell.expectsError {
                run.failedOnTheWay.append(index)
            }
            if live.hasQuit { break }
        }
        return run
    }

    /// Opens the notebook's private database with the notebook settings,
    /// writing results to `output` and errors to `diagnostics`.
    func session(for notebook: Notebook, output: ByteOutput, diagnostics: ByteOutput) throws -> Session {
        if safe, case .file(let written) = notebook.settings.source, notebook.resolve(written) != namedDatabase,
           !SafeMode.isInside(notebook.resolve(written), folder: notebook.folder) {
            let line = notebook.lines.firstIndex { $0.hasPrefix("-- @db") }.map { $0 + 1 } ?? 0
            throw NotebookError(path: notebook.path, line: line, .databaseOutsideFolder(folder: notebook.folder))
        }
        let now = notebook.settings.now.flatMap(ClockText.instant) ?? Self.defaultNow
        let options = Session.Options(target: notebook.target, mode: notebook.settings.mode ?? .box,
                                      colorAllowed: false, clock: ManualClock(now), output: output, diagnostics: diagnostics,
                                      uuids: .counting(), safe: safe, readsFilesBelow: notebook.folder, notebooks: Notebooks())
        let session: Session
        do {
            session = try Session(options: options)
        } catch let error as CommandError {
            throw NotebookError(path: notebook.path, line: 0, .sessionFailed(error.problem))
        }
        try bindParameters(of: notebook, in: session)
        session.settings.lineWidth = Self.width
        session.settings.maxRows = Self.maxRows
        session.settings.masksTimes = true
        return session
    }

    /// Sets each `-- @param NAME` as `:NAME`, to the value given for it or its default.
    private func bindParameters(of notebook: Notebook, in session: Session) throws {
        let declared = notebook.settings.parameters.map(\.name)
        for name in parameters.keys.sorted() where !declared.contains(name) {
            throw NotebookError(path: notebook.path, line: 0, .undeclaredParameter(name, declared: declared))
        }
        for parameter in notebook.settings.parameters {
            let value = parameters[parameter.name] ?? parameter.value
            do {
                try session.setParameter(":" + parameter.name, to: value)
            } catch let error as CommandError {
                throw NotebookError(path: notebook.path, line: 0, .cannotSetParameter(parameter.name, value: value, error.problem))
            }
        }
    }
}

/// What one cell printed, and whether it failed.
public struct CellOutcome: Equatable, Sendable {
    public var lines: [String]
    public var failed: Bool
    /// The values of the results it printed, when the runner logs them.
    public var tables: [ResultLog.Table] = []
    /// How long the command ran.
    public var duration: Duration = .zero
    /// For an `.erd` cell, when the runner logs results: the diagram as
    /// Mermaid and SVG, which exports draw instead of its text.
    public var schemaPictures: SchemaPictures?
}

extension CellOutcome {
    /// The output block of a command that printed `printed`: its lines, or
    /// `ok` (`ok, 3 rows changed`) when it printed nothing.
    static func lines(printed: String, changedRows: Int?) -> [String] {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.isEmpty else { return lines }
        return ["ok" + (changedRows.map { ", \($0) \($0 == 1 ? "row" : "rows") changed" } ?? "")]
    }
}

/// The outcomes of a notebook's cells, by cell index (skipped cells have none).
public struct NotebookRun: Sendable {
    public var outcomes: [Int: CellOutcome] = [:]
    /// The cells whose `@requires` (or the notebook's) this SQLite does not meet.
    public var skippedForVersion: [Int] = []
    /// Cells run only to reach the selected ones that failed without
    /// `@expect error`, or did not fail with it.
    public var failedOnTheWay: [Int] = []

    /// The fresh output blocks, by cell index.
    public var outputs: [Int: [String]] { outcomes.mapValues(\.lines) }
}

extension Notebook {
    /// The private database a run starts from: the sample, or the file read into memory.
    public var target: DatabaseTarget {
        switch settings.source {
        case .sample(let sample): .sample(sample)
        case .file(let path): .copy(path: resolve(path))
        }
    }

    /// The folder the notebook is in.
    public var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// A path written in the notebook, relative to its folder unless absolute.
    public func resolve(_ written: String) -> String {
        written.hasPrefix("/") ? written : (folder as NSString).appendingPathComponent(written)
    }
}

import RQLEngine

/// How fresh outputs compare with a notebook's recorded ones: the cells
/// that drifted (including cells never recorded), the cells that failed
/// without `-- @expect error`, and those that did not fail with it.
public struct NotebookCheck: Sendable {
    public let notebook: Notebook
    public let run: NotebookRun
    public private(set) var drifted: [Int] = []
    public private(set) var unexpectedErrors: [Int] = []
    public private(set) var missingErrors: [Int] = []

    public init(_ notebook: Notebook, _ run: NotebookRun) {
        self.notebook = notebook
        self.run = run
        for index in run.outcomes.keys.sorted() {
            guard let outcome = run.outcomes[index] else { continue }
            let cell = notebook.cells[index]
            if cell.recorded != outcome.lines { drifted.append(index) }
            if outcome.failed, !cell.expectsError { unexpectedErrors.append(index) }
            if !outcome.failed, cell.expectsError { missingErrors.append(index) }
        }
        for index in run.failedOnTheWay {
            if notebook.cells[index].expectsError { missingErrors.append(index) } else { unexpectedErrors.append(index) }
        }
    }

    /// Cells that failed without `@expect error`, and those that did not fail with it.
    public var errorCount: Int { unexpectedErrors.count + missingErrors.count }

    /// 0 when every cell matched and nothing failed unexpectedly, else 1.
    public var exitStatus: Int32 {
        drifted.isEmpty && errorCount == 0 ? 0 : 1
    }

    /// `FILE: N cells, N drifted, N errors`, then how many cells this
    /// SQLite skipped for their `@requires`.
    public var summary: String {
        var text = "\(notebook.path): \(plural(run.outcomes.count, "cell")), \(drifted.count) drifted, \(plural(errorCount, "error"))"
        if !run.skippedForVersion.isEmpty {
            text += ", \(run.skippedForVersion.count) skipped (@requires; this is SQLite \(Session.sqliteVersion))"
        }
        return text
    }

    /// `FILE:LINE: unexpected error` and `FILE:LINE: expected an error`, in line order.
    public var problems: [String] {
        let lines = unexpectedErrors.map { ($0, "unexpected error") } + missingErrors.map { ($0, "expected an error") }
        return lines.sorted { $0.0 < $1.0 }.map { "\(notebook.path):\(notebook.cells[$0.0].line): \($0.1)" }
    }

    /// A unified diff of the notebook as recorded against the notebook with
    /// fresh outputs, one hunk per drifting cell, each after a `FILE:LINE:`
    /// line naming the cell. Empty when nothing drifted.
    public var diff: String {
        guard !drifted.isEmpty else { return "" }
        var text = "--- \(notebook.path)\t(recorded)\n+++ \(notebook.path)\t(fresh)\n"
        var shift = 0
        for index in drifted {
            text += hunk(index, shift: shift)
            shift += (run.outcomes[index]?.lines.count ?? 0) - notebook.cells[index].outputLines.count
        }
        return text
    }

    /// One drifting cell's part of the diff: `FILE:LINE: output drifted`,
    /// then its last command lines as context and the output lines that
    /// changed, among the ones that did not. `shift`: how many lines the
    /// hunks before it added to the fresh side.
    func hunk(_ index: Int, shift: Int = 0) -> String {
        let cell = notebook.cells[index]
        let fresh = run.outcomes[index]?.lines ?? []
        let context = max(cell.source.lowerBound, cell.source.upperBound - 3)..<cell.source.upperBound
        let old = Array(notebook.lines[cell.outputLines])
        let new = fresh.map { $0.isEmpty ? "-->" : "--> " + $0 }
        var text = "\(notebook.path):\(cell.line): \(cell.recorded == nil ? "never recorded" : "output drifted")\n"
        text += "@@ -\(context.lowerBound + 1),\(context.count + old.count) +\(context.lowerBound + 1 + shift),\(context.count + new.count) @@\n"
        text += context.map { " " + notebook.lines[$0] + "\n" }.joined()
        for line in LineDiff.lines(from: old, to: new) {
            switch line {
            case .same(let line): text += " " + line + "\n"
            case .removed(let line): text += "-" + line + "\n"
            case .added(let line): text += "+" + line + "\n"
            }
        }
        return text
    }

    /// The output blocks `update` writes: those of the drifted cells.
    public var updates: [Int: [String]] {
        Dictionary(uniqueKeysWithValues: drifted.compactMap { index in run.outcomes[index].map { (index, $0.lines) } })
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}

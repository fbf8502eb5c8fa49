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
            let cell = notebook.cells[index]
            let fresh = run.outcomes[index]?.lines ?? []
            let context = max(cell.source.lowerBound, cell.source.upperBound - 3)..<cell.source.upperBound
            let old = notebook.lines[cell.outputLines]
            let new = fresh.map { $0.isEmpty ? "-->" : "--> " + $0 }
            let what = cell.recorded == nil ? "never recorded" : "output drifted"
            text += "\(notebook.path):\(cell.line): \(what)\n"
            text += "@@ -\(context.lowerBound + 1),\(context.count + old.count) +\(context.lowerBound + 1 + shift),\(context.count + new.count) @@\n"
            text += context.map { " " + notebook.lines[$0] + "\n" }.joined()
            text += old.map { "-" + $0 + "\n" }.joined()
            text += new.map { "+" + $0 + "\n" }.joined()
            shift += new.count - old.count
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

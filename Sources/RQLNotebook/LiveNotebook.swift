import RQLEngine
import RQLRender

/// A notebook's session, open from one cell to the next: `rql run` and
/// `rql update` run every cell through one, `rql serve` keeps one per open
/// notebook and runs the cells the page asks for. The session is the
/// notebook's private database with the notebook settings
/// (`NotebookRunner.session(for:output:diagnostics:)`); each cell runs with
/// its own directives and time limit, through `Session.execute`.
///
/// Not for use from two threads at once, but for `interrupter`.
public final class LiveNotebook: @unchecked Sendable {
    public let runner: NotebookRunner
    /// How many rows of each result a cell's outcome keeps, when the runner logs results.
    public var loggedRowLimit: Int
    private let session: Session
    private let buffer = ByteOutput(.memory)

    public init(_ notebook: Notebook, runner: NotebookRunner) throws {
        self.runner = runner
        loggedRowLimit = CommandContext().loggedRowLimit
        session = try runner.session(for: notebook, output: buffer, diagnostics: buffer)
    }

    /// Interrupts the cell running, from any thread (`sqlite3_interrupt`).
    public var interrupter: Session.Interrupter { session.interrupter }

    /// Whether a cell ran `.quit`.
    public var hasQuit: Bool { session.hasQuit }

    public func close() { session.close() }

    /// Runs one cell of `notebook` within its time limit (its own, the
    /// notebook's, or the runner's) and reads back what it wrote: its
    /// results with their values masked and, with `@sort rows`, their rows
    /// sorted; other output masked and sorted as text.
    public func run(_ cell: Cell, of notebook: Notebook) -> CellOutcome {
        buffer.clear()
        let limit = cell.timeLimit ?? notebook.settings.timeLimit ?? runner.timeLimit
        let masks = notebook.settings.masks + cell.masks
        let shaping = CellRowShaping(masks: masks, sortsRows: cell.sortsRows)
        let watch = CellWatch(limit: limit, interrupter: session.interrupter)
        var context = CommandContext(maxRows: cell.maxRows, rowShaping: !masks.isEmpty || cell.sortsRows ? shaping : nil,
                                     interruptionReason: watch.interruptionReason, logsResults: runner.logsResults)
        context.loggedRowLimit = loggedRowLimit
        let started = ContinuousClock.now
        let ran = session.execute(cell.command, context)
        let duration = ContinuousClock.now - started
        let succeeded = !watch.stop() && ran.succeeded
        let printed = buffer.text
        do throws(MaskGaveUp) {
            if let gaveUp = shaping.gaveUp { throw gaveUp }
            guard shaping.results == 0 else {
                return CellOutcome(lines: CellOutcome.lines(printed: printed, changedRows: ran.changedRows), failed: !succeeded,
                                   tables: ran.tables, duration: duration)
            }
            var lines = CellOutcome.lines(printed: try shaping.masked(printed), changedRows: ran.changedRows)
            if cell.sortsRows { lines = RowSorting.sorted(lines) }
            return CellOutcome(lines: lines, failed: !succeeded, tables: ran.tables, duration: duration,
                               schemaPictures: succeeded ? ran.schemaPictures : nil)
        } catch {
            // The output as printed, unmasked, and why.
            return CellOutcome(lines: CellOutcome.lines(printed: printed + error.message + "\n", changedRows: nil), failed: true,
                               duration: duration)
        }
    }
}

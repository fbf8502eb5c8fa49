import RQLEngine
import RQLRender
import RQLValues

/// A notebook's session made ready for one of its exercises: the cells
/// before the exercise have run, as `rql run` runs them. Every query then
/// runs after a savepoint and is rolled back, so what an answer does (even
/// a write) never stays, and the private database is never the file.
final class GradingSession {
    let session: Session
    private let buffer = ByteOutput(.memory)
    /// The time an answer may run: the exercise cell's, the notebook's, or the runner's.
    private let limit: CellTimeLimit
    /// The most rows a result may have to be compared.
    static let rowLimit = 100_000

    /// What a query gave.
    enum Outcome {
        case rows(ResultLog.Table)
        /// It failed: what it printed (the error, with its caret).
        case failed(String)
        /// It ran but returned no rows to compare (a write, a dot-command).
        case notAQuery
        /// More rows than `rowLimit`.
        case tooManyRows
    }

    init(notebook: Notebook, exercise: Exercise, runner: NotebookRunner) throws {
        session = try runner.session(for: notebook, output: buffer, diagnostics: buffer)
        let cell = notebook.cells[exercise.cellIndex]
        limit = cell.timeLimit ?? notebook.settings.timeLimit ?? runner.timeLimit
        for cell in notebook.cells[..<exercise.cellIndex] where !cell.skipped && cell.runs(on: Session.sqliteVersion, in: notebook) {
            session.execute(cell.command)
        }
        buffer.clear()
        session.settings.setMode(.list)
    }

    deinit {
        session.close()
    }

    /// Runs `command` after a savepoint, within the time limit, and takes back what it did.
    func result(of command: Command) -> Outcome {
        run("SAVEPOINT rql_grade_query")
        defer {
            run("ROLLBACK TO rql_grade_query")
            run("RELEASE rql_grade_query")
        }
        buffer.clear()
        var context = CommandContext(maxRows: 0, interruptionReason: "after \(limit.text)", logsResults: true)
        context.loggedRowLimit = GradingSession.rowLimit
        let watch = CellWatch(limit: limit, interrupter: session.interrupter)
        let ran = session.execute(command, context)
        let interrupted = watch.stop()
        guard ran.succeeded, !interrupted else { return .failed(buffer.text) }
        guard ran.tables.count == 1, let table = ran.tables.first else { return .notAQuery }
        return table.rowCount > table.rows.count ? .tooManyRows : .rows(table)
    }

    /// Runs SQL of rql's own making; whether it succeeded.
    @discardableResult
    func run(_ sql: String) -> Bool {
        session.execute(Command(.sql, sql)).succeeded
    }

    /// The rows of SQL of rql's own making, as values; empty when it fails.
    func values(_ sql: String) -> [[SQLValue]] {
        var context = CommandContext(maxRows: 0, logsResults: true)
        context.loggedRowLimit = GradingSession.rowLimit
        let ran = session.execute(Command(.sql, sql), context)
        buffer.clear()
        return ran.succeeded ? ran.tables.first?.rows ?? [] : []
    }

    /// What `command` prints in box mode, as lines.
    func boxLines(_ command: Command) -> [String] {
        buffer.clear()
        session.settings.setMode(.box)
        defer { session.settings.setMode(.list) }
        session.execute(command, CommandContext(maxRows: 0))
        let text = buffer.text
        buffer.clear()
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

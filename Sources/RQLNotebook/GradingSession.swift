import RQLEngine
import RQLRender
import RQLValues

/// The rows of each table of a database, for comparing what two writes left.
struct DatabaseState: Equatable {
    var tables: [String: [[SQLValue]]]

    /// The tables whose rows differ (as multisets, `1 = 1.0`) between two states.
    func tablesDiffering(from other: DatabaseState) -> [String] {
        Set(tables.keys).union(other.tables.keys).sorted().filter { name in
            !ResultComparison.sameRows(tables[name] ?? [], other.tables[name] ?? [], ordered: false)
        }
    }
}

/// A notebook's session made ready for one of its exercises: the cells
/// before the exercise have run, as `rql run` runs them. Every query then
/// runs after a savepoint and is rolled back, so what an answer does (even
/// a write) never stays, and the private database is never the file.
final class GradingSession {
    let session: Session
    /// Where results go, read only for boxes shown; and where errors go.
    private let buffer = ByteOutput(.memory)
    private let errors = ByteOutput(.memory)
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
        session = try runner.session(for: notebook, output: buffer, diagnostics: errors)
        let cell = notebook.cells[exercise.cellIndex]
        limit = cell.timeLimit ?? notebook.settings.timeLimit ?? runner.timeLimit
        for cell in notebook.cells[..<exercise.cellIndex] where !cell.skipped && cell.runs(on: Session.sqliteVersion, in: notebook) {
            session.execute(cell.command)
        }
        buffer.clear()
        errors.clear()
        session.settings.setMode(.list)
        session.settings.showsHeaders = false
    }

    deinit {
        session.close()
    }

    /// Runs `command` after a savepoint, within the time limit, and takes back what it did.
    func result(of command: Command) -> Outcome {
        takenBack(command, logsResults: true) { ran, failed in
            guard !failed else { return .failed(errors.text) }
            guard ran.tables.count == 1, let table = ran.tables.first else { return .notAQuery }
            return table.rowCount > table.rows.count ? .tooManyRows : .rows(table)
        }
    }

    /// The rows of every table after `command`, which runs after a
    /// savepoint, within the time limit, and is taken back: what a
    /// mutation exercise compares. Nil when it fails, with what it printed.
    func stateAfter(_ command: Command) -> (state: DatabaseState?, printed: String) {
        takenBack(command, logsResults: false) { _, failed in
            guard !failed else { return (nil, errors.text) }
            let tables = stateTables().map { ($0, values("SELECT * FROM \(SQLText.identifier($0))")) }
            return (DatabaseState(tables: Dictionary(uniqueKeysWithValues: tables)), errors.text)
        }
    }

    /// Runs `command` after a savepoint and within the time limit, gives
    /// `reading` what it did (and whether it failed or was stopped), then
    /// rolls back to the savepoint. Its errors land in `errors`, without a
    /// word on the transaction, which is the grader's own.
    private func takenBack<T>(_ command: Command, logsResults: Bool, _ reading: (CommandOutcome, _ failed: Bool) -> T) -> T {
        run("SAVEPOINT rql_grade_query")
        defer {
            run("ROLLBACK TO rql_grade_query")
            run("RELEASE rql_grade_query")
        }
        buffer.clear()
        errors.clear()
        let watch = CellWatch(limit: limit, interrupter: session.interrupter)
        var context = CommandContext(maxRows: 0, interruptionReason: watch.interruptionReason, logsResults: logsResults)
        context.loggedRowLimit = GradingSession.rowLimit
        context.notesTransactionState = false
        let ran = session.execute(command, context)
        let interrupted = watch.stop()
        return reading(ran, interrupted || !ran.succeeded)
    }

    /// The tables a mutation exercise compares: every table of the main
    /// database, virtual ones too (an FTS index a trigger keeps), not their
    /// shadow tables or SQLite's own.
    func stateTables() -> [String] {
        values("""
            SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')
              AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """).compactMap { if case .text(let name)? = $0.first { name } else { nil } }
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
        defer {
            session.settings.setMode(.list)
            session.settings.showsHeaders = false
        }
        session.execute(command, CommandContext(maxRows: 0))
        let text = buffer.text
        buffer.clear()
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

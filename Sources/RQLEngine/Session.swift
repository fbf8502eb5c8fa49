import FoundationEssentials
import Glibc
import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender
import RQLValues

/// One rql session: the open database, the settings, the scheduler and the
/// outputs. The REPL, scripts, `-c` and notebooks all drive a session through
/// `execute(_:)`, one command at a time.
///
///     let session = try Session(options: .init(target: .sample(.reminders)))
///     session.execute(Command(.sql, "SELECT count(*) FROM reminders;"))
public final class Session {
    public struct Options {
        public var target: DatabaseTarget
        /// nil: box on a terminal, list elsewhere.
        public var mode: OutputMode?
        public var colorAllowed: Bool
        public var clock: any SessionClock
        public var output: ByteOutput
        public var diagnostics: ByteOutput
        /// Where `uuid()` gets its values.
        public var uuids: UUIDSource
        /// Safe mode: nothing outside the private database is read or written.
        public var safe: Bool
        /// The folder relative paths of `.read` and `.import` start from,
        /// instead of the working folder (a notebook's).
        public var readsFilesBelow: String?
        /// What reads, records and tours notebooks, for `.read FILE.rql`,
        /// `.record` and `.tour`; nil where they are not available.
        public var notebooks: (any NotebookSupport)?

        public init(target: DatabaseTarget = .sample(.reminders), mode: OutputMode? = nil, colorAllowed: Bool = true,
                    clock: any SessionClock = SystemClock(),
                    output: ByteOutput = .standard(1), diagnostics: ByteOutput = .standard(2),
                    uuids: UUIDSource = .random(), safe: Bool = false,
                    readsFilesBelow: String? = nil, notebooks: (any NotebookSupport)? = nil) {
            self.uuids = uuids
            self.safe = safe
            self.readsFilesBelow = readsFilesBelow
            self.notebooks = notebooks
            self.target = target
            self.mode = mode
            self.colorAllowed = colorAllowed
            self.clock = clock
            self.output = output
            self.diagnostics = diagnostics
        }
    }

    /// The connection commands run on, its database and catalog.
    var connection: OpenConnection
    /// The database commands run on.
    public internal(set) var target: DatabaseTarget {
        get { connection.target }
        set { connection.target = newValue }
    }
    /// The connection to `target`, when it is open (see `OpenConnection.queue`).
    var openedQueue: DatabaseQueue? {
        get { connection.queue }
        set { connection.queue = newValue }
    }
    public var settings: SessionSettings
    public let scheduler: Scheduler
    /// What each connection the session opens is given.
    var connectionSetup: ConnectionSetup
    /// Where results go: the console, a redirection or a pager.
    let route: OutputRoute
    /// Where results go unless `.output` or `.once` redirected them.
    public var console: ByteOutput { route.console }
    /// Where errors go.
    public let diagnostics: ByteOutput
    /// Values bound to `:name`, `$name`, `@name` and `?N` parameters.
    var parameters: [String: DatabaseValue] = [:]
    /// Nesting of `.read`, to refuse a script that reads itself forever.
    var readDepth = 0
    /// `.trace` and `.profile` listen through it.
    let tracer = StatementTracer()
    /// `.changes` counts through it.
    let changeCounter = ChangeCounter()
    /// The connection `interrupter` stops.
    let interruptTarget: InterruptTarget
    /// Whether SIGINT interrupts this session's statements (`interruptOnSIGINT()`).
    var interruptsOnSIGINT = false
    /// The `interruptCount` a script last said it stopped for, so nested
    /// scripts say it once.
    var interruptsReported = 0
    /// The folder relative paths of `.read` and `.import` start from; in
    /// safe mode, the folder `.read` may read from (a notebook's own).
    let readsFilesBelow: String?
    /// Reads, records and tours notebooks (`.read FILE.rql`, `.record`,
    /// `.tour`); given by the drivers that know them.
    let notebooks: (any NotebookSupport)?
    /// `.record`: the notebook typed commands go to.
    var recording: Recording?
    /// `.tour`: the sample notebook being walked through, and where.
    public internal(set) var tour: Tour?
    /// The session a tour runs in; commands typed during the tour go to it,
    /// and this session's database, settings and clock wait as they were.
    var tourSession: Session?
    /// Whether a command runs after a savepoint of the sandbox: the commands
    /// it runs in turn (a `.read` script's) share it.
    var sandboxHoldsCommand = false
    /// Whether `.preview` runs a command: the every-row question is not
    /// asked, and `.profile` and `.changes` report nothing of their own.
    var previewing = false
    /// The command `execute` is running, with its context and what it did so far.
    var current: CommandRun?

    /// The session commands reach now: the tour's during a tour, else this one.
    public var activeSession: Session { tourSession ?? self }
    /// Asks the person at the prompt a question and gives their answer
    /// (nil for Ctrl-C or Ctrl-D); the property is nil where nobody can
    /// answer (scripts, `-c`, notebooks), and then nothing is asked.
    public var asksPerson: ((String) -> String?)?
    /// Set by `.quit`: drivers stop reading commands.
    public internal(set) var hasQuit = false
    /// The rows the last query showed, for `.last`.
    var lastResult: LastResult?
    /// The status `.exit CODE` asked rql to end with.
    public internal(set) var exitStatus: Int32?
    /// What `def`, `enum`, `alias` and `let` defined for the open database.
    /// A sample's prelude is made when a command first reads them.
    public internal(set) var definitions: Definitions {
        get {
            makePendingPrelude()
            return madeDefinitions
        }
        set { madeDefinitions = newValue }
    }
    var madeDefinitions = Definitions()
    /// The sample whose prelude is still to be made, and its catalog's
    /// version when it opened.
    var pendingPrelude: PendingPrelude?
    /// Whether a transaction is open (a `BEGIN` without its `COMMIT`).
    public var isInTransaction: Bool { openedQueue?.inDatabase { $0.isInsideTransaction } ?? false }
    /// Deferred work waits while a transaction is open, unless it is the
    /// sandbox's: there it lands with the command that made it due.
    var holdsDeferredWork: Bool { isInTransaction && connection.sandbox == nil }

    /// The version of the SQLite library rql runs on (`3.40.1`).
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
    /// Which SQLite source that library was built from (its check-in date and hash).
    public static var sqliteSourceID: String { String(cString: sqlite3_sourceid()) }

    /// `.chart KIND`: the chart the next command's results are drawn as.
    var chartNext: ChartKind?

    /// The connections it holds besides the one commands run on (`.connection`),
    /// and the folder of its scratch files.
    var connections = Connections()

    public init(options: Options) throws {
        scheduler = Scheduler(clock: options.clock)
        connectionSetup = ConnectionSetup(scheduler: scheduler, uuids: options.uuids, safe: options.safe)
        let queue = try Connection.openUnlessLocked(options.target, setup: connectionSetup)
        connection = OpenConnection(target: options.target, queue: queue)
        interruptTarget = InterruptTarget(queue)
        route = OutputRoute(console: options.output)
        diagnostics = options.diagnostics
        readsFilesBelow = options.readsFilesBelow
        notebooks = options.notebooks
        settings = SessionSettings(forTerminal: options.output.isTerminal, mode: options.mode,
                                   colorAllowed: options.colorAllowed)
        try preparePrelude(of: target)
        if case .dataFiles(let paths) = target { try importDataFiles(paths) }
    }

    /// The output results go to now.
    var output: ByteOutput { route.current }

    /// Runs one command and reports its failure on `diagnostics`. Returns
    /// whether it succeeded. `origin` names the script it came from, for
    /// `FILE:LINE:` in errors. Deferred work that is due runs before it and
    /// after it.
    @discardableResult
    public func execute(_ command: Command, _ context: CommandContext = CommandContext()) -> CommandOutcome {
        if let tourSession, !Tour.isOwnCommand(command) {
            return recordingIfOn(command, origin: context.origin) { tourSession.execute(command, context) }
        }
        runDueWork()
        return recordingIfOn(command, origin: context.origin) {
            let outcome = attempt(command, context)
            // Work the command made due (a COMMIT that ends a wait) lands with it.
            runDueWork()
            return outcome
        }
    }

    /// Runs one command with its echo, timer and redirection, and reports its
    /// failure, and output that did not reach its file or standard output.
    private func attempt(_ command: Command, _ context: CommandContext) -> CommandOutcome {
        // `.chart KIND` draws the results of the command after it: a chart
        // asked for before this command is this command's.
        let run = CommandRun(context, chart: chartNext)
        chartNext = nil
        let outer = current
        current = run
        defer { current = outer }
        run.outcome.succeeded = attempt(command, origin: context.origin)
        run.outcome.tables = run.log?.tables ?? []
        return run.outcome
    }

    private func attempt(_ command: Command, origin: String?) -> Bool {
        let pages = route.beginPaging(settings.pager, recording: recording != nil, diagnostics: diagnostics)
        if settings.echo { echo(command) }
        let redirectionBefore = route.redirection
        let started = ResourceClock.now()
        var succeeded = reportingFailure(at: command, origin: origin) { try perform(command) }
        if settings.timer, command.language != .dot { reportTime(since: started) }
        if let before = redirectionBefore, before.once, route.redirection === before {
            succeeded = reportingFailure(at: command, origin: origin, of: route.endRedirection) && succeeded
        }
        if pages { succeeded = reportingFailure(at: command, origin: origin, of: route.endPaging) && succeeded }
        return reportingFailure(at: command, origin: origin, of: checkWrites) && succeeded
    }

    /// Runs `body`; reports its error and returns false if it throws.
    private func reportingFailure(at command: Command? = nil, origin: String? = nil,
                                  of body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            report(CommandError.from(error), at: command, origin: origin)
            return false
        }
    }

    /// Flushes the outputs; throws if bytes written to them since the last
    /// check did not arrive (a full disk, an I/O error).
    private func checkWrites() throws {
        try route.redirection?.output.checkWrites()
        try console.checkWrites()
    }

    func perform(_ command: Command) throws {
        if let error = CommandError.nulByte(in: command.text) { throw error }
        guard connection.sandbox != nil else { return try run(command) }
        try performInSandbox(command) { try run(command) }
    }

    /// Runs `command` in its language, as `perform` does inside a sandbox's savepoint.
    func run(_ command: Command) throws {
        switch command.language {
        case .dot: try runDotCommand(command.text)
        case .sql: try runSQL(command.text)
        case .dsl: try runDSL(command.text)
        }
    }

    /// Runs the deferred work that is due by the session clock and says what
    /// each job did. Work waits while a transaction is open, unless it is
    /// the sandbox's (`holdsDeferredWork`).
    public func runDueWork() {
        guard let queue = openedQueue, !holdsDeferredWork else { return }
        for job in scheduler.takeDue(at: scheduler.clock.now) {
            do {
                let did = try queue.inDatabase { db in try watching(db) { try job.work(db) } }
                console.write("deferred: \(job.name) \(did)\n")
                writeWatchReports()
            } catch {
                let message = (error as? DatabaseError)?.message ?? "\(error)"
                diagnostics.write("deferred: \(job.name) failed: \(message)\n")
            }
        }
        console.flush()
        diagnostics.flush()
    }

    /// Replaces the open database with `target`; on failure the old one
    /// stays open. A file another program holds locked is not waited for:
    /// the first command that reads it opens it.
    func open(_ newTarget: DatabaseTarget) throws {
        let newQueue = try Connection.openUnlessLocked(newTarget, setup: connectionSetup)
        let previous = (connection: connection, queue: openedQueue)
        retargetInterrupt(to: newQueue)
        connection = OpenConnection(target: newTarget, queue: newQueue)
        if case .dataFiles(let paths) = newTarget {
            do {
                try importDataFiles(paths)
            } catch {
                // A file that does not import opens nothing.
                retargetInterrupt(to: previous.queue)
                connection = previous.connection
                throw error
            }
        }
        scheduler.cancelAll()
        definitions = Definitions()
        try preparePrelude(of: newTarget)
    }

    /// Flushes and closes what the session opened. Output that did not
    /// reach its file or standard output is reported on `diagnostics`, and
    /// makes this return false.
    @discardableResult
    public func close() -> Bool {
        if let recording { stopRecording(recording) }
        discardSandbox(to: diagnostics)
        for (number, parked) in connections.parked.sorted(by: { $0.key < $1.key }) {
            guard let sandbox = parked.sandbox else { continue }
            diagnostics.write("sandbox off on connection \(number): discarded the changes of \(Session.commands(sandbox.steps.count))\n")
        }
        tourSession?.close()
        closeConnections()
        let redirected = reportingFailure(of: route.endRedirection)
        let written = reportingFailure { try console.checkWrites() }
        diagnostics.flush()
        return redirected && written
    }

    /// Closes the connection commands run on, as the end of a process
    /// that will not release the session does: SQLite finishes with the
    /// file (in WAL mode it checkpoints and removes the -wal and -shm
    /// files). No command runs on the session after this.
    public func closeDatabase() {
        try? openedQueue?.close()
    }

    /// The render settings for `output` as it is now.
    func renderSettings(for output: ByteOutput) -> RenderSettings {
        var render = RenderSettings(mode: settings.mode, showsHeaders: settings.showsHeaders,
                                    nullText: settings.nullText, separator: settings.separator)
        render.widths = settings.widths
        render.wrapWidth = settings.wrapWidth
        render.rowSeparator = settings.rowSeparator
        let presentsToPerson = output.isTerminal || settings.lineWidth != nil
        let maxRows = current?.context.maxRows ?? settings.maxRows
        render.maxRows = maxRows ?? (presentsToPerson ? SessionSettings.terminalMaxRows : 0)
        if let paging = route.paging, output === paging.output {
            if maxRows == nil { render.maxRows = 0 }
            render.pagerHeight = paging.pager.threshold
        }
        render.maxLineWidth = settings.lineWidth ?? (output.isTerminal ? Terminal.columns() : nil)
        if let recording, output === console {
            // What is recorded is what the notebook will print when it replays.
            render.maxRows = maxRows ?? recording.recorder.maxRows
            render.maxLineWidth = settings.lineWidth ?? recording.recorder.lineWidth
        }
        render.usesColor = style(for: output).isEnabled
        render.log = current?.log
        render.shaping = current?.context.rowShaping
        render.chart = current?.chart
        return render
    }

    /// How text written to `output` is styled: in color on a terminal when
    /// colors are allowed, and never while `.record` copies it into a
    /// notebook, which holds what a replay prints.
    func style(for output: ByteOutput) -> TerminalStyle {
        let copied = recording != nil && (output === console || output === diagnostics)
        return TerminalStyle(isEnabled: output.isTerminal && settings.colorAllowed && !copied)
    }

    var errorStyle: TerminalStyle { style(for: diagnostics) }

    private func echo(_ command: Command) {
        if command.language == .sql { writeSQL(command.text) } else { output.write(visible: command.text) }
        output.write(byte: 0x0A)
    }

    private func reportTime(since started: ResourceClock.Reading) {
        let elapsed = ResourceClock.now().since(started)
        if settings.masksTimes {
            output.write("Run Time: real [time] user [time] sys [time]\n")
        } else {
            output.write(String(format: "Run Time: real %.3f user %.6f sys %.6f\n", elapsed.real, elapsed.user, elapsed.system))
        }
    }

    /// Writes an error: `[ORIGIN:LINE: ]error: MESSAGE`, the line it points at
    /// with a caret, then its notes.
    func report(_ error: CommandError, at command: Command? = nil, origin: String? = nil) {
        let style = errorStyle
        let out = diagnostics
        output.flush()
        // The terminal echoed ^C where the cursor was: start on a line of our own.
        if error.isInterruption, out.isTerminal { out.write("\n") }
        if let location = error.location {
            out.write(CellText.visibleLine(location) + ": ")
        } else if let origin, let command {
            out.writeUncopied("\(origin):\(command.line + error.lineOffset): ")
        }
        style.write("error:", as: .error, to: out)
        current?.outcome.errors.append(error)
        var message = error.message
        if let detail = error.interruption, let reason = current?.context.interruptionReason?() {
            message = "interrupted " + reason + detail
        }
        // Messages quote what was typed: its control characters are shown, never sent.
        out.write(" \(CellText.visibleLine(message))\n")
        if let snippet = error.snippet {
            out.write(snippet.line + "\n")
            style.write(snippet.caret, as: .caret, to: out)
            if !error.label.isEmpty { out.write(" " + CellText.visibleLine(error.label)) }
            out.write("\n")
        }
        for note in error.notes { out.write(CellText.visibleLine(note.text) + "\n") }
        out.flush()
    }
}

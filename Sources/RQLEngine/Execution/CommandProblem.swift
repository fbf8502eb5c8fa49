import RQLLanguage

/// What can be wrong with a command, each worded once: the message and
/// the notes. A case holds the names, paths and counts its words need, and
/// the words of SQLite, the system or another part of rql (a DSL problem, a
/// notebook's) when the message passes them on; the files
/// `CommandProblem+…` word the cases of each area.
///
///     CommandProblem.noConnection(3).message // "no connection 3"
public enum CommandProblem: Equatable, Sendable {
    // MARK: Dot-commands and their arguments

    /// `usage` is the command's whole usage line.
    case usage(command: String, usage: String)
    case missingCommandName
    case unknownCommand(String)
    case ambiguousCommand(String, candidates: [String])
    /// A flag the command does not declare.
    case unknownFlag(command: String, flag: String, usage: String)
    case notOnOff(command: String, given: String)
    /// `expected` says what the value is: `milliseconds`.
    case notANumber(command: String, expected: String, given: String)
    /// `noun` names one choice (`mode`); nil when the choices are few
    /// enough to list in the message.
    case notAChoice(command: String, choices: [String], noun: String?, given: String)
    /// A quote (`'` or `"`) that the command's words do not close.
    case unterminatedQuote(String)
    /// `.help NAME` for a name that is neither a dot-command nor a stage.
    case noHelp(String)
    case explainWithoutQuery
    /// `.explain` of SQL holding `count` statements, the first one's text.
    case explainSeveral(count: Int, first: String)
    case explainDefinition
    /// `.summarize` with nothing after it, or a dot-command.
    case summarizeWhat
    /// `.summarize` of a statement that returns no rows, or writes.
    case summarizeNotQuery
    /// `.expert` with nothing after it, a dot-command, a definition or several statements.
    case expertWhat
    /// The in-memory copy `.expert` tries indexes on could not be made.
    case expertCopy(reason: String)
    case nothingShownYet
    case lastNotKept
    case lastTooBig(rows: Int, mebibytes: Int)
    case noParameter(String)
    case badParameterName(String)
    case unnumberedParameter
    /// `.cd` to a folder it cannot change to: whether the path is there, and whether it is a folder.
    case cannotChangeFolder(String, exists: Bool, isFolder: Bool)
    /// A program rql could not start, and the system's words for why.
    case cannotRun(String, reason: String)
    case shellStatus(Int32)
    /// `.edit` in a script, `-c` or a notebook, where no editor can open.
    case editOutsidePrompt
    /// The editor `.edit` could not start (the shell's status 126 or 127),
    /// and the variable it came from (nil for the default, `vi`).
    case editorNotFound(String, variable: String?)
    /// The editor ended badly: `how` says so (`exited with status 1`).
    case editorFailed(String, how: String)
    case editedNothing
    /// The temporary file `.edit` opens the editor on, and what went wrong with it.
    case editFile(reason: String)
    case pipeWithoutCommand
    case cannotMakePipe(String, reason: String)
    /// A dot-command that needs what this session lacks (notebooks): `.record`, `.tour`.
    case notAvailable(command: String)
    case recordNotNotebook(String)
    case notRecording
    /// `.reset` of a database that is not a sample, as it is shown.
    case resetNotSample(String)
    case unknownSample(String)
    case readTooDeep(path: String, levels: Int)
    case readFailures(Int, of: Int, path: String)

    // MARK: Tour and clock

    case unknownTour(String)
    case noTour
    case notADuration(String)
    /// `.clock advance` past SQLite's last date: the duration as written, and now as shown.
    case clockPastEnd(String, now: String)
    /// `.clock set` to text that is not an instant, and why.
    case notAnInstant(ClockTextError)
    case clockGoesBack(now: String)
    case clockSetup(code: Int32)

    // MARK: Safe mode

    case safeModeSetup(code: Int32)
    case extensionsOff
    case refused(SafeModeRefusal)

    // MARK: Connections

    /// A second connection to a database in memory, as it is shown.
    case connectionInMemory(Int, target: String)
    case activeConnection(Int)
    case noConnection(Int)
    case scratchFolder(reason: String)
    case scratchCopy(String, reason: String)

    // MARK: Files

    /// A file SQLite or the system could not open, and their words for why.
    case cannotOpen(String, reason: String)
    case noSuchFile(String)
    case openFolder(String)
    /// A file with a hot journal that a read-only connection cannot roll back.
    case hotJournal(String)
    /// A file another program held locked while rql waited `waited`
    /// milliseconds: SQLite's words, and who holds the lock when that is known.
    case locked(String, message: String, holder: String?, waited: Int32)
    case cannotRead(String, reason: String)
    case cannotWrite(String, reason: String)
    case cannotCopy(String, reason: String)
    case appTriggers(reason: String)
    case sampleBuild(String, reason: String)
    case alreadyExists(String)
    case restoreInTransaction
    case notRegularFile(String)
    case notADatabase(String)
    case noDatabase(String, databases: [String])
    case backupCopy(String, reason: String)
    case backupOfNonDatabase(String)
    /// A schema object whose SQL a dump cannot end with a semicolon.
    case dumpUnterminated(String)
    /// More than `maximum` bytes in a line or a command.
    case tooLong(maximum: Int)
    case nulByte

    // MARK: Sandbox

    /// `.sandbox on` with one on, holding `steps` commands.
    case sandboxAlreadyOn(steps: Int)
    case sandboxReadOnly(String)
    case sandboxInTransaction
    /// `.sandbox keep` or `.sandbox off` with none on.
    case noSandbox(command: String)
    case undoWithoutSandbox
    /// `.undo N` with only `steps` commands to undo.
    case nothingToUndo(asked: Int, steps: Int)
    /// A statement or dot-command a sandbox cannot hold (`VACUUM`, `.open`).
    case refusedInSandbox(String)
    /// `.undo`, `.sandbox keep` or `.sandbox off` in a script a sandboxed command runs.
    case sandboxInScript(String)
    /// `.preview` with nothing after it.
    case previewWhat
    case previewDotCommand

    // MARK: Import

    case importFormat(String)
    case importSeparator(String)
    case importNoRoom(String, folder: String, reason: String)
    case importCopy(String, reason: String)
    case noRecords(String)
    case noKeyedRecords(String)
    /// An import into `name`, which `type` (`view`, `virtual`) says is no ordinary table.
    case importTarget(String, type: String)
    case importWidths(path: String, columns: Int, table: String, tableColumns: Int)
    /// Columns of the file the table lacks (`absent`) or computes, and the table's columns the file lacks.
    case importColumns(path: String, table: String, absent: [String], computed: [String], missing: [String])
    case importRow(sqlite: String)
    case unclosedQuotedField
    case quoteAfterClosingQuote
    case fieldCount(Int, width: Int, header: Bool)
    case recordTooLong(maximum: Int)
    case tooManyFields(maximum: Int)
    /// JSON the import cannot read, and what is wrong with it.
    case invalidJSON(JSONFault)

    // MARK: Inspectors

    /// `.schema`-like lookups of a table: `orView` when a view would do.
    case noTable(String, orView: Bool, tables: [String])
    case noTrigger(String, triggers: [String])
    case noView(String, views: [String])
    case noFullTextTable(String, tables: [String])
    case tokenizerFails(String, reason: String)
    case noTableMatches([String])
    case noSchemaMatch(String)
    case graphvizMissing
    case dotFailed(String)

    // MARK: Others' words

    /// SQLite's message, as it is.
    case sqlite(String)
    /// A DSL command that does not compile.
    case dsl(DSLProblem)
    /// A chart that cannot be drawn, in the words of `ChartError`.
    case chart(String)
    /// A notebook that cannot be read or written, in RQLNotebook's words.
    case notebook(String, help: String?)
    /// The interrupted command: `interrupted`, then what became of its work.
    case interrupted
    case importInterrupted
    /// An error no other case words, as Swift describes it.
    case unexpected(String)
}

extension CommandProblem {
    /// The first line of the error.
    public var message: String { wording.message }
    /// Lines printed after the snippet.
    public var notes: [DiagnosticNote] { wording.notes }

    /// For an interruption, what its message says after `interrupted`; nil otherwise.
    var interruption: String? {
        switch self {
        case .interrupted: ""
        case .importInterrupted: "; nothing was imported"
        case .dsl(let problem): problem == .interrupted ? "" : nil
        default: nil
        }
    }

    /// The words of a problem, from the file of its area.
    struct Wording {
        var message: String
        var notes: [DiagnosticNote]

        init(_ message: String, notes: [DiagnosticNote] = []) {
            self.message = message
            self.notes = notes
        }
    }

    /// Each area's file words its own cases and gives nil for the others.
    /// `CommandProblemTests` checks that some area words every case, so the
    /// last resort, the case as Swift prints it, is not what anyone reads.
    private var wording: Wording {
        dotCommandWording ?? tourWording ?? safeModeWording ?? connectionWording ?? sandboxWording ?? fileWording ?? importWording
            ?? inspectorWording ?? othersWording ?? Wording(String(describing: self))
    }

    /// `did you mean …?` as a plain note, nil when nothing is close.
    static func didYouMean(_ name: String, in candidates: [String], prefix: String = "") -> DiagnosticNote? {
        Suggestions.didYouMean(name, in: candidates, prefix: prefix).map(DiagnosticNote.plain)
    }
}

extension CommandError {
    /// The error `problem` words, pointing into `source` at `offset` when they are given.
    public init(_ problem: CommandProblem, source: String? = nil, offset: Int? = nil) {
        self.problem = problem
        self.source = source
        self.offset = offset
        notes = problem.notes
        interruption = problem.interruption
    }
}

/// The words of the problems whose words come from elsewhere: SQLite, the
/// DSL's catalogue, a chart, a notebook.
extension CommandProblem {
    var othersWording: Wording? {
        switch self {
        case .sqlite(let message), .chart(let message), .unexpected(let message):
            return Wording(message)
        case .dsl(let problem):
            return Wording(problem.message, notes: problem.notes)
        case .notebook(let message, let help):
            return Wording(message, notes: help.map { [.help($0)] } ?? [])
        case .interrupted, .importInterrupted:
            return Wording("interrupted" + (interruption ?? ""))
        default:
            return nil
        }
    }
}

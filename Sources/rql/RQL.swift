import ArgumentParser
import Foundation
import LineEditor
import RQLEngine
import RQLNotebook
import RQLRender

/// `rql`: the command line. Parsing only; every command runs through a `Session`.
///
/// `rql [DATABASE] [options]` is the shell itself, so `rql --help` shows its
/// options; a first argument naming a subcommand (`rql samples …`) runs that
/// command instead.
enum RQL {
    static let subcommands: [String: any ParsableCommand.Type] = [
        "samples": SamplesCommand.self,
        "compile": CompileCommand.self,
        "run": RunCommand.self,
        "check": CheckCommand.self,
        "update": UpdateCommand.self,
        "export": ExportCommand.self,
        "import": ImportCommand.self,
    ]

    /// Parses the command line and runs; usage errors exit with status 2.
    static func mainWithExitCodes() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, let subcommand = subcommands[first] {
            run(subcommand, Array(arguments.dropFirst()))
        } else {
            do {
                run(Shell.self, try SQLiteShellArguments.translate(arguments))
            } catch {
                writeToStandardError(Shell.fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
        }
    }

    private static func run(_ type: any ParsableCommand.Type, _ arguments: [String]) {
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
        } catch {
            if type.exitCode(for: error) == .success || error is ExitCode {
                type.exit(withError: error)
            }
            let message = type.fullMessage(for: error)
            writeToStandardError(message.isEmpty ? "" : message + "\n")
            Foundation.exit(2)
        }
    }
}

/// `rql [DATABASE] [options]`: the REPL, `-c` commands, or a script on stdin.
struct Shell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql",
        abstract: "An interactive SQLite explorer: SQL, a pipelined query DSL, dot-commands and sample databases.",
        discussion: """
            With no DATABASE, rql opens a private in-memory copy of the Reminders sample. \
            A command is SQL (SELECT …;), a DSL query (reminders | where isFlagged | count) \
            or a dot-command (.help). Commands given with -c run in order and rql exits; a \
            script on standard input (when it is not a terminal) runs the same way. \
            Otherwise rql reads commands at a prompt (Tab completes, the up arrow recalls, \
            Ctrl-C stops a query, Ctrl-D leaves). Type .help there for the dot-commands.

            Files: ~/.rqlrc runs first (see --init, --no-init); the history of the \
            prompt is kept in $XDG_STATE_HOME/rql/history, or ~/.rql_history.

            Notebooks (.rql files): rql run [--step] FILE..., rql check FILE..., \
            rql update FILE..., rql export FILE --to md|html (each has --help).
            Also: rql compile QUERY (the SQL a DSL query compiles to), rql samples list, \
            rql samples write NAME FILE (rql samples --help), \
            rql import FILE TABLE --db DB (rql import --help).

            The sqlite3 shell's options work as it spells them: -csv, -json, -box, \
            -table, -markdown, -line, -list, -html, -header, -noheader, -separator SEP, \
            -newline SEP, -nullvalue TEXT, -cmd COMMAND, -bail, -echo, -readonly, -safe, \
            -init FILE, -batch, -interactive, -version. Words after DATABASE are \
            commands run in order, as with -c: rql app.db .tables "SELECT count(*) FROM t".

            Exit status: 0 success, 1 a command failed, 2 a usage error or a database that \
            cannot be opened; .exit CODE chooses another.
            """)

    @Argument(help: "A database file to open (created if missing, unless --readonly).")
    var database: String?

    @Argument(help: ArgumentHelp("Commands to run after the database is open, in order, as with -c.", valueName: "command"))
    var trailingCommands: [String] = []

    @Option(help: ArgumentHelp("Open a private in-memory copy of a sample.", valueName: "name"))
    var sample: String?

    @Flag(help: "Open DATABASE read-only (SQLITE_OPEN_READONLY).")
    var readonly = false

    @Flag(help: "Safe mode: no ATTACH, VACUUM INTO, extensions or fts3_tokenizer(), a file's schema untrusted, no .open/.output/.once, .read only below the current folder.")
    var safe = false

    @Option(help: ArgumentHelp("Output mode: \(OutputMode.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "mode"))
    var mode: String?

    @Flag(help: "Never use colors (also when NO_COLOR is set).")
    var noColor = false

    @Option(name: .customLong("init"), help: ArgumentHelp("Run the commands in FILE first (default: ~/.rqlrc when it exists).", valueName: "file"))
    var initFile: String?

    @Flag(help: "Do not run a start-up file.")
    var noInit = false

    @Option(name: .customShort("c"), help: ArgumentHelp("Run a command (SQL, DSL or dot) and exit; repeat to run several in order.", valueName: "command"))
    var commands: [String] = []

    @Option(name: .customLong("cmd"), help: ArgumentHelp("Run a command first, then go on as without it (-cmd in sqlite3).", valueName: "command"))
    var startCommands: [String] = []

    @Flag(inversion: .prefixedNo, help: "Show (or do not show) column names above the rows.")
    var header: Bool?

    @Option(help: ArgumentHelp("The column separator of list and csv modes.", valueName: "text"))
    var separator: String?

    @Option(help: ArgumentHelp("The row separator of list and csv modes.", valueName: "text"))
    var newline: String?

    @Option(help: ArgumentHelp("How NULL shows.", valueName: "text"))
    var nullvalue: String?

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Flag(help: "Print each command before running it.")
    var echo = false

    @Flag(help: "Read standard input as a script even at a terminal.")
    var batch = false

    @Flag(help: "Show the prompt even when standard input is not a terminal.")
    var interactive = false

    @Flag(help: "Print rql's version and the SQLite it runs on, and exit.")
    var version = false

    func validate() throws {
        if database != nil, sample != nil {
            throw ValidationError(.eitherOr("a DATABASE", "--sample"))
        }
        if readonly, database == nil {
            throw ValidationError(.readonlySample)
        }
        if initFile != nil, noInit {
            throw ValidationError(.eitherOr("--init FILE", "--no-init"))
        }
        if let mode, OutputMode(rawValue: mode.lowercased()) == nil {
            throw ValidationError(.unknownMode(mode))
        }
        if let sample, Sample.named(sample) == nil {
            throw ValidationError(.unknownSample(sample))
        }
        if batch, interactive {
            throw ValidationError(.eitherOr("--batch", "--interactive"))
        }
    }

    func run() throws {
        if version {
            let output = ByteOutput.standard(STDOUT_FILENO)
            output.write("rql \(RQLVersion.text) (SQLite \(Session.sqliteVersion), \(Session.sqliteSourceID))\n")
            return try finish(output)
        }
        let target: DatabaseTarget
        if let database {
            target = .file(path: database, readonly: readonly)
        } else {
            target = .sample(sample.flatMap(Sample.named) ?? .reminders)
        }
        let colorAllowed = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        let options = Session.Options(target: target, mode: mode.flatMap { OutputMode(rawValue: $0.lowercased()) },
                                      colorAllowed: colorAllowed, safe: safe, notebooks: Notebooks())
        let session = try Session.openingOrExiting(options)
        applySettings(to: session)
        session.interruptOnSIGINT(endsProcessOnSecond: !isInteractive)
        let succeeded: Bool
        do {
            succeeded = try run(session)
        } catch {
            session.close()
            throw error
        }
        // Output that never reached its file fails the run, even at the end;
        // `.exit CODE` chooses the status otherwise.
        let closed = session.close()
        if let code = session.exitStatus, closed { throw ExitCode(code) }
        if !closed || !succeeded { throw ExitCode.failure }
    }

    /// The options that set what `.headers`, `.separator`, `.nullvalue`,
    /// `.bail` and `.echo` set.
    private func applySettings(to session: Session) {
        if let header { session.settings.showsHeaders = header }
        if let separator { session.settings.separator = separator }
        if let newline { session.settings.rowSeparator = newline }
        if let nullvalue { session.settings.nullText = nullvalue }
        if bail { session.settings.bail = true }
        if echo { session.settings.echo = true }
        session.settings.keepsLastResult = isInteractive
    }

    /// `-c` commands, then the words after the database.
    private var runCommands: [String] { commands + trailingCommands }

    /// Whether rql reads commands at a prompt: no command to run, and a
    /// terminal on stdin (or `--interactive`, and not `--batch`).
    private var isInteractive: Bool {
        runCommands.isEmpty && !batch && (interactive || isatty(STDIN_FILENO) == 1)
    }

    /// The start-up file, `--cmd` commands, then the commands: `-c` and
    /// those after the database, a script on stdin or the prompt. Returns
    /// whether they all succeeded.
    private func run(_ session: Session) throws -> Bool {
        try runStartUpFile(session)
        if !startCommands.isEmpty {
            guard runArguments(startCommands, in: session) else { return false }
            if session.hasQuit { return true }
        }
        if !runCommands.isEmpty {
            return runArguments(runCommands, in: session)
        } else if !isInteractive {
            return session.run(input: InputLines(), origin: "stdin", policy: .continueUnlessBail).succeeded
        } else if let repl = REPL(session: session, history: historyFile) {
            repl.run()
            return true
        } else {
            printError(.noLineEditor)
            throw ExitCode(2)
        }
    }

    /// `--init FILE`, or `~/.rqlrc` when it exists and `--no-init` is not
    /// given: its commands run first, as a script; its failures are
    /// reported and do not change the exit status.
    private func runStartUpFile(_ session: Session) throws {
        guard !noInit else { return }
        let path: String
        if let initFile {
            path = initFile
        } else if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty,
                  FileManager.default.fileExists(atPath: home + "/.rqlrc") {
            path = home + "/.rqlrc"
        } else {
            return
        }
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            printError(.unreadableStartupFile(path, reason: error.reason))
            throw ExitCode(2)
        }
        session.run(script: ForeignBytes.decode(data), origin: path, policy: .continueUnlessBail)
    }

    /// Where the REPL keeps its history; nil when there is no home to keep it in.
    private var historyFile: HistoryFile? {
        HistoryFile.defaultPath(environment: ProcessInfo.processInfo.environment).map { HistoryFile(path: $0) }
    }

    /// Commands from the command line: each complete in itself, in order;
    /// the first failure stops.
    private func runArguments(_ commands: [String], in session: Session) -> Bool {
        for command in commands {
            let result = session.run(script: command, origin: nil, policy: .stop)
            if !result.succeeded { return false }
            if session.hasQuit { break }
        }
        return true
    }
}

extension Session {
    /// A session for a command-line command; a database that cannot be
    /// opened ends rql with status 2 and the reason.
    static func openingOrExiting(_ options: Session.Options) throws -> Session {
        do {
            return try Session(options: options)
        } catch let error as CommandError {
            printError(error.message)
            throw ExitCode(2)
        }
    }
}


import ArgumentParser
import Foundation
import RQLEngine
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
        "serve": ServeCommand.self,
        "import": ImportCommand.self,
        "grade": GradeCommand.self,
    ]

    /// Parses the command line and runs; usage errors exit with status 2.
    static func mainWithExitCodes() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, let subcommand = subcommands[first] {
            run(subcommand, Array(arguments.dropFirst()))
        } else {
            do {
                let translated = try SQLiteShellArguments.translate(arguments)
                if let options = QuickShellArguments.options(translated) {
                    run(options)
                } else {
                    run(Shell.self, translated)
                }
            } catch {
                writeToStandardError(Shell.fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
        }
    }

    /// Runs the shell on options read without the argument parser. An exit
    /// status ends rql with it, as the parser's `exit(withError:)` does,
    /// without the usage text the parser makes before it looks at the
    /// error; any other error ends rql as after the parser.
    private static func run(_ options: ShellOptions) {
        do {
            try options.run()
        } catch let status as ExitCode {
            Foundation.exit(status.rawValue)
        } catch {
            exit(for: error, of: Shell.self)
        }
    }

    private static func run(_ type: any ParsableCommand.Type, _ arguments: [String]) {
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(for: error, of: type)
        }
    }

    /// Ends rql after `error`: help, a version or an exit status as the
    /// parser ends with them, any other error worded by it with status 2.
    private static func exit(for error: any Error, of type: any ParsableCommand.Type) -> Never {
        if type.exitCode(for: error) == .success || error is ExitCode {
            type.exit(withError: error)
        }
        let message = type.fullMessage(for: error)
        writeToStandardError(message.isEmpty ? "" : message + "\n")
        Foundation.exit(2)
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
            rql update FILE..., rql export FILE --to md|html, \
            rql grade FILE --exercise NAME --answer QUERY, \
            rql serve [FILE | FOLDER] (the notebooks as a local web page) (each has --help).
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

    @Argument(help: "A database file to open (created if missing, unless --readonly); or CSV, TSV, JSON or NDJSON files, each a table of an in-memory database.")
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

    /// The options as plain values.
    var options: ShellOptions {
        ShellOptions(database: database, trailingCommands: trailingCommands, sample: sample, readonly: readonly,
                     safe: safe, mode: mode, noColor: noColor, initFile: initFile, noInit: noInit, commands: commands,
                     startCommands: startCommands, header: header, separator: separator, newline: newline,
                     nullvalue: nullvalue, bail: bail, echo: echo, batch: batch, interactive: interactive,
                     version: version)
    }

    func validate() throws {
        try options.validate()
    }

    func run() throws {
        try options.run()
    }
}

extension Session {
    /// A session for a command-line command; a database that cannot be
    /// opened ends rql with status 2 and the reason.
    static func openingOrExiting(_ options: Session.Options) throws -> Session {
        do {
            return try Session(options: options)
        } catch let error as CommandError {
            // A data file that does not import says where: `people.csv:3: …`.
            printError((error.location.map { $0 + ": " } ?? "") + error.message)
            throw ExitCode(2)
        }
    }
}


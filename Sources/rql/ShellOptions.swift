import ArgumentParser
import Foundation
import LineEditor
import RQLEngine
import RQLNotebook
import RQLRender

/// What `rql [DATABASE] [options]` is asked to do, as plain values, and the
/// doing of it. `Shell` declares the options to swift-argument-parser and
/// reads them into this; `QuickShellArguments` reads the most common
/// command lines into it without the parser.
struct ShellOptions: Equatable {
    var database: String?
    var trailingCommands: [String] = []
    var sample: String?
    var readonly = false
    var safe = false
    var mode: String?
    var noColor = false
    var initFile: String?
    var noInit = false
    var commands: [String] = []
    var startCommands: [String] = []
    var header: Bool?
    var separator: String?
    var newline: String?
    var nullvalue: String?
    var bail = false
    var echo = false
    var batch = false
    var interactive = false
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
        if !dataFiles.isEmpty {
            target = .dataFiles(dataFiles)
        } else if let database {
            target = .file(path: database, readonly: readonly)
        } else {
            target = .sample(sample.flatMap(Sample.named) ?? .reminders)
        }
        let colorAllowed = !noColor && environmentVariable("NO_COLOR").map(\.isEmpty) ?? true
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
        let status = if let code = session.exitStatus, closed { code } else if !closed || !succeeded { ExitCode.failure.rawValue } else { Int32(0) }
        // rql ends here, its database closed and the session still held:
        // releasing the session would only take GRDB's queue apart (a new
        // thread) and its notification observers, as many instructions as
        // the rest of closing.
        session.closeDatabase()
        withExtendedLifetime(session) { Foundation.exit(status) }
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

    /// `-c` commands, then the words after the database (and after the
    /// data files that follow a first one).
    private var runCommands: [String] { commands + trailingCommands.dropFirst(max(0, dataFiles.count - 1)) }

    /// DATABASE when it is a CSV, TSV, JSON or NDJSON file, and the words
    /// right after it that are such files too: each becomes a table of an
    /// in-memory database (`rql people.csv cities.json`).
    private var dataFiles: [String] {
        guard let database, DatabaseTarget.isDataFile(database) else { return [] }
        return [database] + trailingCommands.prefix(while: DatabaseTarget.isDataFile)
    }

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
        } else if let home = environmentVariable("HOME"), !home.isEmpty,
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

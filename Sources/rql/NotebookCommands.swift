import ArgumentParser
import FoundationEssentials
import Glibc
import RQLEngine
import RQLNotebook
import RQLRender

/// How a notebook's commands run: what every command that runs a notebook
/// takes (`run`, `check`, `update`, `grade`).
struct NotebookRunOptions: ParsableArguments {
    @Flag(help: "Let the notebook reach files outside its private database (ATTACH, VACUUM INTO, .open, .output, …).")
    var unsafe = false

    @Option(help: ArgumentHelp("How long each command may run before it is interrupted and fails (default 30s; a notebook's -- @timeout says otherwise).",
                               valueName: "duration"), transform: CellTimeLimit.argument)
    var timeout: CellTimeLimit = .standard

    @Option(name: .customShort("p"), help: ArgumentHelp(
        "Give the notebook's -- @param NAME this value: a number when it reads as one, else text (repeat for more).",
        valueName: "name=value"), transform: NotebookOptions.parameter)
    var parameters: [NotebookOptions.Parameter] = []

    /// A runner of the cells `selection` chooses.
    func runner(selection: CellSelection = .all) -> NotebookRunner {
        NotebookRunner(safe: !unsafe, timeLimit: timeout, selection: selection, parameters: NotebookOptions.values(parameters))
    }
}

/// Options every notebook command takes.
struct NotebookOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Notebooks (.rql files); run and check also take a sample notebook's name (tour, fts, …).", valueName: "file"))
    var files: [String]

    @OptionGroup var running: NotebookRunOptions

    @Option(help: ArgumentHelp("Compare and record only these named cells (-- @name NAME); the cells before them run to reach them.",
                               valueName: "name,…"), transform: NotebookOptions.names)
    var only: [String]?

    @Option(help: ArgumentHelp("Compare and record from this named cell on; the cells before it run to reach it.", valueName: "name"))
    var from: String?

    var selection: CellSelection {
        if let only { return .only(only) }
        if let from { return .from(from) }
        return .all
    }

    var runner: NotebookRunner { running.runner(selection: selection) }

    /// `-p NAME=VALUE`, VALUE as an SQL literal.
    struct Parameter {
        var name: String
        var literal: String
    }

    static func parameter(_ text: String) throws -> Parameter {
        guard let equal = text.firstIndex(of: "="), NotebookParameter.isName(String(text[..<equal])) else {
            throw ValidationError(.parameterForm)
        }
        return Parameter(name: String(text[..<equal]), literal: NotebookParameter.literal(commandLine: String(text[text.index(after: equal)...])))
    }

    /// The values by name; a name given twice takes its last value.
    static func values(_ parameters: [Parameter]) -> [String: String] {
        Dictionary(parameters.map { ($0.name, $0.literal) }, uniquingKeysWith: { $1 })
    }

    func validate() throws {
        if only != nil, from != nil { throw ValidationError(.onlyAndFrom) }
    }

    static func names(_ text: String) throws -> [String] {
        guard let names = CellSelection.names(text) else {
            throw ValidationError(.onlyForm)
        }
        return names
    }

    /// Loads each notebook in turn; one that cannot be read or parsed is
    /// reported and makes the status 2, and the others still run.
    func forEach(builtIn: Bool = true, _ body: (Notebook) throws -> Int32) -> Int32 {
        var status: Int32 = 0
        for file in files {
            do {
                if !builtIn, !file.contains("/"), !FileManager.default.fileExists(atPath: file), Tour.notebook(named: file) != nil {
                    throw NotebookError(path: file, line: 0, .builtIn(file))
                }
                status = max(status, try body(builtIn ? Notebook.loadOrBuiltIn(file) : Notebook.load(file)))
            } catch let error as NotebookError {
                writeToStandardError(error.description + "\n")
                status = 2
            } catch {
                writeToStandardError("\(file): error: \(error)\n")
                status = 2
            }
        }
        return status
    }
}

extension CellTimeLimit {
    /// `--timeout DURATION`, or a usage error that says how to write one.
    static func argument(_ text: String) throws -> CellTimeLimit {
        guard let limit = CellTimeLimit(text) else { throw ValidationError(CellTimeLimit.usage) }
        return limit
    }
}

/// `rql run FILE...`: runs notebooks and prints what each cell prints.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql run",
        abstract: "Run notebooks and print each command with its fresh output.",
        discussion: """
            Each notebook runs on a fresh private copy of its @sample or @db, in safe mode, \
            with its clock pinned. --step is the teaching mode: the prose is shown as \
            narration and each command waits for a key: Enter runs it, q quits at once, \
            any other key is ignored. At an exercise (-- @exercise NAME) it shows the \
            question, not the answer, and reads yours at `your answer> `: right, or wrong \
            with the smallest database where it differs; s shows the reference, n skips.

            Exit status: 0 clean, 1 an output differs from the recorded one, a command was \
            never recorded or failed unexpectedly, 2 a notebook that cannot be read or opened.
            """)

    @OptionGroup var options: NotebookOptions

    @Flag(help: "Show the prose as narration and wait before each command: Enter runs it, q quits.")
    var step = false

    func run() throws {
        let console = ByteOutput.standard(STDOUT_FILENO)
        let exercises = step ? ExercisePrompt(grader: ExerciseGrader(runner: options.runner), console: console) : nil
        let status = options.forEach { notebook in
            defer { console.flush() }
            let transcript = NotebookTranscript(notebook, to: console)
            // Exercises the learner skipped: their references run unseen.
            var unseen: Set<Int> = []
            let run = try options.runner.run(notebook, before: { index, cell in
                guard step else {
                    transcript.writeCommand(cell)
                    return true
                }
                for line in transcript.narration(before: cell) { console.write(line.isEmpty ? "\n" : "  " + line + "\n") }
                if let name = cell.exercise, let exercises {
                    switch exercises.ask(name, in: notebook) {
                    case .reference: break
                    case .skipped:
                        unseen.insert(index)
                        return true
                    case .quit: return false
                    }
                    transcript.writeCommand(cell)
                    return true
                }
                transcript.writeCommand(cell)
                console.write("[Enter runs it, q quits] ")
                console.flush()
                let key = StepKey.read()
                console.write("\n")
                return key == .run
            }, after: { index, _, outcome in
                guard !unseen.contains(index) else { return }
                transcript.writeOutcome(outcome)
                if step { console.write("\n") }
            })
            return report(NotebookCheck(notebook, run), diff: false, to: console)
        }
        try finish(console, status: status)
    }
}

/// `rql check FILE...`: compares fresh outputs with the recorded ones.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql check",
        abstract: "Check that notebooks still print what they recorded.",
        discussion: """
            Prints a unified diff for each notebook whose outputs drifted, with FILE:LINE of \
            each drifting command, then a summary line per notebook. With -j, notebooks are \
            checked side by side, each in its own session, and reported in the order given.

            Exit status: 0 clean, 1 drift, unrecorded commands or an unexpected error, \
            2 a notebook that cannot be read or opened, or a report that cannot be written.
            """)

    @OptionGroup var options: NotebookOptions

    @Option(name: [.customShort("j"), .customLong("jobs")],
            help: ArgumentHelp("Check this many notebooks at a time.", valueName: "n"))
    var jobs = 1

    @Flag(help: "Stop at the first notebook that fails (notebooks already being checked finish).")
    var failFast = false

    @Option(help: ArgumentHelp("Write a JUnit XML report there: a testsuite per notebook, a testcase per command.",
                               valueName: "file"))
    var junit: String?

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError(.jobs) }
        if let junit, let notebook = options.files.first(where: { FileIdentity.same($0, junit) }) {
            throw ValidationError(.overwritesNotebook(option: "--junit", file: junit, notebook: notebook, writes: "the report"))
        }
    }

    func run() throws {
        let console = ByteOutput.standard(STDOUT_FILENO)
        let runner = options.runner
        var status: Int32 = 0
        var report = JUnitReport()
        let failFast = failFast
        inOrder(options.files, jobs: jobs, stops: { failFast && $0.fails }, work: { file -> JUnitReport.Entry in
            do {
                let notebook = try Notebook.loadOrBuiltIn(file)
                return .checked(NotebookCheck(notebook, try runner.run(notebook)))
            } catch let error as NotebookError {
                return .unreadable(path: file, error)
            } catch {
                return .unreadable(path: file, NotebookError(path: file, line: 0, .unexpected("\(error)")))
            }
        }, deliver: { outcome in
            let notebookStatus: Int32
            switch outcome {
            case .checked(let check):
                notebookStatus = rql.report(check, diff: true, to: console)
            case .unreadable(_, let error):
                writeToStandardError(error.description + "\n")
                notebookStatus = 2
            }
            report.entries.append(outcome)
            status = max(status, notebookStatus)
        })
        if let junit, !write(report, to: junit) { status = 2 }
        try finish(console, status: status)
    }
}

/// Writes `--junit FILE` atomically; false, with the reason said, when it cannot be written.
func write(_ report: JUnitReport, to path: String) -> Bool {
    do {
        try AtomicFile.replace(path, with: Data(report.xml.utf8), permissions: 0o644)
        return true
    } catch {
        printError(.junitNotWritten("\(error)"))
        return false
    }
}

/// `rql update FILE...`: records fresh outputs in place.
struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql update",
        abstract: "Record fresh outputs in notebooks, in place.",
        discussion: """
            Only the output blocks that changed are rewritten; prose, commands and directives \
            stay byte for byte. A notebook with nothing to change is not touched. The file is \
            replaced atomically (a link's target, for a link) and keeps its owner and mode; a \
            read-only notebook is refused, and one that changed on disk while rql ran it is \
            left alone.

            Exit status: 0 clean, 1 a command failed unexpectedly (its error is recorded too), \
            2 a notebook that cannot be read, opened or written, or that changed meanwhile.
            """)

    @OptionGroup var options: NotebookOptions

    func run() throws {
        let console = ByteOutput.standard(STDOUT_FILENO)
        let status = options.forEach(builtIn: false) { notebook in
            let check = NotebookCheck(notebook, try options.runner.run(notebook))
            let written = try notebook.write(replacingOutputs: check.updates)
            let cells = check.updates.count
            console.write("\(notebook.path): " + (written ? "updated \(cells) \(cells == 1 ? "cell" : "cells")" : "up to date") + "\n")
            console.flush()
            for line in check.problems { writeToStandardError(line + "\n") }
            return check.errorCount == 0 ? 0 : 1
        }
        try finish(console, status: status)
    }
}

/// Prints a check's problems (and its diff, to `output`), then its summary;
/// returns its exit status.
func report(_ check: NotebookCheck, diff: Bool, to output: ByteOutput) -> Int32 {
    if diff {
        output.write(visible: check.diff)
        output.flush()
    }
    var lines = check.problems
    if diff || check.exitStatus != 0 { lines.append(check.summary) }
    for line in lines { writeToStandardError(line + "\n") }
    return check.exitStatus
}

/// `rql export FILE --to md|html [-o OUT]`: a notebook as Markdown or one HTML page.
struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md, html
    }

    static let configuration = CommandConfiguration(
        commandName: "rql export",
        abstract: "Export a notebook to Markdown or to one self-contained HTML page.",
        discussion: """
            Built from the recorded outputs, with no database: result tables are read back \
            into rows and columns, errors become notes, other output stays preformatted. \
            --execute runs the notebook first (in safe mode unless --unsafe) and renders its \
            fresh outputs with their values: NULL apart from the text 'NULL', numbers apart \
            from text, and values and columns whole where the box cut or hid them.
            HTML has inline CSS (light and dark), no scripts and nothing fetched from the \
            network, a table of contents from the headings, highlighted commands and NULL styled. \
            Values are never read as markup, and control characters show as symbols in both formats.

            Exit status: 0 written, 1 (with --execute) written but a command failed unexpectedly, \
            2 a notebook that cannot be read or opened, or a file that cannot be written.
            """)

    @Argument(help: ArgumentHelp("The notebook (.rql).", valueName: "file"))
    var file: String

    @Option(help: "md or html.")
    var to: Format

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write (default: standard output).", valueName: "out"))
    var output: String?

    @Flag(help: "Run the notebook and export its fresh outputs instead of the recorded ones.")
    var execute = false

    @Flag(help: "With --execute: let the notebook reach files outside its private database.")
    var unsafe = false

    @Option(help: ArgumentHelp("With --execute: how long each command may run (default 30s).", valueName: "duration"),
            transform: CellTimeLimit.argument)
    var timeout: CellTimeLimit?

    @Option(name: .customShort("p"), help: ArgumentHelp("With --execute: give the notebook's -- @param NAME this value.",
                                                        valueName: "name=value"), transform: NotebookOptions.parameter)
    var parameters: [NotebookOptions.Parameter] = []

    func validate() throws {
        if unsafe, !execute { throw ValidationError(.withoutExecute("--unsafe")) }
        if timeout != nil, !execute { throw ValidationError(.withoutExecute("--timeout")) }
        if !parameters.isEmpty, !execute { throw ValidationError(.withoutExecute("-p")) }
        if let output, FileIdentity.same(file, output) {
            throw ValidationError(.overwritesNotebook(option: "-o", file: output, notebook: file, writes: "the export"))
        }
    }

    func run() throws {
        let notebook: Notebook
        let run: NotebookRun?
        do {
            notebook = try Notebook.loadOrBuiltIn(file)
            run = execute ? try NotebookRunner(safe: !unsafe, logsResults: true, timeLimit: timeout ?? .standard,
                                               parameters: NotebookOptions.values(parameters)).run(notebook) : nil
        } catch let error as NotebookError {
            writeToStandardError(error.description + "\n")
            throw ExitCode(2)
        }
        let text = to == .md ? MarkdownExport.render(notebook, run: run) : HTMLExport.render(notebook, run: run)
        let console = ByteOutput.standard(STDOUT_FILENO)
        if let output {
            do {
                try AtomicFile.replace(output, with: Data(text.utf8), permissions: 0o644)
            } catch {
                printError("\(error)")
                throw ExitCode(2)
            }
        } else {
            console.write(text)
            console.flush()
        }
        let problems = run.map { NotebookCheck(notebook, $0).problems } ?? []
        for problem in problems { writeToStandardError(problem + "\n") }
        try finish(console, status: problems.isEmpty ? 0 : 1, failure: 2)
    }
}

import RQLLanguage

/// The words of problems with dot-commands: their names and arguments,
/// and what each one cannot do.
extension CommandProblem {
    var dotCommandWording: Wording? {
        switch self {
        case .usage(let command, let usage):
            return Wording("usage: \(usage)", notes: [.plain(".help \(command.dropFirst()) explains it")])
        case .missingCommandName:
            return Wording("a dot-command needs a name after the period", notes: [.plain(".help lists them")])
        case .unknownCommand(let name):
            return Wording("unknown command: .\(name)", notes: [Self.didYouMean(name, in: DotCommand.all.map(\.name), prefix: "."),
                                                                .plain(".help lists the dot-commands")].compactMap { $0 })
        case .ambiguousCommand(let name, let candidates):
            return Wording(".\(name) could be " + candidates.map { "." + $0 }.joined(separator: ", "),
                           notes: [.plain("type more of the name")])
        case .unknownFlag(let command, let flag, let usage):
            return Wording("unknown option \(flag) for \(command)", notes: [.plain("usage: \(usage)")])
        case .notOnOff(let command, let given):
            return Wording("\(command) takes on or off, not \"\(given)\"")
        case .notANumber(let command, let expected, let given):
            return Wording("\(command) takes \(expected), not \"\(given)\"")
        case .notAChoice(let command, let choices, let noun, let given):
            return Wording("\(command) takes \(noun.map { "a " + $0 } ?? Suggestions.phrase(choices)), not \"\(given)\"",
                           notes: [Self.didYouMean(given, in: choices), noun.map { .plain("\($0)s: " + choices.joined(separator: " ")) }]
                               .compactMap { $0 })
        case .unterminatedQuote(let quote):
            return Wording("unterminated \(quote) quote in the command", notes: [.note("inside quotes, write a quote twice: 'O''Neil'")])
        case .noHelp(let name):
            return Wording("no help for \"\(name)\": there is no such command or DSL stage", notes: [Self.helpSuggestion(name)])
        default:
            return queryCommandWording ?? sessionCommandWording
        }
    }

    /// The words of problems with `.explain`, `.last` and `.parameter`.
    private var queryCommandWording: Wording? {
        switch self {
        case .explainWithoutQuery:
            return Wording(".explain takes an SQL or DSL query", notes: [.plain("usage: .explain reminders | where isFlagged")])
        case .explainSeveral(let count, let first):
            return Wording(".explain takes one query; this holds \(count) statements",
                           notes: [.help("explain each on its own: .explain \(first)")])
        case .explainDefinition:
            return Wording(".explain takes a query, not a definition")
        case .summarizeWhat:
            return Wording(".summarize needs a table, a view or a query (SQL or the DSL)",
                           notes: [.plain("for example: .summarize reminders, or .summarize reminders | where isFlagged")])
        case .expertWhat:
            return Wording(".expert takes one query or statement: SQL or the DSL",
                           notes: [.plain("for example: .expert SELECT * FROM reminders WHERE dueDate < date('now')")])
        case .expertCopy(let reason):
            return Wording("cannot make the copy of the schema that .expert tries indexes on: \(reason)")
        case .summarizeNotQuery:
            return Wording(".summarize reads the rows of a query; this statement returns none, or changes the database")
        case .nothingShownYet:
            return Wording("no query has shown rows yet")
        case .lastNotKept:
            return Wording(".last shows rows kept at the prompt; here none are kept")
        case .lastTooBig(let rows, let mebibytes):
            return Wording("the last result was too big to keep (more than \(rows) rows or \(mebibytes) MiB)",
                           notes: [.plain("run the query again, perhaps with .once FILE")])
        case .noParameter(let name):
            return Wording("no parameter named \(name)")
        case .badParameterName(let name):
            return Wording("parameter names start with :, $, @ or ? (as in :name or ?1), not \"\(name)\"")
        case .unnumberedParameter:
            return Wording("a ? parameter is numbered: ?1, ?2, …")
        default:
            return nil
        }
    }

    /// The words of problems with the shell, `.record`, `.sample`, `.reset` and `.read`.
    private var sessionCommandWording: Wording? {
        switch self {
        case .cannotChangeFolder(let folder, let exists, let isFolder):
            return Wording("cannot change to \(folder): " + (!exists ? "no such folder" : isFolder ? "permission denied" : "it is a file"))
        case .cannotRun(let program, let reason):
            return Wording("cannot run \(program): \(reason)")
        case .shellStatus(let status):
            return Wording("the command ended with status \(status)")
        case .editOutsidePrompt:
            return Wording(".edit opens an editor at the interactive prompt; here there is none",
                           notes: [.plain("write the commands themselves in the script")])
        case .editorNotFound(let editor, let variable):
            let source = variable.map { "$\($0) says \(editor)" } ?? "neither $VISUAL nor $EDITOR is set, and vi"
            return Wording("cannot start the editor: \(source), which is not installed or cannot run",
                           notes: [.plain("set $VISUAL or $EDITOR to an editor that is installed: export EDITOR=nano")])
        case .editorFailed(let editor, let how):
            return Wording("the editor \(editor) \(how): nothing was run")
        case .editedNothing:
            return Wording("the edited text is empty: nothing was run")
        case .editFile(let reason):
            return Wording("cannot make the file to edit: \(reason)")
        case .pipeWithoutCommand:
            return Wording("a pipe needs a command after |: .output '|wc -l'")
        case .cannotMakePipe(let command, let reason):
            return Wording("cannot make a pipe into \(command): \(reason)")
        case .notAvailable(let command):
            return Wording("\(command) is not available here")
        case .recordNotNotebook(let path):
            return Wording(".record writes a notebook: name it FILE.rql, not \(path)")
        case .notRecording:
            return Wording("nothing is being recorded", notes: [.plain(".record FILE.rql starts")])
        case .resetNotSample(let target):
            return Wording(".reset rebuilds a sample, and \(target) is a file", notes: [.plain(".sample NAME opens a sample")])
        case .unknownSample(let name):
            return Wording("no sample named \"\(name)\"", notes: [Self.didYouMean(name, in: Sample.names),
                                                                  .plain("samples: " + Sample.names.joined(separator: " "))].compactMap { $0 })
        case .readTooDeep(let path, let levels):
            return Wording(".read is nested more than \(levels) deep (does \(path) read itself?)")
        case .readFailures(let failures, let commands, let path):
            return Wording("\(failures) of \(commands) commands in \(path) failed")
        default:
            return nil
        }
    }

    /// For `.help NAME`: the nearest stage (unless NAME is `.name`), else
    /// the nearest dot-command, else where the names are listed.
    private static func helpSuggestion(_ name: String) -> DiagnosticNote {
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        let stage = name.hasPrefix(".") ? nil : didYouMean(bare, in: DSLReference.stages.map(\.name) + ["dsl"])
        return stage ?? didYouMean(bare, in: DotCommand.all.map(\.name), prefix: ".")
            ?? .plain(".help lists the dot-commands; .help dsl the query language")
    }
}

extension DiagnosticNote {
    /// After an error writing the notebook being recorded.
    static let recordingStopped = DiagnosticNote.plain("recording stopped; .record FILE.rql starts again")
}

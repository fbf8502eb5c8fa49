import RQLLanguage

/// What can be wrong with a command, each worded here once. A
/// `CommandError` made from one takes its message and notes.
enum CommandProblem {
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

    var message: String {
        switch self {
        case .usage(_, let usage): return "usage: \(usage)"
        case .missingCommandName: return "a dot-command needs a name after the period"
        case .unknownCommand(let name): return "unknown command: .\(name)"
        case .ambiguousCommand(let name, let candidates): return ".\(name) could be " + candidates.map { "." + $0 }.joined(separator: ", ")
        case .unknownFlag(let command, let flag, _): return "unknown option \(flag) for \(command)"
        case .notOnOff(let command, let given): return "\(command) takes on or off, not \"\(given)\""
        case .notANumber(let command, let expected, let given): return "\(command) takes \(expected), not \"\(given)\""
        case .notAChoice(let command, let choices, let noun, let given):
            return "\(command) takes \(noun.map { "a " + $0 } ?? CommandProblem.listing(choices)), not \"\(given)\""
        }
    }

    var notes: [DiagnosticNote] {
        switch self {
        case .usage(let command, _): return [.plain(".help \(command.dropFirst()) explains it")]
        case .missingCommandName: return [.plain(".help lists them")]
        case .unknownCommand(let name):
            let suggestion = Suggestions.didYouMean(name, in: DotCommand.all.map(\.name), prefix: ".")
            return [suggestion.map(DiagnosticNote.plain), .plain(".help lists the dot-commands")].compactMap { $0 }
        case .ambiguousCommand: return [.plain("type more of the name")]
        case .unknownFlag(_, _, let usage): return [.plain("usage: \(usage)")]
        case .notOnOff, .notANumber: return []
        case .notAChoice(_, let choices, let noun, let given):
            let suggestion = Suggestions.didYouMean(given, in: choices).map(DiagnosticNote.plain)
            return [suggestion, noun.map { .plain("\($0)s: " + choices.joined(separator: " ")) }].compactMap { $0 }
        }
    }

    /// `a, b or c`.
    private static func listing(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension CommandError {
    init(_ problem: CommandProblem) {
        self.init(problem.message, notes: problem.notes.map(\.text))
    }
}

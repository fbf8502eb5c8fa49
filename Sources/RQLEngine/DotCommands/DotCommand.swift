import RQLLanguage

/// A dot-command: its name, how to call it, what it does, and its handler.
struct DotCommand: Sendable {
    let name: String
    /// `.mode [MODE]`
    let usage: String
    let summary: String
    /// Longer help for `.help NAME`.
    var details: String = ""
    /// Allowed argument counts.
    let arguments: ClosedRange<Int>
    /// Takes the rest of the line as written, as one argument (a query),
    /// instead of shell-like words.
    var takesRawText = false
    /// What Tab offers for its arguments.
    var completes: ArgumentCompletion = .nothing
    /// It opens or writes files: safe mode refuses it.
    var touchesFiles = false
    let run: @Sendable (Session, [String]) throws -> Void

    func usageError() -> CommandError {
        CommandError("usage: \(usage)", notes: [".help \(name) explains it"])
    }
}

extension DotCommand {
    /// What Tab offers after a dot-command's name.
    enum ArgumentCompletion: Sendable {
        case nothing, onOff, modes, tables, triggers, samples, commands, files
        case words([String])
    }
}

extension DotCommand {
    /// Every dot-command, in `.help` order.
    static let all: [DotCommand] = sessionCommands + databaseCommands + outputCommands + schemaCommands + describeCommands + triggerCommands + viewCommands + ftsCommands
        + catalogCommands + profilerCommands + queryCommands + parameterCommands + clockCommands + tourCommands

    static func named(_ name: String) -> DotCommand? {
        all.first { $0.name == name }
    }

    /// Parses `on`/`off` (also `yes`/`no`, `1`/`0`, `true`/`false`).
    static func flag(_ text: String, for command: String) throws -> Bool {
        switch text.lowercased() {
        case "on", "yes", "1", "true": return true
        case "off", "no", "0", "false": return false
        default: throw CommandError("\(command) takes on or off, not \"\(text)\"")
        }
    }
}

extension Session {
    /// Runs a dot-command line: the name, then arguments split like a shell's.
    func runDotCommand(_ line: String) throws {
        let body = line.dropFirst()
        let commandName = body.prefix(while: { !$0.isWhitespace })
        if let command = DotCommand.named(commandName.lowercased()), command.takesRawText {
            let text = String(body.dropFirst(commandName.count)).trimmingTrailingWhitespace()
            guard !text.isEmpty else { throw command.usageError() }
            try command.run(self, [text])
            return
        }
        let words = try ShellWords.split(String(body))
        guard let name = words.first?.lowercased() else {
            throw CommandError("a dot-command needs a name after the period", notes: [".help lists them"])
        }
        guard let command = DotCommand.named(name) else {
            let suggestion = Suggestions.didYouMean(name, in: DotCommand.all.map(\.name), prefix: ".")
            throw CommandError("unknown command: .\(name)",
                               notes: [suggestion, ".help lists the dot-commands"].compactMap { $0 })
        }
        let arguments = Array(words.dropFirst())
        guard command.arguments.contains(arguments.count) else { throw command.usageError() }
        if command.touchesFiles, connectionSetup.safe {
            throw SafeMode.refusedError(".\(name) would reach a file outside the private database")
        }
        try command.run(self, arguments)
    }
}

/// Splits a dot-command line into words like a shell: blanks separate words,
/// a single or double quote at the start of a word groups it up to the closing
/// quote, and a backslash in double quotes escapes. A quote inside a word
/// (`x'00ff'`, `it's`) is an ordinary character.
enum ShellWords {
    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in line {
            if escaping {
                word.append(character)
                escaping = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaping = true
                } else {
                    word.append(character)
                }
            } else if !inWord, character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if let open = quote { throw CommandError("unterminated \(open) quote in the command") }
        if inWord { words.append(word) }
        return words
    }
}

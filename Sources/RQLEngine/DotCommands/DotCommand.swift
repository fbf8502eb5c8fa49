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
    /// instead of words.
    var takesRawText = false
    /// The arguments from this position on are one argument, as written
    /// (`.parameter set NAME VALUE`: VALUE is an SQL expression, quotes and all).
    var keepsTextFrom: Int?
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
        + shellHabitCommands

    /// Names the sqlite3 shell gives to rql's commands.
    static let aliases: [String: String] = ["header": "headers", "indices": "indexes", "system": "shell"]

    /// A command by its name, by the name sqlite3 gives it, or by the start
    /// of one name alone (`.tab` is `.tables`).
    static func named(_ name: String) -> DotCommand? {
        if let exact = all.first(where: { $0.name == name }) { return exact }
        if let alias = aliases[name] { return all.first { $0.name == alias } }
        let candidates = startingWith(name)
        return candidates.count == 1 ? candidates.first : nil
    }

    /// The commands whose names start with `prefix`.
    static func startingWith(_ prefix: String) -> [DotCommand] {
        prefix.isEmpty ? [] : all.filter { $0.name.hasPrefix(prefix) }
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
    /// Runs a dot-command line: the name, then its arguments as words.
    func runDotCommand(_ line: String) throws {
        let body = String(line.dropFirst())
        let commandName = body.prefix(while: { !$0.isWhitespace })
        if let command = DotCommand.named(commandName.lowercased()), command.takesRawText {
            let text = String(body.dropFirst(commandName.count)).trimmingTrailingWhitespace()
            guard !text.isEmpty else { throw command.usageError() }
            try refuseInSafeMode(command)
            try command.run(self, [text])
            return
        }
        let words = try DotCommandWords.split(body)
        guard let name = words.first?.text.lowercased() else {
            throw CommandError("a dot-command needs a name after the period", notes: [".help lists them"])
        }
        guard let command = DotCommand.named(name) else {
            let candidates = DotCommand.startingWith(name)
            if candidates.count > 1 {
                throw CommandError(".\(name) could be " + candidates.map { "." + $0.name }.joined(separator: ", "),
                                   notes: ["type more of the name"])
            }
            let suggestion = Suggestions.didYouMean(name, in: DotCommand.all.map(\.name), prefix: ".")
            throw CommandError("unknown command: .\(name)",
                               notes: [suggestion, ".help lists the dot-commands"].compactMap { $0 })
        }
        var arguments = words.dropFirst().map(\.text)
        if let kept = command.keepsTextFrom, arguments.count > kept {
            let written = String(body[words[kept + 1].start...]).trimmingTrailingWhitespace()
            arguments = Array(arguments.prefix(kept)) + [written]
        }
        guard command.arguments.contains(arguments.count) else { throw command.usageError() }
        try refuseInSafeMode(command)
        try command.run(self, arguments)
    }

    private func refuseInSafeMode(_ command: DotCommand) throws {
        if command.touchesFiles, connectionSetup.safe {
            throw SafeMode.refusedError(".\(command.name) would reach a file outside the private database")
        }
    }
}

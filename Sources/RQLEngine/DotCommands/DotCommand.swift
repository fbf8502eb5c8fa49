import RQLLanguage

/// A dot-command: its name, what it takes, what it does, and its handler.
struct DotCommand: Sendable {
    let name: String
    let syntax: DotSyntax
    /// `.mode [MODE]`, from the syntax.
    let usage: String
    let summary: String
    /// Longer help for `.help NAME`.
    let details: String
    /// It opens or writes files: safe mode refuses it.
    let touchesFiles: Bool
    /// What a sandbox does with it.
    let inSandbox: SandboxRole
    let run: @Sendable (Session, DotArguments) throws -> Void

    /// How a command meets `.sandbox on` (`Session.performInSandbox`).
    enum SandboxRole: Sendable {
        /// It runs after a savepoint of its own, as SQL does.
        case savepoint
        /// It would close or replace the database the sandbox holds: refused.
        case closesDatabase
        /// It works on the savepoints itself (`.sandbox`, `.undo`), or
        /// rolls back what it ran (`.preview`): no savepoint of its own.
        case outsideSavepoints
    }

    init(name: String, _ syntax: DotSyntax = .none, summary: String, details: String = "", touchesFiles: Bool = false,
         inSandbox: SandboxRole = .savepoint, run: @escaping @Sendable (Session, DotArguments) throws -> Void) {
        self.name = name
        self.syntax = syntax
        self.usage = "." + name + syntax.usage
        self.summary = summary
        self.details = details
        self.touchesFiles = touchesFiles
        self.inSandbox = inSandbox
        self.run = run
    }

    /// The command a dot-command line names, as `runDotCommand` finds it;
    /// nil for a name it would not run.
    static func invoked(by line: String) -> DotCommand? {
        named(line.dropFirst().prefix { !$0.isWhitespace }.lowercased())
    }

    func usageError() -> CommandError {
        CommandError(.usage(command: "." + name, usage: usage))
    }
}

extension DotCommand {
    /// Every dot-command, in `.help` order.
    static let all: [DotCommand] = sessionCommands + databaseCommands + outputCommands + schemaCommands + describeCommands + triggerCommands + viewCommands + ftsCommands
        + catalogCommands + profilerCommands + queryCommands + parameterCommands + clockCommands + tourCommands
        + shellHabitCommands + sandboxCommands

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
}

extension Session {
    /// Runs a dot-command line: the name, then its arguments, read by the
    /// command's syntax.
    func runDotCommand(_ line: String) throws {
        let body = String(line.dropFirst())
        let commandName = body.prefix(while: { !$0.isWhitespace })
        if let command = DotCommand.named(commandName.lowercased()), command.syntax.takesText {
            let text = String(body.dropFirst(commandName.count)).trimmingTrailingWhitespace()
            guard !text.isEmpty, case .value(let value)? = command.syntax.forms.first?.first else { throw command.usageError() }
            var arguments = DotArguments()
            arguments.add(.text(text), for: value)
            try refuseInSafeMode(command)
            return try command.run(self, arguments)
        }
        let words = try DotCommandWords.split(body)
        guard let name = words.first?.text.lowercased() else { throw CommandError(.missingCommandName) }
        guard let command = DotCommand.named(name) else {
            let candidates = DotCommand.startingWith(name)
            throw CommandError(candidates.count > 1 ? .ambiguousCommand(name, candidates: candidates.map(\.name)) : .unknownCommand(name))
        }
        let arguments = try command.syntax.parse(Array(words.dropFirst()), in: body, for: command)
        try refuseInSafeMode(command)
        try command.run(self, arguments)
    }

    private func refuseInSafeMode(_ command: DotCommand) throws {
        if command.touchesFiles, connectionSetup.safe {
            throw CommandError(.refused(.dotCommand(command.name)))
        }
    }
}

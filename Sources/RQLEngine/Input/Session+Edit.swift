import FoundationEssentials

extension Session {
    /// `.edit` and Ctrl-X Ctrl-E at the prompt: opens the person's editor on
    /// `text` (the line being typed, or the last command) and gives the
    /// commands they saved, to run as if typed; nil, with the reason
    /// reported, when there is nothing to run (the editor failed, the file
    /// was left empty, safe mode).
    public func editedCommands(from text: String) -> String? {
        do {
            if connectionSetup.safe { throw CommandError(.refused(.dotCommand("edit"))) }
            output.flush()
            let edited = try ExternalEditor(environment: ProcessInfo.processInfo.environment).edit(text)
            var commands = Substring(edited)
            while let last = commands.last, last.isNewline { commands.removeLast() }
            guard !commands.allSatisfy(\.isWhitespace) else { throw CommandError(.editedNothing) }
            return String(commands)
        } catch {
            report(CommandError.from(error))
            return nil
        }
    }
}

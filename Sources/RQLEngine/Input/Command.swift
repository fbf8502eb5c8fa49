import RQLLanguage

/// One command for a `Session`: a dot-command line, one SQL statement, or a
/// DSL query, with the line of its source where it starts.
public struct Command: Equatable, Sendable {
    public var language: InputLanguage
    public var text: String
    /// 1-based line in the script or notebook it came from.
    public var line: Int

    public init(_ language: InputLanguage, _ text: String, line: Int = 1) {
        self.language = language
        self.text = text
        self.line = line
    }
}

extension Command {
    /// The command as it is typed: its first line after `prompt`, the
    /// others after the continuation prompt, each ending with a newline.
    public func typed(after prompt: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
            (offset == 0 ? prompt : language.continuationPrompt) + line + "\n"
        }.joined()
    }
}

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

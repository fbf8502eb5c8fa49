/// A line an error prints after its snippet.
public enum DiagnosticNote: Equatable, Hashable, Sendable {
    /// `help: …`: what to write instead.
    case help(String)
    /// `note: …`: a fact that explains the error.
    case note(String)
    /// A line as it is: what happened to a transaction, where to read more.
    case plain(String)

    /// The line as printed.
    public var text: String {
        switch self {
        case .help(let text): return "help: " + text
        case .note(let text): return "note: " + text
        case .plain(let text): return text
        }
    }
}

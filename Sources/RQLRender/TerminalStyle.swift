/// ANSI styling for terminal output; a no-op when colors are off.
public struct TerminalStyle: Sendable {
    public enum Role: Sendable {
        case null, footer, error, caret, note, keyword, type

        var code: String {
            switch self {
            case .null, .footer, .note, .type: "\u{1B}[2m"
            case .error: "\u{1B}[31m"
            case .caret: "\u{1B}[1;31m"
            case .keyword: "\u{1B}[36m"
            }
        }
    }

    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// `text` in the role's style, as a string.
    public func text(_ text: String, as role: Role) -> String {
        isEnabled ? role.code + text + "\u{1B}[0m" : text
    }

    public func write(_ text: String, as role: Role, to output: ByteOutput) {
        guard isEnabled else {
            output.write(text)
            return
        }
        output.write(role.code)
        output.write(text)
        output.write("\u{1B}[0m")
    }
}

import RQLEngine

/// A notebook that cannot be read: where, and why.
public struct NotebookError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Reason: Error, Equatable, Sendable {
        public var message: String
        public var help: String?

        public init(_ message: String, help: String? = nil) {
            self.message = message
            self.help = help
        }
    }

    public let path: String
    /// 1-based; 0 for the file as a whole.
    public let line: Int
    public let reason: Reason

    public init(path: String, line: Int, _ reason: Reason) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `FILE:LINE: error: MESSAGE`, then `help: …` when there is help.
    public var description: String {
        let location = line > 0 ? "\(path):\(line)" : path
        return "\(location): error: \(reason.message)" + (reason.help.map { "\nhelp: \($0)" } ?? "")
    }
}

extension NotebookError {
    /// This error as the error of a command that met it (`.read`, `.record`):
    /// `PREFIX: LOCATION MESSAGE`, where `location` writes the line, and
    /// the help as a note.
    func commandError(_ prefix: String, location: (Int) -> String) -> CommandError {
        CommandError(.notebook("\(prefix): \(line > 0 ? location(line) : "")\(reason.message)", help: reason.help))
    }
}

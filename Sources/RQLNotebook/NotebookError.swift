/// A notebook that cannot be read: where, and why. Its words come from
/// `NotebookProblem`.
public struct NotebookError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    /// 1-based; 0 for the file as a whole.
    public let line: Int
    public let problem: NotebookProblem

    public init(path: String, line: Int, _ problem: NotebookProblem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// `FILE:LINE: error: MESSAGE`, then `help: …` when there is help.
    public var description: String {
        let location = line > 0 ? "\(path):\(line)" : path
        return "\(location): error: \(problem.message)" + (problem.help.map { "\nhelp: \($0)" } ?? "")
    }
}

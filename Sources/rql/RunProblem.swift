/// What can go wrong while rql runs, outside any command, each worded here
/// once; printed after `rql: ` on standard error.
enum RunProblem {
    case noLineEditor
    /// `~/.rqlrc` or `--init FILE` that cannot be read, and why.
    case unreadableStartupFile(String, reason: String)
    /// The history file that cannot be written, in the words of its error.
    case historyNotSaved(String)
    /// `--junit FILE` that cannot be written, in the words of its error.
    case junitNotWritten(String)

    var message: String {
        switch self {
        case .noLineEditor: return "cannot start the line editor on this terminal"
        case .unreadableStartupFile(let path, let reason): return "cannot read the start-up file \(path): \(reason)"
        case .historyNotSaved(let error): return "\(error); the history is kept for this session only"
        case .junitNotWritten(let error): return "cannot write the JUnit report: \(error)"
        }
    }
}

/// Writes `problem` to standard error, after `rql: `.
func printError(_ problem: RunProblem) {
    printError(problem.message)
}

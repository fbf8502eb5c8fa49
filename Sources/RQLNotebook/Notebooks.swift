import RQLEngine

/// Notebooks as a session's commands reach them: `.read FILE.rql` and
/// `.record FILE.rql`.
///
///     session.notebooks = Notebooks()
public struct Notebooks: NotebookSupport {
    public init() {}

    /// Every cell not marked `@skip`, recorded outputs ignored. A notebook
    /// that does not parse is an error of the `.read` command.
    public func commands(path: String, text: String) throws -> [Command] {
        do {
            return try Notebook(text: text, path: path).cells.filter { !$0.skipped }.map(\.command)
        } catch let error as NotebookError {
            let location = error.line > 0 ? "\(path):\(error.line): " : ""
            throw CommandError("cannot read the notebook: \(location)\(error.reason.message)",
                               notes: error.reason.help.map { ["help: " + $0] } ?? [])
        }
    }

    public func recorder(path: String, target: DatabaseTarget) throws -> any CellRecorder {
        try NotebookRecorder(path: path, target: target)
    }
}

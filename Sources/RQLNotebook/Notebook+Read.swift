import RQLEngine

extension Notebook {
    /// The commands `.read FILE.rql` runs: every cell not marked `@skip`,
    /// recorded outputs ignored. A notebook that does not parse is an error
    /// of the `.read` command.
    @Sendable public static func commandsForRead(path: String, text: String) throws -> [Command] {
        do {
            return try Notebook(text: text, path: path).cells.filter { !$0.skipped }.map(\.command)
        } catch let error as NotebookError {
            let location = error.line > 0 ? "\(path):\(error.line): " : ""
            throw CommandError("cannot read the notebook: \(location)\(error.reason.message)",
                               notes: error.reason.help.map { ["help: " + $0] } ?? [])
        }
    }
}

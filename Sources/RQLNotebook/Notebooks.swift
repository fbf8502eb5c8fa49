import RQLEngine
import RQLRender

/// Notebooks as a session's commands reach them: `.read FILE.rql`,
/// `.record FILE.rql` and `.tour NAME`.
///
///     let session = try Session(options: .init(notebooks: Notebooks()))
public struct Notebooks: NotebookSupport {
    public init() {}

    /// Every cell not marked `@skip` whose `@requires` holds, recorded outputs ignored. A notebook
    /// that does not parse is an error of the `.read` command.
    public func commands(path: String, text: String) throws -> [Command] {
        do {
            let notebook = try Notebook(text: text, path: path)
            return notebook.cells.filter { $0.runs(on: Session.sqliteVersion, in: notebook) }.map(\.command)
        } catch let error as NotebookError {
            throw error.readError
        }
    }

    public func recorder(path: String, target: DatabaseTarget, mode: OutputMode) throws -> any CellRecorder {
        try NotebookRecorder(path: path, target: target, mode: mode)
    }

    /// Each cell that `.read` would run is a step, said with the prose
    /// before it, in a session set up as `rql run` sets one up.
    public func tour(named name: String, text: String, console: ByteOutput,
                     diagnostics: ByteOutput) throws -> (tour: Tour, session: Session) {
        let notebook = try Notebook(text: text, path: "Samples/notebooks/\(name).rql")
        let blocks = NotebookBlock.blocks(of: notebook)
        let steps = notebook.cells.filter { $0.runs(on: Session.sqliteVersion, in: notebook) }.map {
            Tour.Step(narration: blocks.prose(before: $0), command: $0.command, exercise: $0.exercise)
        }
        let session = try NotebookRunner().session(for: notebook, output: console, diagnostics: diagnostics)
        return (Tour(name: name, target: notebook.target, steps: steps), session)
    }

    public func grade(tour name: String, text: String, exercise: String, answer: String) throws -> (isRight: Bool, report: [String]) {
        let grade = try ExerciseGrader().grade(Notebook(text: text, path: "Samples/notebooks/\(name).rql"), exercise: exercise, answer: answer)
        return (grade.isRight, grade.report)
    }
}

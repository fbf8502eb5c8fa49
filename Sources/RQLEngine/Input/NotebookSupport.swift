import RQLRender
/// What the engine asks of notebooks, whose format it does not know: the
/// drivers that do (`rql`, the notebook runner) install one on the session
/// as `Session.notebooks`.
public protocol NotebookSupport {
    /// `.read FILE.rql`: the cells to run, recorded outputs left out.
    func commands(path: String, text: String) throws -> [Command]
    /// `.record FILE.rql`: opens the notebook typed commands are appended
    /// to, starting a new one with `target` as its database.
    func recorder(path: String, target: DatabaseTarget, mode: OutputMode) throws -> any CellRecorder
    /// `.tour NAME`: the steps of the sample notebook `name`, whose text is
    /// `text`, and a session of their own to run in, on the notebook's
    /// database, clock and settings, writing to `console` and `diagnostics`.
    func tour(named name: String, text: String, console: ByteOutput, diagnostics: ByteOutput) throws -> (tour: Tour, session: Session)
    /// A learner's answer to the exercise `exercise` of the sample notebook
    /// `name`, graded: whether it is right, and the lines that say why.
    func grade(tour name: String, text: String, exercise: String, answer: String) throws -> (isRight: Bool, report: [String])
}

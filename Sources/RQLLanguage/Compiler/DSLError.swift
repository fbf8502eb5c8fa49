/// A DSL command that cannot be compiled: what is wrong, and the span it is
/// about. Its words come from `DSLProblem`.
///
/// Rendered like a compiler diagnostic:
///
///     error: no column `titel` in `reminders`
///     reminders | select titel
///                        ^^^^^ unknown column
///     help: did you mean `title`?
public struct DSLError: Error, Equatable, Sendable {
    public var problem: DSLProblem
    public var span: SourceSpan

    public init(_ problem: DSLProblem, at span: SourceSpan) {
        self.problem = problem
        self.span = span
    }

    public var message: String { problem.message }
    /// Printed after the carets.
    public var label: String { problem.label }
    /// Lines printed after the snippet: `help: …` and `note: …`.
    public var notes: [DiagnosticNote] { problem.notes }
    /// Compiling stopped because it was asked to (Ctrl-C, a time limit).
    public var isInterruption: Bool { problem == .interrupted }
}

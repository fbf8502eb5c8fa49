/// A DSL command that cannot be compiled, with the span it is about.
///
/// Rendered like a compiler diagnostic:
///
///     error: no column `titel` in `reminders`
///     reminders | select titel
///                        ^^^^^ unknown column
///     help: did you mean `title`?
public struct DSLError: Error, Equatable, Sendable {
    public var message: String
    public var span: SourceSpan
    /// Printed after the carets.
    public var label: String
    /// Lines printed after the snippet: `help: …` and `note: …`.
    public var notes: [String]
    /// Compiling stopped because it was asked to (Ctrl-C, a time limit).
    public var isInterruption = false

    public init(_ message: String, at span: SourceSpan, label: String = "", notes: [String] = []) {
        self.message = message
        self.span = span
        self.label = label
        self.notes = notes
    }

    /// Compiling was told to stop while at `span`.
    static func interrupted(at span: SourceSpan) -> DSLError {
        var error = DSLError("interrupted", at: span, label: "compiling stopped here")
        error.isInterruption = true
        return error
    }
}

@testable import RQLLanguage

/// A DSL error as it prints: the message, the span under the carets, the
/// label and the notes, for tests to compare with the words they expect.
struct DSLErrorText: Equatable, CustomStringConvertible {
    var message: String
    var span: SourceSpan
    var label: String
    var notes: [String]

    init(_ message: String, at span: SourceSpan, label: String, notes: [String] = []) {
        self.message = message
        self.span = span
        self.label = label
        self.notes = notes
    }

    init(_ error: DSLError) {
        self.init(error.message, at: error.span, label: error.label, notes: error.notes.map(\.text))
    }

    var description: String { ([message, "at \(span.lower)..<\(span.upper): \(label)"] + notes).joined(separator: "\n") }
}

/// The error compiling `text` against the test catalog gives, as it prints;
/// nil when it compiles.
func compileError(_ text: String) -> DSLErrorText? {
    do {
        _ = try compile(text)
        return nil
    } catch {
        return DSLErrorText(error)
    }
}

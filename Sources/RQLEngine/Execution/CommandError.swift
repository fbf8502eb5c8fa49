import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender

/// A command that failed, with where it failed when that is known.
///
/// Rendered as `error: MESSAGE`, then the line of the statement the error
/// points at with a caret under the spot, then any notes:
///
///     error: no such column: titel
///     SELECT titel FROM reminders;
///            ^
public struct CommandError: Error, Equatable {
    /// What went wrong, which words the message and the first notes.
    public var problem: CommandProblem
    /// The text `offset` points into.
    public var source: String?
    /// Byte offset of the failure in `source`.
    public var offset: Int?
    /// Lines shown after the snippet: the problem's, then what was found
    /// out meanwhile ("did you mean …", what happened to a transaction).
    public var notes: [DiagnosticNote] = []
    /// How many bytes the carets underline.
    public var length = 1
    /// Printed after the carets (what the marked text is).
    public var label = ""
    /// For a command stopped by `sqlite3_interrupt` (Ctrl-C, a cell's time
    /// limit), what its message says after "interrupted" (`; nothing was
    /// imported`), which the reason for the stop goes before; nil otherwise.
    public var interruption: String?
    public var isInterruption: Bool { interruption != nil }
    /// A place in another file that the error is about (`people.csv:12`),
    /// written before `error:` instead of the command's own place.
    public var location: String?

    /// The first line of the error.
    public var message: String { problem.message }

    /// An error SQLite reported, located with `sqlite3_error_offset` when it gives one.
    init(_ error: DatabaseError, source: String, connection: SQLiteConnection?) {
        var offset: Int?
        if let connection {
            let reported = Int(sqlite3_error_offset(connection))
            if reported >= 0, reported <= source.utf8.count { offset = reported }
        }
        let message = error.message ?? "\(error.resultCode)"
        if let refusal = SafeMode.refusal(for: error, sql: source) {
            self.init(refusal)
            return
        }
        self.init(error.resultCode == .SQLITE_INTERRUPT ? .interrupted : .sqlite(message), source: source, offset: offset)
        if let connection, SafeMode.isUntrustedSchemaRefusal(message, connection: connection) {
            notes.append(.untrustedSchema)
        }
        if error.resultCode == .SQLITE_BUSY, let connection, let file = sqlite3_db_filename(connection, "main"),
           let holder = LockHolder.description(ofDatabaseAt: String(cString: file)) {
            notes.append(.lockHolder(holder))
        }
    }

    /// The error for a command holding a NUL byte, pointing at it; nil
    /// when it holds none. SQLite would read only the text before it.
    static func nulByte(in text: String) -> CommandError? {
        guard let nul = text.utf8.firstIndex(of: 0) else { return nil }
        var error = CommandError(.nulByte, source: text, offset: text.utf8.distance(from: text.utf8.startIndex, to: nul))
        error.label = "NUL byte"
        return error
    }

    /// Any error a command can end with, as a `CommandError` to report.
    static func from(_ error: any Error) -> CommandError {
        switch error {
        case let error as CommandError: return error
        case let error as DatabaseError: return CommandError(.sqlite(error.message ?? "\(error.resultCode)"))
        case let error as ChartError: return CommandError(.chart(error.message))
        default: return CommandError(.unexpected("\(error)"))
        }
    }

    /// How many lines into `source` the offset is (0 when unknown).
    var lineOffset: Int {
        guard let source, let offset else { return 0 }
        return source.utf8.prefix(offset).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    /// Characters of a long line shown on each side of the spot an error points at.
    static let snippetReach = 60

    /// The source line holding the offset and the caret line under it. A
    /// long line shows `snippetReach` characters on each side of the spot,
    /// its cut ends marked `…`.
    var snippet: (line: String, caret: String)? {
        guard let source, let offset else { return nil }
        let bytes = Array(source.utf8)
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        var before = CellText.visibleLine(String(decoding: bytes[lineStart..<offset], as: UTF8.self))
        var after = CellText.visibleLine(String(decoding: bytes[offset..<lineEnd], as: UTF8.self))
        if before.count > Self.snippetReach { before = "…" + before.suffix(Self.snippetReach) }
        if after.count > Self.snippetReach { after = after.prefix(Self.snippetReach) + "…" }
        let markedEnd = min(lineEnd, offset + length)
        let marked = CellText.visibleLine(String(decoding: bytes[offset..<max(offset, markedEnd)], as: UTF8.self))
        let width = max(1, min(DisplayWidth.of(marked), DisplayWidth.of(after)))
        return (before + after, String(repeating: " ", count: DisplayWidth.of(before)) + String(repeating: "^", count: width))
    }
}

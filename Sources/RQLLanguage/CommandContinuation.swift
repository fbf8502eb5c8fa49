/// Where a command that has started goes on, line by line, for every
/// reader of rql's input: the prompt, scripts (`CommandReader`) and
/// notebooks. A dot-command is one line. An SQL statement runs to the `;`
/// that `SQLStatementScanner` finds. A DSL query goes on while its text
/// leaves something open (`DSLContinuation`), until a blank line; when the
/// next line is at hand, also on a line that starts with `|`. After a
/// statement's `;`, the rest of its line holds only blanks and comments
/// (perhaps a `/* */` comment that goes on) or the next command.
///
/// A notebook reads cells: a blank line (only spaces and tabs) or a line
/// of recorded output (`-->`) ends the command above it, an SQL statement
/// without its `;` too, and a comment line after a complete query is prose.
///
///     CommandContinuation.script.query(isOpen: false, continuesOn: "  | count")   // true
///     CommandContinuation.prompt.query(isOpen: false, continuesOn: "  | count")   // false
public struct CommandContinuation: Sendable {
    /// Whether the line after a complete DSL query is at hand, so that one
    /// starting with `|` continues it (scripts and notebooks; the prompt
    /// runs the query before the next line is typed).
    public var looksAhead: Bool
    /// Whether the text is a notebook's, read in cells.
    public var readsCells: Bool

    public static let prompt = CommandContinuation(looksAhead: false, readsCells: false)
    public static let script = CommandContinuation(looksAhead: true, readsCells: false)
    public static let notebook = CommandContinuation(looksAhead: true, readsCells: true)

    /// Whether `line` goes on with a DSL query; `isOpen`: whether the
    /// query's lines so far leave something open (`DSLContinuation`).
    public func query(isOpen: Bool, continuesOn line: String) -> Bool {
        if isBlank(line) || (readsCells && Self.isOutput(line)) { return false }
        if isOpen { return true }
        guard looksAhead else { return false }
        let start = line.skippingBlanksAndComments()
        return start.startsWithScalars("|") || (start.isEmpty && !readsCells)
    }

    /// Whether `line` goes on with the SQL statement `scanner` holds, which
    /// has not found its `;`: always at the prompt and in scripts; in a
    /// notebook, up to the end of the cell, unless the statement stops
    /// inside a string, a quoted name or a `/* */` comment.
    public func statement(_ scanner: SQLStatementScanner, continuesOn line: String) -> Bool {
        scanner.isInsideToken || !(readsCells && (isBlank(line) || Self.isOutput(line)))
    }

    /// Whether `line` is blank: only whitespace, or in a notebook only
    /// spaces and tabs (a notebook's blank line between cells and prose).
    public func isBlank(_ line: String) -> Bool {
        readsCells ? line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } : line.isBlank
    }

    /// Whether `line` belongs to a notebook's recorded output block: `-->`
    /// alone or `--> TEXT`.
    public static func isOutput(_ line: String) -> Bool {
        line == "-->" || line.hasPrefix("--> ")
    }

    /// What follows a statement's `;` on its line.
    public enum AfterStatement: Equatable, Sendable {
        /// Blanks and comments that end on the line.
        case nothing
        /// Blanks and a `/* */` comment that goes on over the next lines.
        case openComment
        /// The next command, from its first word: its index in the bytes.
        case command(Int)
    }

    /// What `rest`, the bytes after a statement's `;` on its line, hold;
    /// read up to the next command, not past it.
    public static func after(statement rest: ArraySlice<UInt8>) -> AfterStatement {
        var index = rest.startIndex
        while true {
            index = rest.withUnsafeBufferPointer { rest.startIndex + SQLLexer.endOfBlanksAndComments(in: $0, from: index - rest.startIndex) }
            guard index < rest.endIndex else { break }
            // Other whitespace (U+3000, a no-break space, a vertical tab) is blank here too.
            let next = String(decoding: rest[index..<min(index + 4, rest.endIndex)], as: UTF8.self).unicodeScalars
            guard let first = next.first, first.properties.isWhitespace else { return .command(index) }
            index += UTF8.width(first)
        }
        return SQLStatementScanner(String(decoding: rest, as: UTF8.self)).isInsideComment ? .openComment : .nothing
    }
}

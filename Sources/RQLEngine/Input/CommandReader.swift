import GRDBSQLite
import RQLLanguage

/// Splits input lines into commands: a dot-command is one line; SQL runs
/// until `sqlite3_complete()` says a statement is complete (so trigger bodies
/// with inner semicolons stay whole); a DSL query ends with its line unless
/// the line leaves something open (`DSLContinuation`), and an empty line
/// ends it anyway. A reader that looks ahead (scripts and notebooks) also
/// continues a DSL query on a following line that starts with `|`. The end
/// of input completes a pending command. Blank lines and comment lines
/// between commands are skipped.
///
///     var reader = CommandReader()
///     reader.feed("CREATE TRIGGER t AFTER INSERT ON a BEGIN", line: 1) // []
///     reader.feed("  DELETE FROM b; END;", line: 2)                    // [the trigger]
public struct CommandReader {
    private var pending: [UInt8] = []
    private var pendingLine = 0
    /// Bytes of `pending` already searched for a completing `;`.
    private var searched = 0
    /// The DSL query being read.
    private var query: Command?
    /// Whether `query` is complete and waits only to see whether the next line starts with `|`.
    private var queryIsComplete = false
    private let looksAhead: Bool

    /// `looksAhead`: a line starting with `|` continues the DSL query before
    /// it (scripts and notebooks, where the next line is at hand).
    public init(looksAhead: Bool = false) {
        self.looksAhead = looksAhead
    }

    /// Whether a command has started and is not complete yet.
    public var isContinuing: Bool { continuation != nil }

    /// What the command being read continues: SQL, a DSL query, or nothing.
    public var continuation: InputLanguage? {
        if !pending.isEmpty { return .sql }
        if query != nil, !queryIsComplete { return .dsl }
        return nil
    }

    /// Adds one line (without its newline); returns the commands it completed.
    public mutating func feed(_ line: String, line number: Int) -> [Command] {
        var completed: [Command] = []
        if var open = query {
            let start = line.skippingBlanksAndComments()
            if queryIsComplete {
                if start.hasPrefix("|") || (start.isEmpty && !line.allSatisfy(\.isWhitespace)) {
                    open.text += "\n" + line.trimmingTrailingWhitespace()
                    query = open
                    queryIsComplete = !DSLContinuation.needsMore(open.text)
                    return []
                }
                completed.append(open)
                query = nil
            } else {
                if line.allSatisfy(\.isWhitespace) {
                    query = nil
                    return [open]
                }
                open.text += "\n" + line.trimmingTrailingWhitespace()
                query = open
                if DSLContinuation.needsMore(open.text) { return [] }
                if looksAhead {
                    queryIsComplete = true
                    return []
                }
                query = nil
                return [open]
            }
        }
        return completed + read(line, line: number)
    }

    private mutating func read(_ line: String, line number: Int) -> [Command] {
        if pending.isEmpty {
            guard let (language, body) = InputLanguage.classify(line[...]) else { return [] }
            switch language {
            case .dot:
                return [Command(.dot, String(body).trimmingTrailingWhitespace(), line: number)]
            case .dsl:
                let command = Command(.dsl, String(body).trimmingTrailingWhitespace(), line: number)
                let isOpen = DSLContinuation.needsMore(command.text)
                guard isOpen || looksAhead else { return [command] }
                query = command
                queryIsComplete = !isOpen
                return []
            case .sql:
                pending = Array(body.utf8)
                pendingLine = number
                searched = 0
            }
        } else {
            pending.append(0x0A)
            pending.append(contentsOf: line.utf8)
        }
        return splitCompleteStatements()
    }

    /// Ends the input: a pending command is complete as it stands.
    public mutating func finish() -> Command? {
        if let open = query {
            query = nil
            return open
        }
        defer { pending = [] }
        let text = String(decoding: pending, as: UTF8.self)
        guard !text.skippingBlanksAndComments().isEmpty else { return nil }
        return Command(.sql, text.trimmingTrailingWhitespace(), line: pendingLine)
    }

    /// Reads a whole text: every command in it, the last one completed by the end.
    public static func commands(in text: String, firstLine: Int = 1) -> [Command] {
        var reader = CommandReader(looksAhead: true)
        var commands: [Command] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            commands += reader.feed(String(line), line: firstLine + offset)
        }
        if let last = reader.finish() { commands.append(last) }
        return commands
    }

    private mutating func splitCompleteStatements() -> [Command] {
        var commands: [Command] = []
        var index = searched
        while index < pending.count {
            if pending[index] == 0x3B, SQLCompleteness.isComplete(pending[...index]) {
                let statement = String(decoding: pending[...index], as: UTF8.self)
                commands.append(Command(.sql, statement, line: pendingLine))
                pendingLine += pending[...index].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                let rest = pending[(index + 1)...]
                let skipped = String(decoding: rest, as: UTF8.self).skippingBlanksAndComments()
                pendingLine += rest.prefix(rest.count - skipped.utf8.count).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                pending = Array(skipped.utf8)
                index = 0
                continue
            }
            index += 1
        }
        searched = pending.count
        return commands
    }
}

/// Whether SQL text ends a statement, as `sqlite3_complete()` decides:
/// a `;` outside strings, comments and trigger bodies. A NUL byte counts as
/// a blank here, so that it cannot hide the rest of a script (the statement
/// holding it fails when it runs).
public enum SQLCompleteness {
    public static func isComplete<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var text = bytes.map { $0 == 0 ? 0x20 : $0 }
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
        }
    }
}

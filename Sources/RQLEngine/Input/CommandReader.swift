import GRDBSQLite
import RQLLanguage

/// Splits input lines into commands: a dot-command is one line; SQL runs
/// until `sqlite3_complete()` says a statement is complete (so trigger bodies
/// with inner semicolons stay whole); the end of input completes a pending
/// statement. Blank lines and comment lines between commands are skipped.
///
///     var reader = CommandReader()
///     reader.feed("CREATE TRIGGER t AFTER INSERT ON a BEGIN", line: 1) // []
///     reader.feed("  DELETE FROM b; END;", line: 2)                    // [the trigger]
public struct CommandReader {
    private var pending: [UInt8] = []
    private var pendingLine = 0
    /// Bytes of `pending` already searched for a completing `;`.
    private var searched = 0

    public init() {}

    /// Whether an SQL statement has started and is not complete yet.
    public var isContinuing: Bool { !pending.isEmpty }

    /// Adds one line (without its newline); returns the commands it completed.
    public mutating func feed(_ line: String, line number: Int) -> [Command] {
        if pending.isEmpty {
            guard let (language, body) = InputLanguage.classify(line[...]) else { return [] }
            switch language {
            case .dot:
                return [Command(.dot, String(body).trimmingTrailingWhitespace(), line: number)]
            case .dsl:
                return [Command(.dsl, String(body).trimmingTrailingWhitespace(), line: number)]
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

    /// Ends the input: a pending statement is complete as it stands.
    public mutating func finish() -> Command? {
        defer { pending = [] }
        let text = String(decoding: pending, as: UTF8.self)
        guard !text.skippingBlanksAndComments().isEmpty else { return nil }
        return Command(.sql, text.trimmingTrailingWhitespace(), line: pendingLine)
    }

    /// Reads a whole text: every command in it, the last one completed by the end.
    public static func commands(in text: String, firstLine: Int = 1) -> [Command] {
        var reader = CommandReader()
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
            if pending[index] == 0x3B, isComplete(pending[...index]) {
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

    private func isComplete(_ bytes: ArraySlice<UInt8>) -> Bool {
        var text = Array(bytes)
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
        }
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var text = self[...]
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}

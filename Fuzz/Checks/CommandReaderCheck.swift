import RQLEngine
import RQLLanguage

/// The command reader on a whole text, as scripts and notebooks read it:
/// every command is found on its own lines, in order, and what lies
/// between commands is only blanks, comments and the `sql`/`dsl` words
/// that choose a language. Each command is also read as a trigger, as the
/// catalog reads the triggers of a database it opens (the FTS link), and
/// as SQL whose kind the session reads before running it, which must end
/// without a crash whatever the text. The text is read as
/// scripts are, bytes that are not UTF-8 kept (`ForeignBytes`), and each
/// command is made the SQL SQLite reads: a command of UTF-8 stays as it is.
enum CommandReaderCheck {
    static let triggerTable = Catalog.Table(name: "reminders", columns: [
        Catalog.Column(name: "id", type: "INTEGER", isPrimaryKey: true), Catalog.Column(name: "title", type: "TEXT"),
    ])

    static func problems(_ text: String) -> [String] {
        var problems: [String] = []
        for command in CommandReader.commands(in: text) {
            for statement in TriggerDefinition.parse(command.text)?.body ?? [command.text] {
                _ = TriggerInsert.read(statement, on: triggerTable)?.searchKey(on: triggerTable)
            }
            _ = SQLStatementKind.of(sql: command.text)
            let sql = ForeignBytes.decodedSQL(command.text)
            if !holdsEscapedBytes(command.text), sql != command.text {
                problems.append("line \(command.line): SQL of UTF-8 changed on its way to SQLite: \(sql.debugDescription)")
            }
        }
        let lines = text.lineTexts.map { Array($0.utf8) }
        var between: [UInt8] = []
        var position = (line: 0, column: 0)
        for command in CommandReader.commands(in: text) {
            guard let found = place(command, in: lines, after: position, between: &between) else {
                problems.append("line \(command.line): the command \(command.text.debugDescription) is not in the text there")
                break
            }
            position = found
        }
        guard problems.isEmpty else { return problems }
        between += skipped(lines, from: position, to: (lines.count, 0))
        if !isBlankOrComment(between, endsCommand: false) {
            problems.append("text outside every command: \(String(decoding: between, as: UTF8.self).debugDescription)")
        }
        return problems
    }

    /// Whether `text` holds a noncharacter pair that stands for a byte.
    private static func holdsEscapedBytes(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.dropLast().contains { index in
            (0xFDD0...0xFDD7).contains(scalars[index].value) && (0xFDE0...0xFDEF).contains(scalars[index + 1].value)
        }
    }

    /// Where `command` ends in `lines`, when its first line is at or after
    /// `position` on its line and the others follow whole; what lies before
    /// it goes to `between`, checked and emptied.
    private static func place(_ command: Command, in lines: [[UInt8]], after position: (line: Int, column: Int),
                              between: inout [UInt8]) -> (line: Int, column: Int)? {
        let commandLines = command.text.lineTexts.map { Array($0.utf8) }
        let first = command.line - 1
        guard first >= position.line, first + commandLines.count <= lines.count, let head = commandLines.first else {
            return nil
        }
        let line = lines[first]
        let start = first == position.line ? position.column : 0
        // The last place with only blanks and comments before it: an earlier
        // one may be inside such a comment. With only blanks before the
        // first byte that is not blank, and that byte ASCII that starts
        // neither a comment nor a `sql`/`dsl` word, no later place can have only blanks and
        // comments before it, so the search starts there (which keeps the
        // check fast on a line of many short commands).
        var column = line.count - head.count
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let before = between + skipped(lines, from: position, to: (first, start))
        if before.allSatisfy(isBlank), let firstByte = line[start...].firstIndex(where: { !isBlank($0) }),
           line[firstByte] < 0x80, !"-/sSdD".utf8.contains(line[firstByte]) {
            column = min(column, firstByte)
        }
        while column >= start {
            guard Array(line[column..<(column + head.count)]) == head else {
                column -= 1
                continue
            }
            let gap = between + skipped(lines, from: position, to: (first, column))
            if isBlankOrComment(gap) {
                var end = (line: first, column: column + head.count)
                for (offset, next) in commandLines.dropFirst().enumerated() {
                    guard lines[first + 1 + offset].starts(with: next) else { return nil }
                    end = (first + 1 + offset, next.count)
                }
                between = []
                return end
            }
            column -= 1
        }
        return nil
    }

    /// The bytes from one position to another, lines joined with newlines.
    private static func skipped(_ lines: [[UInt8]], from start: (line: Int, column: Int),
                                to end: (line: Int, column: Int)) -> [UInt8] {
        var bytes: [UInt8] = []
        var line = start.line
        var column = start.column
        while line < end.line || (line == end.line && column < end.column) {
            guard line < lines.count else { break }
            let stop = line == end.line ? end.column : lines[line].count
            if column < stop { bytes += lines[line][column..<stop] }
            if line == end.line { break }
            bytes.append(0x0A)
            line += 1
            column = 0
        }
        return bytes
    }

    /// Blanks and comments, and at most one `sql` or `dsl` word after them
    /// (alone, it starts an empty command); before a command, a `/* */`
    /// comment must end.
    private static func isBlankOrComment(_ bytes: [UInt8], endsCommand: Bool = true) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if endsCommand, SQLStatementScanner(text).isInsideToken { return false }
        var rest = text.skippingBlanksAndComments()
        if ["sql", "dsl"].contains(rest.prefix(3).lowercased()) {
            rest = rest.dropFirst(3).skippingBlanksAndComments()
        }
        return rest.isEmpty
    }
}

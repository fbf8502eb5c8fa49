import GRDBSQLite
import RQLLanguage
import RQLRender
import RQLValues

/// Where `.dump` writes its SQL. Values are literals with no control
/// character in them (`DumpLiteral`); names and schema SQL cannot be
/// escaped so and go as they are, but for two things: a CR right before a
/// line feed is written twice, since the line readers of sqlite3 and rql
/// take one CR before a line feed as part of the line's end (so the name
/// `"a\r\nb"` reads back whole), and at a terminal every control character
/// shows as its visible symbol.
struct DumpWriter {
    let output: ByteOutput

    /// SQL that rql writes, names in it: as it is, CR before LF doubled.
    func raw(_ text: String) {
        output.write(bytes(text))
    }

    /// What `raw` writes for `text`.
    func bytes(_ text: String) -> [UInt8] {
        if output.isTerminal { return Array(CellText.displayLines(text).joined(separator: "\n").utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A && previous == 0x0D { bytes.append(0x0D) }
            bytes.append(byte)
            previous = byte
        }
        return bytes
    }

    /// A CREATE statement from the schema, with a `;` where every reader
    /// sees the statement end (`sqlite3_complete`): right after its SQL,
    /// after a line feed when the SQL ends in a `--` comment, after `*/`
    /// when it ends inside a `/*` comment that never closes (an index or a
    /// view may: the only case where the SQL read back differs).
    func statement(_ sql: String, of name: String) throws {
        guard let text = DumpWriter.terminated(sql) else {
            throw CommandError(.dumpUnterminated(name))
        }
        raw(text + "\n")
    }

    static func terminated(_ sql: String) -> String? {
        ["", "\n", "*/"].lazy.map { sql + $0 + ";" }.first { sqlite3_complete($0) != 0 }
    }
}

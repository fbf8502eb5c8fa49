import GRDBSQLite
import Testing
import RQLLanguage

/// `SQLStatementScanner` finds the end of a statement without SQLite; here
/// SQLite's own `sqlite3_complete()` checks it, on statements made of the
/// words and marks that decide where a trigger body ends.
@Suite struct SQLStatementEndTests {
    static let pieces = [
        "CREATE", "temp", "TEMPORARY", "TRIGGER", "END", "end", "EXPLAIN", "BEGIN", "x", "1", "1.end", "$", "$end",
        ".", ";", ";", " ", "\n", "\r", "\0", "'a;''END;'", "\"e\"", "[x;]", "`end`", "-- c;\n", "/* ; END; */",
        "\u{0301}", "(", "x'0A'",
    ]

    /// A generator with a fixed start, so that a failure comes back.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// The offset of the first `;` that completes the statement, as SQLite
    /// sees it (a NUL byte a blank).
    static func sqliteEnd(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        return bytes.indices.first { index in
            guard bytes[index] == 0x3B else { return false }
            var prefix = bytes[...index].map { $0 == 0 ? 0x20 : $0 }
            prefix.append(0)
            return prefix.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
            }
        }
    }

    @Test func endsWhereSQLiteSays() {
        var generator = Generator(state: 7)
        for _ in 0..<3000 {
            let count = Int.random(in: 1...14, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined(separator: " ")
            #expect(SQLStatementScanner(text).end == Self.sqliteEnd(text), "\(text.debugDescription)")
        }
    }
}

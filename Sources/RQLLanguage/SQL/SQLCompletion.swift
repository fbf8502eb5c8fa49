/// Whether the SQL read so far is a complete statement, decided as
/// SQLite's `sqlite3_complete()` decides it, token by token: a `;` ends a
/// statement, except inside the body of a `CREATE [TEMP] TRIGGER`, which
/// only `END ;` ends. A NUL byte counts as a blank, so that it cannot hide
/// the rest of a script (the statement holding it fails when it runs).
///
///     var completion = SQLCompletion()
///     // after the tokens of `CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1;`
///     completion.isComplete   // false: `END;` is still to come
struct SQLCompletion {
    /// `sqlite3_complete()`'s state: 0 invalid, 1 start, 2 normal,
    /// 3 explain, 4 create, 5 trigger, 6 semicolon in a trigger, 7 end.
    private var state = 0

    /// The kinds of word and mark that `sqlite3_complete()` tells apart.
    private enum Word: Int {
        case semicolon, blank, other, explain, create, temp, trigger, end
    }

    /// `sqlite3_complete()`'s transitions: the next state, a row of eight
    /// (one for each kind of word) for each state.
    private static let transitions = [
        1, 0, 2, 3, 4, 2, 2, 2,
        1, 1, 2, 3, 4, 2, 2, 2,
        1, 2, 2, 2, 2, 2, 2, 2,
        1, 3, 3, 2, 4, 2, 2, 2,
        1, 4, 2, 2, 2, 4, 5, 2,
        6, 5, 5, 5, 5, 5, 5, 5,
        6, 6, 5, 5, 5, 5, 5, 7,
        1, 7, 5, 5, 5, 5, 5, 5,
    ]

    /// The words that `sqlite3_complete()` knows, in lowercase.
    private static let keywords: [(text: [UInt8], word: Word)] = [
        (Array("explain".utf8), .explain), (Array("create".utf8), .create), (Array("temp".utf8), .temp),
        (Array("temporary".utf8), .temp), (Array("trigger".utf8), .trigger), (Array("end".utf8), .end),
    ]

    /// Whether the text read ends a statement (with a `;`).
    var isComplete: Bool { state == 1 }

    /// Reads one token of `bytes`; returns whether it is a `;` that
    /// completes the statement (then its other bytes are not read).
    mutating func read(_ token: SQLLexer.Token, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch token.kind {
        case .blank, .lineComment, .blockComment:
            return false
        case .quoted:
            read(.other)
        case .punctuation:
            read(bytes[token.range.lowerBound] == 0x3B ? .semicolon : bytes[token.range.lowerBound] == 0 ? .blank : .other)
            if isComplete { return true }
            // UTF-8 continuation bytes after the mark: SQLite reads them as a name.
            if token.range.count > 1 { read(.other) }
        case .word:
            // A word right after `$` or a byte above 0x7F is the end of a
            // longer name to SQLite.
            let start = token.range.lowerBound
            let isJoined = start > 0 && (bytes[start - 1] == 0x24 || bytes[start - 1] >= 0x80)
            read(isJoined ? .other : Self.word(bytes[token.range]))
        case .number:
            // SQLite reads `1.end` as `1`, `.` and the word `end`.
            var start = token.range.lowerBound
            for index in token.range where bytes[index] == 0x2E {
                read(Self.word(bytes[start..<index]))
                read(.other)
                start = index + 1
            }
            read(Self.word(bytes[start..<token.range.upperBound]))
        }
        return false
    }

    private mutating func read(_ word: Word) {
        state = Self.transitions[state * 8 + word.rawValue]
    }

    /// The kind of a name, its letters in any case; an empty one (between
    /// two dots) reads as nothing.
    private static func word(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Word {
        guard let first = bytes.first else { return .blank }
        // Most words are none of them: a glance at the length and the first letter tells.
        switch (bytes.count, first | 0x20) {
        case (3, 0x65), (4, 0x74), (6, 0x63), (7, 0x65), (7, 0x74), (9, 0x74): break
        default: return .other
        }
        let keyword = keywords.first { keyword in
            keyword.text.count == bytes.count
                && zip(keyword.text, bytes).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
        }
        return keyword?.word ?? .other
    }
}

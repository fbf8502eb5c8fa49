/// What a `CREATE TRIGGER` statement says, read from its tokens (so strings,
/// comments and `CASE … END` inside the body cannot mislead it).
///
///     let trigger = TriggerDefinition.parse("""
///         CREATE TRIGGER t AFTER UPDATE OF title ON reminders WHEN new.title <> old.title
///         BEGIN UPDATE reminderTexts SET title = new.title WHERE rowid = new.rowid; END
///         """)
///     // timing .after, event .update(columns: ["title"]), table "reminders",
///     // when "new.title <> old.title", body ["UPDATE reminderTexts SET … ;"]
public struct TriggerDefinition: Equatable, Sendable {
    public enum Timing: String, Equatable, Sendable {
        case before = "BEFORE"
        case after = "AFTER"
        case insteadOf = "INSTEAD OF"
    }

    public enum Event: Equatable, Sendable {
        case insert
        case delete
        /// `UPDATE`, or `UPDATE OF` the columns listed.
        case update(columns: [String])

        /// `INSERT`, `DELETE`, `UPDATE` or `UPDATE OF a, b`.
        public var description: String {
            switch self {
            case .insert: "INSERT"
            case .delete: "DELETE"
            case .update(let columns): columns.isEmpty ? "UPDATE" : "UPDATE OF " + columns.joined(separator: ", ")
            }
        }
    }

    public var name: String
    public var table: String
    public var timing: Timing
    public var event: Event
    /// The `WHEN` condition as written, or nil.
    public var when: String?
    /// The body's statements as written, each with its `;`.
    public var body: [String]

    /// Reads a trigger's SQL as SQLite stores it in `sqlite_schema`; nil when it is not a `CREATE TRIGGER`.
    public static func parse(_ sql: String) -> TriggerDefinition? {
        var reader = TokenReader(sql: sql)
        return reader.trigger()
    }
}

extension TriggerDefinition {
    /// The tables the body's INSERT, REPLACE, UPDATE and DELETE statements
    /// write, each once, in the order the body first writes them.
    public var writtenTables: [String] {
        var names: [String] = []
        for statement in body {
            var reader = TokenReader(sql: statement)
            guard let name = reader.writtenTable(),
                  !names.contains(where: { $0.lowercased() == name.lowercased() }) else { continue }
            names.append(name)
        }
        return names
    }
}

/// Walks the tokens of a `CREATE TRIGGER` statement.
private struct TokenReader {
    let bytes: [UInt8]
    let tokens: [SQLToken]
    var position = 0

    init(sql: String) {
        bytes = Array(sql.utf8)
        tokens = SQLTokenizer.tokens(sql)
    }

    var current: SQLToken? { position < tokens.count ? tokens[position] : nil }

    mutating func take(_ word: String) -> Bool {
        guard current?.isWord(word) == true else { return false }
        position += 1
        return true
    }

    /// The table a body statement writes: `INSERT [OR …] INTO t`,
    /// `REPLACE INTO t`, `UPDATE [OR …] t`, `DELETE FROM t`; nil for others.
    mutating func writtenTable() -> String? {
        if take("insert") || take("replace") {
            while let token = current, !token.isWord("into") { position += 1 }
            return take("into") ? qualifiedName() : nil
        }
        if take("update") {
            if take("or") { position += 1 }
            return qualifiedName()
        }
        return take("delete") && take("from") ? qualifiedName() : nil
    }

    /// A name, possibly `schema.name`; the last part is returned.
    mutating func qualifiedName() -> String? {
        guard var name = current?.name else { return nil }
        position += 1
        if current?.isPunctuation(".") == true, position + 1 < tokens.count,
           let next = tokens[position + 1].name {
            name = next
            position += 2
        }
        return name
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    mutating func trigger() -> TriggerDefinition? {
        guard take("create") else { return nil }
        _ = take("temp") || take("temporary")
        guard take("trigger") else { return nil }
        if take("if") { guard take("not"), take("exists") else { return nil } }
        guard let name = qualifiedName() else { return nil }
        var timing = TriggerDefinition.Timing.before
        if take("before") {
            timing = .before
        } else if take("after") {
            timing = .after
        } else if take("instead") {
            guard take("of") else { return nil }
            timing = .insteadOf
        }
        let event: TriggerDefinition.Event
        if take("insert") {
            event = .insert
        } else if take("delete") {
            event = .delete
        } else if take("update") {
            var columns: [String] = []
            if take("of") {
                while let column = current?.name {
                    columns.append(column)
                    position += 1
                    guard current?.isPunctuation(",") == true else { break }
                    position += 1
                }
            }
            event = .update(columns: columns)
        } else {
            return nil
        }
        guard take("on"), let table = qualifiedName() else { return nil }
        if take("for") { guard take("each"), take("row") else { return nil } }
        var when: String?
        if take("when") {
            // The condition ends at the first BEGIN outside parentheses.
            guard let start = current?.range.lowerBound,
                  let begin = SQLTokenizer.firstIndex(in: tokens, outsideParenthesesFrom: position, where: { $0.isWord("begin") })
            else { return nil }
            when = text(start..<tokens[begin].range.lowerBound).trimmingTrailingWhitespace()
            position = begin
        }
        guard take("begin"), let end = tokens.lastIndex(where: { $0.isWord("end") }), end >= position else { return nil }
        var body: [String] = []
        var statementStart = position
        for index in position..<end where tokens[index].isPunctuation(";") {
            body.append(text(tokens[statementStart].range.lowerBound..<tokens[index].range.upperBound))
            statementStart = index + 1
        }
        return TriggerDefinition(name: name, table: table, timing: timing, event: event, when: when, body: body)
    }
}

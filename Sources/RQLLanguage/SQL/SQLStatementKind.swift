/// What a statement the user wrote does, read once from its tokens before
/// SQLite prepares it; a statement rql compiled says it itself.
public struct SQLStatementKind: Equatable, Sendable {
    /// Inserts, updates or deletes rows (INSERT, UPDATE, DELETE or REPLACE,
    /// perhaps after a WITH clause): a notebook says how many it changed.
    public var writesRows: Bool
    /// `ALTER TABLE`: SQLite reports the columns of a check it runs inside
    /// one that adds a checked column, with no rows to show.
    public var isAlter = false
    /// A change to every row of a table, which the prompt asks about first.
    public var everyRowChange: EveryRowChange?
    /// What a sandbox cannot hold, by name: transaction control, which would
    /// end the transaction the sandbox holds (`BEGIN`, `COMMIT`, `END`,
    /// `ROLLBACK`, `SAVEPOINT`, `RELEASE`), and what SQLite refuses inside
    /// one (`VACUUM`, `ATTACH`, `DETACH`, setting `PRAGMA journal_mode`).
    public var sandboxRefusal: String?

    public init(writesRows: Bool, everyRowChange: EveryRowChange? = nil) {
        self.writesRows = writesRows
        self.everyRowChange = everyRowChange
    }

    public static func of(sql: String) -> SQLStatementKind {
        let tokens = SQLTokenizer.tokens(sql)
        var kind = SQLStatementKind(writesRows: writesRows(tokens), everyRowChange: EveryRowChange.of(tokens: tokens))
        kind.isAlter = tokens.first?.isWord("alter") == true
        kind.sandboxRefusal = sandboxRefusal(tokens)
        return kind
    }

    private static func sandboxRefusal(_ tokens: [SQLToken]) -> String? {
        guard let first = tokens.first, first.kind == .word else { return nil }
        let word = first.text.lowercased()
        switch word {
        case "begin", "commit", "end", "rollback", "savepoint", "release", "vacuum", "attach", "detach":
            return word.uppercased()
        case "pragma":
            // PRAGMA [schema.]journal_mode = MODE; reading the mode is harmless.
            let rest = tokens.dropFirst()
            let name = rest.count > 2 && rest[rest.startIndex + 1].isPunctuation(".") ? rest.startIndex + 2 : rest.startIndex
            guard name + 1 < rest.endIndex, rest[name].isWord("journal_mode"),
                  rest[name + 1].isPunctuation("=") || rest[name + 1].isPunctuation("(") else { return nil }
            return "PRAGMA journal_mode"
        default:
            return nil
        }
    }

    /// Whether the statement is an INSERT, UPDATE, DELETE or REPLACE,
    /// perhaps after a WITH clause.
    private static func writesRows(_ tokens: [SQLToken]) -> Bool {
        guard let first = tokens.first else { return false }
        let writes: Set<String> = ["insert", "update", "delete", "replace"]
        if first.isWord("with") {
            var depth = 0
            for token in tokens.dropFirst() {
                if token.isPunctuation("(") { depth += 1 } else if token.isPunctuation(")") { depth -= 1 }
                if depth == 0, token.kind == .word, writes.contains(token.text.lowercased()) { return true }
                if depth == 0, token.isWord("select") || token.isWord("values") { return false }
            }
            return false
        }
        return first.kind == .word && writes.contains(first.text.lowercased())
    }
}

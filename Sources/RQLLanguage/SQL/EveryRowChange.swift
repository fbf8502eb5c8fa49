/// A statement that changes every row of a table: a DELETE, or an UPDATE
/// without a FROM, that has no WHERE. The prompt asks before running one.
public struct EveryRowChange: Equatable, Sendable {
    public enum Verb: String, Sendable {
        case update, delete
    }

    public var verb: Verb
    /// The database the table is in, when the statement names one.
    public var schema: String?
    public var table: String

    public init(verb: Verb, schema: String? = nil, table: String) {
        self.verb = verb
        self.schema = schema
        self.table = table
    }

    /// The change a statement of `tokens` makes to every row, if it makes one: `DELETE FROM t`
    /// or `UPDATE t SET …` with no `WHERE` at its top level. A statement
    /// that starts with `WITH` is not read (its CTEs may decide the rows).
    static func of(tokens: [SQLToken]) -> EveryRowChange? {
        guard let first = tokens.first else { return nil }
        var index = 1
        let verb: Verb
        if first.isWord("delete"), tokens.count > 1, tokens[1].isWord("from") {
            verb = .delete
            index = 2
        } else if first.isWord("update") {
            verb = .update
            if tokens.count > 2, tokens[1].isWord("or") { index = 3 }
        } else {
            return nil
        }
        guard index < tokens.count, var table = tokens[index].name else { return nil }
        var schema: String?
        if index + 2 < tokens.count, tokens[index + 1].isPunctuation("."), let name = tokens[index + 2].name {
            schema = table
            table = name
            index += 2
        }
        var depth = 0
        for token in tokens[(index + 1)...] {
            if token.isPunctuation("(") { depth += 1 } else if token.isPunctuation(")") { depth -= 1 }
            guard depth == 0 else { continue }
            if token.isPunctuation(";") { break }
            if token.isWord("where") || (verb == .update && token.isWord("from")) { return nil }
        }
        return EveryRowChange(verb: verb, schema: schema, table: table)
    }
}

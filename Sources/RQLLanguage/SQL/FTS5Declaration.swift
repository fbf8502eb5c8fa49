/// The columns and options of a `CREATE VIRTUAL TABLE … USING fts5(…)`
/// statement, read from its tokens.
///
///     let fts = FTS5Declaration.parse("CREATE VIRTUAL TABLE t USING fts5(title, body UNINDEXED, tokenize = 'porter ascii')")
///     // columns ["title", "body UNINDEXED"], options ["tokenize": "porter ascii"]
public struct FTS5Declaration: Equatable, Sendable {
    /// Column names as declared, with ` UNINDEXED` when so marked.
    public var columns: [String]
    /// Option name (lowercased) → value, unquoted.
    public var options: [String: String]

    /// The table named by `content=`; nil for a normal or contentless table.
    public var contentTable: String? {
        options["content"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `normal`, `external content (content=T)` or `contentless`.
    public var contentMode: String {
        guard let content = options["content"] else { return "normal" }
        return content.isEmpty ? "contentless" : "external content (content=\(content))"
    }

    public static func parse(_ sql: String) -> FTS5Declaration? {
        let tokens = SQLTokenizer.tokens(sql)
        guard let using = tokens.firstIndex(where: { $0.isWord("using") }), using + 1 < tokens.count,
              tokens[using + 1].isWord("fts5"),
              let (arguments, _) = SQLTokenizer.parenthesizedList(tokens, from: using + 2) else { return nil }
        var declaration = FTS5Declaration(columns: [], options: [:])
        for argument in arguments where !argument.isEmpty {
            if argument.count >= 3, argument[1].isPunctuation("="), let name = argument[0].name {
                declaration.options[name.lowercased()] = argument[2...].map(\.text).joined(separator: " ")
            } else if let name = argument[0].name {
                declaration.columns.append(argument.count > 1 && argument[1].isWord("unindexed") ? name + " UNINDEXED" : name)
            }
        }
        return declaration
    }
}

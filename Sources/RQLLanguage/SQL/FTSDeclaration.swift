/// The module, columns and options of a `CREATE VIRTUAL TABLE … USING
/// fts5(…)` (or `fts4(…)`, `fts3(…)`) statement, read from its tokens.
///
///     let fts = FTSDeclaration.parse("CREATE VIRTUAL TABLE t USING fts5(title, body UNINDEXED, tokenize = 'porter ascii')")
///     // module .fts5, columns ["title", "body UNINDEXED"], options ["tokenize": "porter ascii"]
public struct FTSDeclaration: Equatable, Sendable {
    /// The full-text engine: FTS5, or FTS4 (FTS3 is read as FTS4, whose
    /// older form it is).
    public enum Module: String, Sendable, Equatable {
        case fts5 = "FTS5"
        case fts4 = "FTS4"
    }

    public var module: Module
    /// Column names as declared, with ` UNINDEXED` when so marked (FTS5).
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

    public static func parse(_ sql: String) -> FTSDeclaration? {
        let tokens = SQLTokenizer.tokens(sql)
        guard let using = tokens.firstIndex(where: { $0.isWord("using") }), using + 1 < tokens.count,
              let module: Module = tokens[using + 1].isWord("fts5") ? .fts5
                : tokens[using + 1].isWord("fts4") || tokens[using + 1].isWord("fts3") ? .fts4 : nil,
              let (arguments, _) = SQLTokenizer.parenthesizedList(tokens, from: using + 2) else { return nil }
        var declaration = FTSDeclaration(module: module, columns: [], options: [:])
        for argument in arguments where !argument.isEmpty {
            if argument.count >= 3, argument[1].isPunctuation("="), let name = argument[0].name {
                declaration.options[name.lowercased()] = argument[2...].map(\.text).joined(separator: " ")
            } else if module == .fts4, argument[0].isWord("tokenize"), argument.count > 1 {
                // FTS4 also takes `tokenize porter` without `=`.
                declaration.options["tokenize"] = argument[1...].map(\.text).joined(separator: " ")
            } else if let name = argument[0].name {
                declaration.columns.append(argument.count > 1 && argument[1].isWord("unindexed") ? name + " UNINDEXED" : name)
            }
        }
        return declaration
    }
}

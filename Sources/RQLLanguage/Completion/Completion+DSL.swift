extension Completion {
    /// Words a DSL command can start with besides a source.
    static let dslStatementWords = ["def", "enum", "alias", "let", "insert"]
    /// Words inside DSL expressions and stages.
    static let dslExpressionWords = [
        "and", "or", "not", "in", "like", "glob", "between", "is", "null", "true", "false", "case", "when", "then",
        "else", "end", "as", "asc", "desc", "nulls", "first", "last", "collate", "by", "on", "any", "all", "none",
        "match",
    ]

    /// Tab in a DSL query: sources at the start; stages after `|`; after
    /// `name.` the columns and relationships of that table or relationship;
    /// elsewhere the source's columns, relationships, helpers and aliases,
    /// the columns of joined tables, functions and the DSL's words.
    public static func dsl(_ text: String, catalog: Catalog, definitions: Definitions,
                           functions: [String] = []) -> Completion {
        let (word, before) = typedWord(in: text, nameQuotes: [UInt8(ascii: "`")])
        let trimmed = String(before).trimmingTrailingWhitespace()
        if trimmed.isEmpty {
            let sources = catalog.tableNames.map(dslName) + definitions.queries.keys + dslStatementWords
            return Completion(word: word, candidates: matching(word, in: sources))
        }
        if trimmed.hasSuffix("|") {
            return Completion(word: word, candidates: matching(word, in: Parser.stageNames))
        }
        let source = catalog.table(named: leadingName(of: trimmed))
        if let completion = qualified(word, members: { qualifier in
            let table = catalog.table(named: qualifier)
                ?? source.flatMap { relationshipTarget(qualifier, from: $0, catalog: catalog, definitions: definitions) }
            return table.map { members(of: $0, catalog: catalog, definitions: definitions).map(dslName) } ?? []
        }) {
            return completion
        }
        var names = unquoted(word) == word ? dslExpressionWords + calls(functions) : []
        if let source { names += members(of: source, catalog: catalog, definitions: definitions).map(dslName) }
        for token in SQLTokenizer.tokens(String(before)) {
            if let name = token.name, let joined = catalog.table(named: name), joined.name != source?.name {
                names += ([joined.name] + joined.columnNames).map(dslName)
            }
        }
        names += definitions.helpers[""]?.keys.map { $0 } ?? []
        return Completion(word: word, candidates: matching(word, in: names))
    }

    /// The source a query starts with: a plain word, or a name in backticks.
    private static func leadingName(of text: String) -> String {
        guard text.hasPrefix("`") else { return String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
        return unquoted(text)
    }

    /// What a name in `table`'s scope can be: its columns, relationships,
    /// helpers, mutation helpers and aliases.
    private static func members(of table: Catalog.Table, catalog: Catalog, definitions: Definitions) -> [String] {
        table.columnNames
            + catalog.relationships(of: table).map(\.name)
            + (definitions.helpers[table.name]?.keys.map { $0 } ?? [])
            + (definitions.mutationHelpers[table.name]?.keys.map { $0 } ?? [])
            + (definitions.aliases[table.name]?.keys.map { $0 } ?? [])
    }

    /// The table a relationship (or an alias of one) of `table` leads to.
    private static func relationshipTarget(_ name: String, from table: Catalog.Table, catalog: Catalog,
                                           definitions: Definitions) -> Catalog.Table? {
        let relationship = definitions.aliases[table.name]?[name] ?? name
        let target = catalog.relationships(of: table).first { $0.name.lowercased() == relationship.lowercased() }?.target
        return target.flatMap { catalog.table(named: $0, in: table.schema) }
    }
}

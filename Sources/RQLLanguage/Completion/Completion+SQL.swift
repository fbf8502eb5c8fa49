extension Completion {
    /// Words after which SQL names a table.
    private static let tableIntroducers: Set<String> = ["from", "join", "into", "update", "table"]

    /// Tab in SQL: after FROM, JOIN, INTO, UPDATE or TABLE the tables and
    /// views; after `name.` the columns of that table (or of the table an
    /// alias stands for); elsewhere keywords (in the case being typed),
    /// tables, the columns of the tables the statement names (of every
    /// table when it names none) and functions. `after` is the rest of the
    /// statement, after the cursor, where aliases are often defined.
    public static func sql(_ text: String, after: String = "", catalog: Catalog, keywords: [String],
                           functions: [String] = []) -> Completion {
        let (word, before) = typedWord(in: text, nameQuotes: [UInt8(ascii: "\""), UInt8(ascii: "`")])
        let tokens = SQLTokenizer.tokens(String(before))
        let aliases = tableAliases(in: tokens + SQLTokenizer.tokens(after), catalog: catalog)
        let reserved = Set(keywords.map { $0.lowercased() })
        if let completion = qualified(word, members: { qualifier in
            let table = aliases[qualifier.lowercased()] ?? catalog.table(named: qualifier)?.name
            return (table.flatMap { catalog.table(named: $0)?.columnNames } ?? []).map { sqlName($0, keywords: reserved) }
        }) {
            return completion
        }
        let tables = catalog.tableNames.map { sqlName($0, keywords: reserved) }
        if let previous = tokens.last(where: { $0.kind != .punctuation || $0.text != "," }),
           previous.kind == .word, tableIntroducers.contains(previous.text.lowercased()) {
            return Completion(word: word, candidates: matching(word, in: tables))
        }
        let named = Set(aliases.values)
        let columns = catalog.tables.values
            .filter { named.isEmpty || named.contains($0.name) }
            .flatMap(\.columnNames)
            .map { sqlName($0, keywords: reserved) }
        var names = tables + columns
        // After an opening quote only names can follow.
        if !word.isEmpty, unquoted(word) == word {
            let upper = word.first.map { $0.isUppercase } ?? true
            names += keywords.map { upper ? $0.uppercased() : $0.lowercased() } + calls(functions)
        }
        return Completion(word: word, candidates: matching(word, in: names))
    }

    /// Lowercased table names and aliases the statement uses → the table they stand for.
    static func tableAliases(in tokens: [SQLToken], catalog: Catalog) -> [String: String] {
        var aliases: [String: String] = [:]
        for (index, token) in tokens.enumerated() {
            guard let name = token.name, let table = catalog.table(named: name), name.lowercased() == table.name.lowercased()
            else { continue }
            aliases[table.name.lowercased()] = table.name
            var next = index + 1
            if next < tokens.count, tokens[next].isWord("as") { next += 1 }
            if next < tokens.count, let alias = tokens[next].name, !aliasStoppers.contains(alias.lowercased()) {
                aliases[alias.lowercased()] = table.name
            }
        }
        return aliases
    }

    /// Words that can follow a table name without being its alias.
    private static let aliasStoppers: Set<String> = [
        "where", "join", "left", "right", "inner", "outer", "cross", "natural", "full", "on", "using", "group", "order",
        "limit", "having", "union", "except", "intersect", "set", "values", "select", "default", "window", "as",
        "indexed", "not", "returning", "from",
    ]
}

extension Completion {
    /// Tab in a command that is not a dot-command: the first word can be an
    /// SQL statement keyword, a DSL source or a DSL statement word (or
    /// `sql`/`dsl`); after it, the command's language decides. `after` is
    /// the text after the cursor; `functions` are the names of the functions
    /// the connection has.
    public static func command(_ text: String, after: String = "", catalog: Catalog, definitions: Definitions,
                               keywords: [String], functions: [String] = []) -> Completion {
        let (word, before) = typedWord(in: text, nameQuotes: [UInt8(ascii: "`")])
        guard let (language, body) = InputLanguage.classify(before), !body.isEmpty else {
            let upper = word.first?.isUppercase ?? false
            let starts = SQLKeywords.statementStarts.map { upper ? $0.uppercased() : $0 }
            let names = starts + ["sql", "dsl"] + catalog.tableNames.map(dslName) + definitions.queries.keys + dslStatementWords
            return Completion(word: word, candidates: matching(word, in: names))
        }
        let command = String(body) + word
        return language == .sql
            ? sql(command, after: after, catalog: catalog, keywords: keywords, functions: functions)
            : dsl(command, catalog: catalog, definitions: definitions, functions: functions)
    }
}

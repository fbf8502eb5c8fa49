import Testing
@testable import RQLLanguage

/// Random token sequences and random bytes: the compiler must return SQL or
/// an error whose span lies inside the input, never crash or hang.
@Suite struct DSLFuzzTests {
    /// A Reminders-like catalog built by hand (this target does not touch SQLite).
    static let catalog = Catalog(tables: [
        Catalog.Table(name: "remindersLists", columns: [
            .init(name: "id", type: "TEXT", isNotNull: true, isPrimaryKey: true), .init(name: "title", type: "TEXT"),
        ]),
        Catalog.Table(name: "reminders", columns: [
            .init(name: "id", type: "TEXT", isNotNull: true, isPrimaryKey: true), .init(name: "title", type: "TEXT"),
            .init(name: "priority", type: "INTEGER"), .init(name: "status", type: "INTEGER", isNotNull: true),
            .init(name: "remindersListID", type: "TEXT", isNotNull: true),
        ], foreignKeys: [.init(columns: ["remindersListID"], table: "remindersLists", targetColumns: ["id"])]),
        Catalog.Table(name: "tags", columns: [.init(name: "title", type: "TEXT", isPrimaryKey: true)]),
        Catalog.Table(name: "remindersTags", columns: [
            .init(name: "reminderID", type: "TEXT"), .init(name: "tagID", type: "TEXT"),
        ], foreignKeys: [.init(columns: ["reminderID"], table: "reminders", targetColumns: ["id"]),
                         .init(columns: ["tagID"], table: "tags", targetColumns: ["title"])]),
        Catalog.Table(name: "reminderTexts", kind: .fts5, columns: [.init(name: "title"), .init(name: "notes")]),
    ], searchLinks: [.init(table: "reminders", ftsTable: "reminderTexts", key: .rowid)])

    static let vocabulary = [
        "reminders", "remindersLists", "tags", "reminderTexts", "|", "where", "select", "order", "by", "limit", "offset",
        "group", "having", "distinct", "count", "join", "left", "on", "as", "find", "search", "match", "update",
        "delete", "insert", "returning", "def", "enum", "alias", "let", "=", ":=", "==", "!=", "<", ">=", "and", "or",
        "not", "!", "&&", "||", "??", "++", "+", "-", "*", "/", "%", "(", ")", "[", "]", ",", ".", "title", "priority",
        "status", "id", "remindersList", "reminders", "tags", "any", "all", "none", "is", "nil", "in", "between",
        "like", "glob", "matches", "case", "when", "then", "else", "end", "collate", "nocase", "desc", "nulls",
        "first", "'text'", "\"quoted\"", "`name`", "12", "1.5", "true", "count()", "max", "highlight", "snippet",
        "bm25", "--", "'unterminated", "x", "low", "high", "isCompleted",
        "over", "partition", "rows", "preceding", "unbounded", "row_number()", "union", "all", "intersect", "except",
        "filter", "cast", "integer", ":p", "$p", "@p", "?1", "conflict", "ignore", "excluded", "selec",
    ]

    /// SplitMix64: the same sequence on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    func compiles(_ text: String, _ definitions: inout Definitions) {
        do {
            _ = try DSL.compile(text, catalog: Self.catalog, definitions: &definitions)
        } catch {
            #expect(error.span.lower >= 0 && error.span.upper <= text.utf8.count, "span outside \(text)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func randomTokenSequences() {
        var random = Random(state: 2026)
        var definitions = Definitions()
        for _ in 0..<20_000 {
            let count = 1 + random.below(18)
            let words = (0..<count).map { _ in Self.vocabulary[random.below(Self.vocabulary.count)] }
            compiles(words.joined(separator: " "), &definitions)
        }
    }

    @Test func structuredQueriesWithRandomStages() {
        var random = Random(state: 7)
        var definitions = Definitions()
        let stages = ["where title == 'a'", "select title, priority", "order -priority", "limit 2", "group by status",
                      "count", "distinct", "where any tags.title == 'x'", "select count(reminders)", "find 'x'",
                      "search 'milk'", "select highlight(title)", "having count() > 1", "join remindersLists",
                      "update priority = 1", "delete", "returning id", "select remindersList.title", "offset 1",
                      "where priority in [1, 2]", "select title | select title"]
        for _ in 0..<5_000 {
            let source = ["reminders", "remindersLists", "tags", "reminderTexts"][random.below(4)]
            let chosen = (0..<random.below(6)).map { _ in stages[random.below(stages.count)] }
            compiles(([source] + chosen).joined(separator: " | "), &definitions)
        }
    }

    @Test func randomBytes() {
        var random = Random(state: 99)
        var definitions = Definitions()
        for _ in 0..<20_000 {
            let bytes = (0..<random.below(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            compiles(String(decoding: bytes, as: UTF8.self), &definitions)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        var definitions = Definitions()
        for text in [String(repeating: "(", count: 10_000), String(repeating: "not ", count: 10_000) + "x",
                     "reminders | where " + String(repeating: "-", count: 10_000) + "1",
                     "reminders | where " + String(repeating: "(reminders | select ", count: 500)] {
            #expect(throws: DSLError.self) { try DSL.compile(text, catalog: Self.catalog, definitions: &definitions) }
        }
    }
}

import GRDB
import RQLLanguage
import RQLRender
import RQLValues

extension DotCommand {
    static let ftsCommands: [DotCommand] = [
        DotCommand(name: "fts", DotSyntax(forms: [[.optional(.table)], [.keyword("tokens"), .value(.tokenized), .optional(.tokenizer)]]),
                   summary: "FTS5 and FTS4 tables: columns, tokenizer, content, rows, terms, integrity; or how text tokenizes",
                   details: """
                       For each FTS5 or FTS4 table (or TABLE): its columns, tokenizer and options, content
                       mode (normal, external content, contentless), for external content the triggers that
                       keep it in step with its table (or a warning naming the changes none covers, and one
                       naming the AFTER triggers that UPDATE or DELETE the index, which leaves old words in it), row
                       count, distinct terms and the most frequent ones (through a temporary fts5vocab or
                       fts4aux table, dropped afterwards), the integrity-check result (an external-content
                       FTS5 index is compared with its table; skipped on a read-only database) and its
                       shadow tables.
                       .fts tokens 'TEXT' [TOKENIZER] shows the tokens TEXT gives (default unicode61).
                       """) { session, arguments in
            if arguments.keyword == "tokens" {
                try session.writeTokens(of: arguments[.tokenized], tokenizer: arguments.text(.tokenizer) ?? "unicode61")
            } else {
                try session.writeFTS(arguments.text(.table))
            }
        },
    ]
}

extension DotValue {
    /// The text `.fts tokens` splits.
    static let tokenized = DotValue.word("'TEXT'")
    static let tokenizer = DotValue.word("TOKENIZER", completes: .words(["unicode61", "ascii", "porter", "trigram"]))
}

extension Session {
    func writeFTS(_ name: String?) throws {
        let catalog = try dslCatalog()
        var tables = catalog.tables.values.filter(\.kind.isFullText).map(\.name).sorted()
        if let name {
            guard let table = catalog.table(named: name), table.kind.isFullText else {
                throw CommandError(.noFullTextTable(name, tables: tables))
            }
            tables = [table.name]
        }
        if tables.isEmpty { return output.write("no FTS5 or FTS4 tables\n") }
        let readonly = if case .file(_, true) = target { true } else { false }
        for table in tables {
            let kind = catalog.table(named: table)?.kind == .fts4 ? "FTS4" : "FTS5"
            let facts = try queue.inDatabase { db in try Session.ftsFacts(table, readonly: readonly, db) }
            output.write(visible: "\(kind) table \(table)\n" + AlignedList.text(facts, indent: "  "))
        }
    }

    private static func ftsFacts(_ table: String, readonly: Bool, _ db: Database) throws -> [(String, String)] {
        let quoted = SQLText.identifier(table)
        let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [table]) ?? ""
        guard let declaration = FTSDeclaration.parse(sql) else { return [("declaration", sql)] }
        let isFTS4 = declaration.module == .fts4
        var facts: [(String, String)] = [("columns", declaration.columns.joined(separator: ", "))]
        facts.append(("tokenizer", declaration.options["tokenize"] ?? (isFTS4 ? "simple (the default)" : "unicode61 (the default)")))
        let otherOptions = declaration.options.filter { !["tokenize", "content"].contains($0.key) }.sorted { $0.key < $1.key }
        if !otherOptions.isEmpty { facts.append(("options", otherOptions.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))) }
        facts.append(("content", declaration.contentMode))
        if let content = declaration.contentTable {
            for fact in try syncFacts(of: table, content: content, isFTS4: isFTS4, db) { facts.append(("sync", fact)) }
        }
        facts.append(("rows", "\(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted)") ?? 0)"))
        let vocabulary = "\"rql_fts_vocabulary\""
        try db.execute(sql: "DROP TABLE IF EXISTS temp.\(vocabulary)")
        // FTS4's fts4aux has a row per term and column, and one per term with col '*'.
        try db.execute(sql: "CREATE VIRTUAL TABLE temp.\(vocabulary) USING "
                       + (isFTS4 ? "fts4aux(main, \(quoted))" : "fts5vocab(main, \(quoted), 'row')"))
        defer { try? db.execute(sql: "DROP TABLE IF EXISTS temp.\(vocabulary)") }
        let terms = isFTS4 ? "(SELECT term, documents AS doc, occurrences AS cnt FROM temp.\(vocabulary) WHERE col = '*')"
            : "temp.\(vocabulary)"
        facts.append(("terms", "\(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(terms)") ?? 0) distinct"))
        let top = try Row.fetchAll(db, sql: "SELECT term, doc FROM \(terms) ORDER BY doc DESC, cnt DESC, term LIMIT 10")
        if !top.isEmpty {
            facts.append(("top terms", top.map { "\($0["term"] as String) (\($0["doc"] as Int))" }.joined(separator: ", ")))
        }
        if readonly {
            facts.append(("integrity", "not checked: the check writes, and the database is read-only"))
        } else {
            // With rank 1, an external-content FTS5 index is also compared with
            // its content table; FTS4 checks the index against itself.
            let againstContent = declaration.contentTable != nil && !isFTS4
            do {
                try db.execute(sql: isFTS4 ? "INSERT INTO \(quoted)(\(quoted)) VALUES ('integrity-check')"
                               : "INSERT INTO \(quoted)(\(quoted), rank) VALUES ('integrity-check', \(againstContent ? 1 : 0))")
                facts.append(("integrity", againstContent ? "ok (the index matches \(declaration.contentTable ?? ""))" : "ok"))
            } catch let error as DatabaseError {
                if againstContent, let content = declaration.contentTable, error.resultCode == .SQLITE_CORRUPT {
                    facts.append(("integrity", "FAILED: the index does not match \(content); " + rebuildHint(table)))
                } else {
                    facts.append(("integrity", "FAILED: \(error.message ?? "\(error.resultCode)")"))
                }
            }
        }
        // A prefix compared as text, not a LIKE pattern: a name may hold `%`, `_` or `\\`.
        let shadows = try String.fetchAll(db, sql: """
            SELECT name FROM pragma_table_list
            WHERE type = 'shadow' AND substr(name, 1, length(?1) + 1) = ?1 || '_' COLLATE NOCASE ORDER BY name
            """, arguments: [table])
        facts.append(("shadow tables", shadows.joined(separator: ", ")))
        return facts
    }

    /// Which changes to an external-content index's content table reach it
    /// (the triggers on that table whose statements name the index, by
    /// event), and the triggers that change it too late to be right.
    private static func syncFacts(of table: String, content: String, isFTS4: Bool, _ db: Database) throws -> [String] {
        let triggers = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE AND sql IS NOT NULL
            UNION ALL
            SELECT sql FROM sqlite_temp_master WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE AND sql IS NOT NULL
            """, arguments: [content, content]).compactMap(TriggerDefinition.parse)
        let syncing = triggers.filter { trigger in
            trigger.body.contains { statement in
                SQLTokenizer.tokens(statement).contains { $0.name?.lowercased() == table.lowercased() }
            }
        }
        var missing: [String] = []
        for event in ["INSERT", "UPDATE", "DELETE"] where !syncing.contains(where: { $0.event.description.hasPrefix(event) }) {
            missing.append(event)
        }
        var facts: [String]
        if missing.isEmpty {
            facts = ["triggers on \(content) keep it in step: " + syncing.map(\.name).sorted().joined(separator: ", ")]
        } else if missing.count == 3 {
            facts = ["WARNING: no trigger on \(content) writes to it, so any change to \(content) leaves it stale; "
                     + rebuildHint(table)]
        } else {
            facts = ["WARNING: no trigger on \(content) writes to it on \(missing.joined(separator: " or ")), "
                     + "so those leave it stale; " + rebuildHint(table)]
        }
        // An UPDATE or DELETE of an external-content index finds the words to
        // take out by reading the row from the content table; after the row
        // has changed there, it reads the new words, and the old ones stay.
        let late = syncing.filter { trigger in
            trigger.timing == .after && trigger.body.contains { changesRows(of: table, $0) }
        }
        if !late.isEmpty {
            facts.append("WARNING: " + late.map(\.name).sorted().joined(separator: ", ")
                         + " \(late.count == 1 ? "changes" : "change") the index with UPDATE or DELETE after the row "
                         + "of \(content) has changed, when the old words can no longer be read from it, so they stay "
                         + "in the index; " + (isFTS4
                            ? "delete from the index in a BEFORE trigger, insert in an AFTER one"
                            : "take the old row out with INSERT INTO \(table)(\(table), rowid, …) VALUES ('delete', old.rowid, old.…)"))
        }
        return facts
    }

    /// Whether `statement` is an UPDATE or DELETE of the table `table`.
    private static func changesRows(of table: String, _ statement: String) -> Bool {
        var tokens = SQLTokenizer.tokens(statement)[...]
        guard let verb = tokens.popFirst() else { return false }
        if verb.isWord("delete") {
            guard tokens.popFirst()?.isWord("from") == true else { return false }
        } else if verb.isWord("update") {
            if tokens.first?.isWord("or") == true { tokens = tokens.dropFirst(2) }
        } else {
            return false
        }
        // A trigger's statements cannot name a table's database.
        return tokens.first?.name?.lowercased() == table.lowercased()
    }

    /// How to make an FTS5 or FTS4 index again from its content.
    private static func rebuildHint(_ table: String) -> String {
        "INSERT INTO \(table)(\(table)) VALUES ('rebuild') makes it again"
    }

    /// `.fts tokens`: the tokens `text` gives with `tokenizer`, in order.
    func writeTokens(of text: String, tokenizer: String) throws {
        let tokens = try queue.inDatabase { db -> [Row] in
            let table = "\"rql_fts_tokens\""
            let vocabulary = "\"rql_fts_tokens_vocabulary\""
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(vocabulary)")
            try db.execute(sql: "DROP TABLE IF EXISTS temp.\(table)")
            defer {
                try? db.execute(sql: "DROP TABLE IF EXISTS temp.\(vocabulary)")
                try? db.execute(sql: "DROP TABLE IF EXISTS temp.\(table)")
            }
            do {
                try db.execute(sql: "CREATE VIRTUAL TABLE temp.\(table) USING fts5(text, tokenize = \(SQLText.stringLiteral(tokenizer)))")
            } catch let error as DatabaseError {
                throw CommandError(.tokenizerFails(tokenizer, reason: error.message ?? "\(error.resultCode)"))
            }
            try db.execute(sql: "INSERT INTO temp.\(table)(text) VALUES (?)", arguments: [text])
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.\(vocabulary) USING fts5vocab(temp, rql_fts_tokens, 'instance')")
            return try Row.fetchAll(db, sql: "SELECT \"offset\", term FROM temp.\(vocabulary) ORDER BY \"offset\", term")
        }
        if tokens.isEmpty { return output.write("no tokens\n") }
        try writeRows(columns: ["position", "token"], rows: tokens.map { [.integer($0["offset"]), .text($0["term"])] })
    }
}

/// `search` and the FTS5 functions that go with it.
extension Compiler {
    func search(_ text: Expression, raw: Bool, stage: Stage, in pipeline: inout Pipeline) throws(DSLError) {
        let level = pipeline.level
        guard !level.hasItems, !level.isGrouped, !level.isLimited, !level.isCounted, level.search == nil,
              level.relations.count == 1, !level.readsDerivedRows else {
            throw DSLError(.searchTooLate, at: stage.keywordSpan)
        }
        let relation = pipeline.primary
        guard let table = relation.table else {
            throw DSLError(.searchWithoutTable, at: stage.keywordSpan)
        }
        let (ftsTable, key) = try searchTarget(for: table, span: stage.keywordSpan)
        let match: SQLNode
        if case .string(let words) = text.kind {
            let query = raw ? words : Compiler.quotedWords(words)
            guard !query.isEmpty else {
                throw DSLError(.emptySearch, at: text.span)
            }
            match = bind(.text(query))
        } else {
            let value = try compileBare(text, in: pipeline)
            // Each word matched as written: the text in double quotes, its own doubled.
            let quote = SQLNode.literal("'\"'")
            let escaped = SQLNode.call("replace", [value.node, quote, .literal("'\"\"'")], distinct: false, filter: nil)
            match = raw ? value.node : .infix(.infix(quote, .concat, escaped), .concat, quote)
        }
        let ftsAlias: String
        if let key {
            ftsAlias = uniqueAlias(ftsTable.name)
            let condition = SQLNode.infix(.column(ftsAlias, key.fts), .equal, relation.column(key.source))
            level.joins.append(SQLJoin(isLeft: false, source: .table(ftsTable.name, schema: nil, alias: ftsAlias),
                                       conditions: [condition]))
        } else {
            ftsAlias = relation.sqlAlias
        }
        level.wheres.append(SQLExpression(.infix(.column(nil, ftsAlias), .match, match)))
        level.search = QueryLevel.Search(ftsTable: ftsTable, ftsAlias: ftsAlias)
        // FTS5 ranks its matches; FTS4 has no rank, and gives them by rowid.
        if level.orderBy == nil, ftsTable.kind == .fts5 { level.orderBy = [SQLOrdering(value: .column(ftsAlias, "rank"))] }
    }

    /// `take out` → `"take" "out"`: each word matched as written, not as FTS5 syntax.
    static func quotedWords(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace })
            .map { "\"" + String($0).replacingAll(UInt8(ascii: "\""), with: "\"\"") + "\"" }
            .joined(separator: " ")
    }

    /// The FTS5 table that indexes `table`, and the key that links them (nil
    /// when `table` is itself an FTS5 table).
    func searchTarget(for table: Catalog.Table, span: SourceSpan) throws(DSLError)
        -> (Catalog.Table, Catalog.SearchKey?) {
        if table.kind.isFullText { return (table, nil) }
        if let defined = definitions.searchTables[table.name] {
            guard let fts = catalog.table(named: defined.ftsTable) else {
                throw DSLError(.searchTableGone(table: table.name, fts: defined.ftsTable), at: span)
            }
            let key = defined.keyColumn.map { Catalog.SearchKey(fts: $0, source: table.primaryKey.first ?? "rowid") } ?? .rowid
            return (fts, key)
        }
        var candidates: [(Catalog.Table, Catalog.SearchKey)] = []
        for fts in catalog.tables.values.sorted(by: { $0.name < $1.name }) where fts.kind.isFullText {
            if let content = fts.contentTable, content.lowercased() == table.name.lowercased() {
                candidates.append((fts, Catalog.SearchKey(fts: "rowid", source: fts.contentRowid ?? "rowid")))
            }
        }
        for link in catalog.searchLinks where link.table == table.name {
            guard let fts = catalog.tables[link.ftsTable], !candidates.contains(where: { $0.0.name == fts.name }) else { continue }
            candidates.append((fts, link.key))
        }
        if candidates.count == 1, let only = candidates.first { return only }
        if candidates.isEmpty {
            throw DSLError(.noSearchTable(table.name), at: span)
        }
        throw DSLError(.severalSearchTables(table.name, candidates: candidates.map { $0.0.name }), at: span)
    }

    /// `highlight(col)`, `snippet(col)` and `bm25()` on the searched FTS5
    /// table; on an FTS4 table, `snippet(col)` in FTS4's own argument order.
    func searchFunction(_ function: String, name: Name, _ arguments: [Expression], search: QueryLevel.Search,
                        _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        if search.ftsTable.kind == .fts4, function != "snippet" {
            throw DSLError(.notInFTS4(function: function, table: search.ftsTable.name), at: name.span)
        }
        let table = SQLNode.column(nil, search.ftsAlias)
        var extras: [SQLNode] = []
        let rest = function == "bm25" ? arguments[...] : arguments.dropFirst()
        for argument in rest { extras.append(try compile(argument, context).node) }
        if function == "bm25" { return SQLExpression(.call("bm25", [table] + extras, distinct: false, filter: nil)) }
        let maximum = function == "highlight" ? 3 : 5
        guard let first = arguments.first, let path = Compiler.path(of: first), let column = path.last,
              arguments.count <= maximum else {
            throw DSLError(.searchFunctionArguments(function: function, table: search.ftsTable.name),
                           at: name.span.through(arguments.last?.span ?? name.span))
        }
        let columns = search.ftsTable.columnNames
        guard let index = columns.firstIndex(of: column.text) else {
            let suggestions = Compiler.closest(to: column.text, in: columns)
            throw DSLError(.notIndexed(column.text, table: search.ftsTable.name, suggestions: suggestions, columns: columns),
                           at: column.span)
        }
        let defaults = function == "highlight" ? ["**", "**"] : ["**", "**", "…"]
        while extras.count < defaults.count { extras.append(bind(.text(defaults[extras.count]))) }
        if function == "snippet", extras.count < 4 { extras.append(.literal("16")) }
        let position = SQLNode.literal(String(index))
        if search.ftsTable.kind == .fts4 {
            // FTS4: snippet(table, open, close, ellipsis, column, tokens).
            return SQLExpression(.call("snippet", [table] + extras.prefix(3) + [position] + extras.dropFirst(3), distinct: false, filter: nil))
        }
        return SQLExpression(.call(function, [table, position] + extras, distinct: false, filter: nil))
    }
}

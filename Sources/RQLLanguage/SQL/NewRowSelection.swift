/// The `SELECT` of a trigger's `INSERT … SELECT`, read for the columns of
/// the row that fired the trigger it selects: `new.c` itself, or a column
/// of the trigger's table when the `WHERE` picks that row, its key equal to
/// the new row's (`t.id = new.id`, `new.id IS t.id`, `t.id IN (new.id)`,
/// every column of a composite key), where `t` is the table or the alias
/// its `FROM` gives it.
struct NewRowSelection {
    /// For each selected item, the new row's column it is (nil for anything else).
    let columns: [String?]

    /// Reads the `SELECT` at `select`; nil when it has a `FROM` but does not pick the new row of `source` there.
    init?(_ reader: SQLExpressionReader, select: Int, source: Catalog.Table) {
        // The statement ends at its `;`, if it has one.
        let end = reader.firstIndex(in: select..<reader.tokens.count) { $0.isPunctuation(";") } ?? reader.tokens.count
        var start = select + 1
        if reader.token(start)?.isWord("distinct") == true || reader.token(start)?.isWord("all") == true { start += 1 }
        guard let from = reader.firstIndex(in: start..<end, where: { $0.isWord("from") }) else {
            // `SELECT new.id, new.title`: the new row's columns themselves.
            columns = reader.items(start..<end).map { reader.column($0)?.newRowColumn }
            return
        }
        guard let whereIndex = reader.firstIndex(in: (from + 1)..<end, where: { $0.isWord("where") }),
              let qualifier = NewRowSelection.qualifier(of: source, in: (from + 1)..<whereIndex, reader)
        else { return nil }
        let clauseEnd = reader.firstIndex(in: (whereIndex + 1)..<end) { token in
            NewRowSelection.afterWhere.contains { token.isWord($0) }
        } ?? end
        // A compound SELECT adds rows of other queries.
        if let clause = reader.token(clauseEnd), ["union", "intersect", "except"].contains(where: { clause.isWord($0) }) { return nil }
        let table = SourceColumns(source, qualifier: qualifier)
        guard table.picksNewRow(reader.equalities((whereIndex + 1)..<clauseEnd)) else { return nil }
        columns = reader.items(start..<from).map { item in
            guard let reference = NewRowSelection.withoutAlias(item, reader).lazy.compactMap({ reader.column($0) }).first else { return nil }
            return reference.newRowColumn ?? table.name(of: reference)
        }
    }

    /// Words that end a `WHERE` clause.
    private static let afterWhere = ["group", "order", "limit", "window", "on", "returning", "union", "intersect", "except"]

    /// Words after a table in a `FROM` clause that are not its alias.
    private static let notAliases: Set<String> = [
        "join", "inner", "left", "right", "full", "outer", "cross", "natural", "on", "using", "indexed", "not", "where",
    ]

    /// What `range`, a `FROM` clause, calls `source`: its alias, or its
    /// name, lowercased; nil when it reads `source` not once but never or twice.
    private static func qualifier(of source: Catalog.Table, in range: Range<Int>, _ reader: SQLExpressionReader) -> String? {
        var found: [String] = []
        var index = range.lowerBound
        var expectsTable = true
        while index < range.upperBound {
            let token = reader.tokens[index]
            if expectsTable, var table = token.name {
                expectsTable = false
                index += 1
                if index + 1 < range.upperBound, reader.tokens[index].isPunctuation("."), let name = reader.tokens[index + 1].name {
                    table = name
                    index += 2
                }
                var alias: String?
                if index + 1 < range.upperBound, reader.tokens[index].isWord("as"), let name = reader.tokens[index + 1].name {
                    alias = name
                    index += 2
                } else if index < range.upperBound, let name = reader.tokens[index].name,
                          reader.tokens[index].kind == .quotedName || !notAliases.contains(name.lowercased()) {
                    alias = name
                    index += 1
                }
                if table.lowercased() == source.name.lowercased() { found.append((alias ?? table).lowercased()) }
                continue
            }
            expectsTable = token.isPunctuation(",") || token.isWord("join")
            if let close = reader.closing(index), close < range.upperBound { index = close + 1 } else { index += 1 }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// A selected item, and the same without the alias it may end with
    /// (`x AS name`, `x name`).
    private static func withoutAlias(_ item: Range<Int>, _ reader: SQLExpressionReader) -> [Range<Int>] {
        guard item.count >= 2, reader.tokens[item.upperBound - 1].name != nil else { return [item] }
        let asWord = item.count >= 3 && reader.tokens[item.upperBound - 2].isWord("as")
        return [item, item.lowerBound..<(item.upperBound - (asWord ? 2 : 1))]
    }
}

/// The columns of the table a trigger fires on, as a `SELECT` in its body
/// names them: bare, or after the qualifier its `FROM` gives the table.
private struct SourceColumns {
    let source: Catalog.Table
    let qualifier: String
    /// The names of its rowid (`rowid`, `_rowid_`, `oid`, and an `INTEGER PRIMARY KEY`), lowercased.
    let rowidNames: Set<String>

    init(_ source: Catalog.Table, qualifier: String) {
        self.source = source
        self.qualifier = qualifier
        var names: Set<String> = []
        if source.hasRowid {
            names = ["rowid", "_rowid_", "oid"]
            if source.primaryKey.count == 1, let key = source.columns.first(where: \.isPrimaryKey), key.type.uppercased() == "INTEGER" {
                names.insert(key.name.lowercased())
            }
        }
        rowidNames = names
    }

    /// The column of the table `reference` names, or nil.
    func name(of reference: SQLExpressionReader.ColumnReference) -> String? {
        if let last = reference.qualifier.last {
            guard reference.qualifier.count <= 2, last.lowercased() == qualifier else { return nil }
        }
        let name = reference.name.lowercased()
        guard rowidNames.contains(name) || source.columns.contains(where: { $0.name.lowercased() == name }) else { return nil }
        return reference.name
    }

    /// Whether the comparisons pin the table's row to the new row: its
    /// rowid, or every column of its primary key, equal to the new row's.
    func picksNewRow(_ equalities: [(SQLExpressionReader.ColumnReference, SQLExpressionReader.ColumnReference)]) -> Bool {
        var matched: Set<String> = []
        for (first, second) in equalities {
            for (reference, value) in [(first, second), (second, first)] {
                guard let column = name(of: reference)?.lowercased(), let newColumn = value.newRowColumn?.lowercased() else { continue }
                if column == newColumn || (rowidNames.contains(column) && rowidNames.contains(newColumn)) { matched.insert(column) }
            }
        }
        let primaryKey = source.primaryKey.map { $0.lowercased() }
        return !matched.isDisjoint(with: rowidNames) || (!primaryKey.isEmpty && primaryKey.allSatisfy(matched.contains))
    }
}

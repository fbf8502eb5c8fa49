import RQLValues

/// `def`, `enum`, `alias` and `let`: checked against the catalog, then kept.
extension Compiler {
    func define(_ statement: Statement, text: String, in definitions: inout Definitions) throws(DSLError) {
        checksDefinition = true
        let text = String(text.drop(while: \.isWhitespace)).trimmingTrailingWhitespace()
        switch statement {
        case .define(let tableName, let name, let expression):
            guard let tableName else {
                _ = try compile(expression, ExpressionContext(Scope(bare: [], named: [:], outer: nil)))
                definitions.helpers["", default: [:]][name.text] = .init(expression: expression, text: text)
                definitions.record(.helper, table: "", name: name.text, text: text)
                return
            }
            let table = try definedTable(tableName)
            if table.column(name.text) != nil {
                throw DSLError(.helperNameIsColumn(name.text, table: table.name), at: name.span)
            }
            let relation = standalone(table)
            _ = try compile(expression, ExpressionContext(Scope(relation, outer: nil)))
            definitions.helpers[table.name, default: [:]][name.text] = .init(expression: expression, text: text)
            definitions.record(.helper, table: table.name, name: name.text, text: text)
        case .defineMutation(let tableName, let name, let assignments):
            let table = try definedTable(tableName)
            _ = try compileAssignments(assignments, of: table, scope: Scope(standalone(table), outer: nil))
            definitions.mutationHelpers[table.name, default: [:]][name.text] = .init(assignments: assignments, text: text)
            definitions.record(.mutationHelper, table: table.name, name: name.text, text: text)
        case .defineSearch(let tableName, let ftsName, let keyColumn):
            let table = try definedTable(tableName)
            guard let fts = catalog.table(named: ftsName.text), fts.kind.isFullText else {
                let ftsTables = catalog.tables.values.filter { $0.kind.isFullText }.map(\.name).sorted()
                throw DSLError(.notFullText(ftsName.text, ftsTables: ftsTables), at: ftsName.span)
            }
            if let keyColumn, fts.column(keyColumn.text) == nil {
                throw DSLError(.unknownFTSColumn(keyColumn.text, table: fts.name, columns: fts.columnNames), at: keyColumn.span)
            }
            definitions.searchTables[table.name] = .init(ftsTable: fts.name, keyColumn: keyColumn?.text)
            definitions.record(.search, table: table.name, name: "fts", text: text)
        case .defineEnum(let tableName, let column, let cases):
            let table = try definedTable(tableName)
            guard table.column(column.text) != nil else { throw noColumn(column, in: table) }
            var values: [Definitions.EnumCase] = []
            for (caseName, expression) in cases {
                if values.contains(where: { $0.name == caseName.text }) {
                    throw DSLError(.enumCaseTwice(caseName.text), at: caseName.span)
                }
                values.append(.init(name: caseName.text, value: try literal(expression)))
            }
            definitions.enums[table.name, default: [:]][column.text] = values
            definitions.record(.enumeration, table: table.name, name: column.text, text: text)
        case .alias(let tableName, let name, let target):
            let table = try definedTable(tableName)
            if table.column(name.text) != nil {
                throw DSLError(.aliasNameIsColumn(name.text, table: table.name), at: name.span)
            }
            let relationships = catalog.relationships(of: table).map(\.name)
            let helpers = definitions.helpers[table.name]?.keys.sorted() ?? []
            guard table.column(target.text) != nil || relationships.contains(target.text) || helpers.contains(target.text) else {
                let suggestions = Compiler.closest(to: target.text, in: table.columnNames + relationships + helpers)
                throw DSLError(.unknownAliasTarget(target.text, table: table.name, suggestions: suggestions,
                                                   relationships: relationships), at: target.span)
            }
            definitions.aliases[table.name, default: [:]][name.text] = target.text
            definitions.record(.alias, table: table.name, name: name.text, text: text)
        case .letQuery(let name, let query):
            if catalog.table(named: name.text) != nil {
                throw DSLError(.alreadyATable(name.text), at: name.span)
            }
            let redefines = definitions.queries[name.text] != nil
            let readsItself = { (source: Name) in
                source.text == name.text || (redefines && self.letQuery(source.text, reads: name.text))
            }
            if let use = query.sourceNames.first(where: readsItself) {
                throw DSLError(.definedInTermsOfItself(name.text), at: use.span)
            }
            var withoutSelf = definitions
            withoutSelf.queries[name.text] = nil
            withoutSelf.queryShapes[name.text] = nil
            let checker = Compiler(catalog: catalog, definitions: withoutSelf, functions: { self.functions })
            checker.checksDefinition = true
            let compiled = try checker.compile(query, outer: nil)
            definitions.queries[name.text] = query
            definitions.queryShapes[name.text] = .init(columns: compiled.outputs.map(\.name), table: compiled.table,
                                                       enums: Compiler.enums(of: compiled.outputs))
            definitions.record(.query, table: "", name: name.text, text: text)
        case .query, .insert:
            break
        }
    }

    private func definedTable(_ name: Name) throws(DSLError) -> Catalog.Table {
        if let table = catalog.table(named: name.text) { return table }
        let suggestions = Compiler.closest(to: name.text, in: catalog.tableNames)
        throw DSLError(.unknownTable(name.text, suggestions: suggestions), at: name.span)
    }

    /// A relation over `table` alone, for checking a definition. When an
    /// FTS5 table indexes `table`, the check reads as if after `search`, so
    /// a helper may call `highlight`, `snippet` and `bm25`.
    private func standalone(_ table: Catalog.Table) -> Relation {
        let level = QueryLevel(from: .source(.table(table.name, schema: nil, alias: table.name)), owner: self)
        let relation = Relation(name: table.name, sqlAlias: uniqueAlias(table.name), table: table, columns: table.columnNames,
                                enums: definitions.enums[table.name] ?? [:], level: level)
        level.relations = [relation]
        if let (ftsTable, _) = try? searchTarget(for: table, span: SourceSpan(0, 0)) {
            level.search = QueryLevel.Search(ftsTable: ftsTable, ftsAlias: relation.sqlAlias)
        }
        return relation
    }

    /// An enum case's value: a number, a string, true, false or nil.
    private func literal(_ expression: Expression) throws(DSLError) -> SQLValue {
        switch expression.kind {
        case .integer(let value): return .integer(value)
        case .real(let value): return .real(value)
        case .string(let value): return .text(value)
        case .boolean(let value): return .integer(value ? 1 : 0)
        case .null: return .null
        case .unary(.negate, let operand):
            switch try literal(operand) {
            case .integer(let value): return .integer(-value)
            case .real(let value): return .real(-value)
            default: break
            }
        default: break
        }
        throw DSLError(.enumNeedsLiteral, at: expression.span)
    }
}

/// `update`, `delete` and `insert`.
extension Compiler {
    func compileMutation(_ stage: Stage, pipeline: Pipeline, rest: ArraySlice<Stage>) throws(DSLError) -> CompiledSelect {
        let level = pipeline.level
        let relation = pipeline.primary
        guard let table = relation.table else {
            throw DSLError(.mutationWithoutTable(stage: stage.name), at: stage.keywordSpan)
        }
        guard !level.hasItems, !level.isGrouped, !level.isCounted, !level.distinct, level.relations.count == 1 else {
            throw DSLError(.mutationOfDerivedRows(stage: stage.name), at: stage.keywordSpan)
        }
        // A condition with a subquery could see rows the statement has
        // already changed (SQLite updates and deletes as it reads): the rows
        // are found first, by key, as in the reference lowering always.
        let direct = lowering == .optimized && !level.readsDerivedRows && level.joins.isEmpty && level.orderBy == nil
            && !level.isLimited && level.search == nil && !level.wheres.contains(where: \.readsRows)
        let targetAlias = direct ? relation.sqlAlias : table.name
        let target = SQLSource.table(table.name, schema: nil, alias: targetAlias)
        var condition: SQLNode?
        if direct {
            condition = level.wheres.isEmpty ? nil : .all(level.wheres.map(\.node))
        } else {
            // The rows are found again by what tells them apart: the rowid,
            // not a primary key that may hold NULL; rows read through a `let`
            // query have only their columns.
            let identity = level.readsDerivedRows ? (table.primaryKey.isEmpty ? nil : table.primaryKey)
                : Compiler.rowIdentity(of: table)
            guard let key = identity else {
                throw DSLError(.mutationWithoutKey(stage: stage.name, table: table.name), at: stage.keywordSpan)
            }
            level.items = key.map { .expression(relation.column($0), alias: nil) }
            let keyColumns = key.map { SQLNode.column(nil, $0) }
            condition = .inQuery(keyColumns.count == 1 ? keyColumns[0] : .row(keyColumns), level.query(in: levels), negated: false)
        }
        let targetLevel = QueryLevel(from: .source(target), owner: self)
        targetLevel.allowsJoins = false
        let targetRelation = Relation(name: relation.name, sqlAlias: targetAlias, table: table, columns: table.columnNames,
                                      enums: definitions.enums[table.name] ?? [:], level: targetLevel)
        targetLevel.relations = [targetRelation]
        let scope = Scope(targetRelation, outer: nil)
        var sets: [(column: String, value: SQLNode)]?
        if case .update(let assignments) = stage.kind {
            sets = try compileAssignments(assignments, of: table, scope: scope).map { ($0.column, $0.value.node) }
        }
        var returning: [SQLItem]?
        var outputs: [(name: String, value: SQLExpression)] = []
        if let next = rest.first {
            guard case .returning(let items) = next.kind else { throw onlyReturning(after: stage, next) }
            if let extra = rest.dropFirst().first { throw onlyReturning(after: next, extra) }
            (returning, outputs) = try returningClause(items, scope: scope, relation: targetRelation)
        }
        let statement: SQLStatement = sets.map { .update(target, sets: $0, condition: condition, returning: returning) }
            ?? .delete(target, condition: condition, returning: returning)
        let verb: EveryRowChange.Verb = sets == nil ? .delete : .update
        return CompiledSelect(statement: statement, outputs: outputs, isMutation: true,
                              everyRowChange: condition == nil ? EveryRowChange(verb: verb, table: table.name) : nil)
    }

    func compileInsertSelect(into source: Source, _ assignments: [Assignment], upsert: Upsert?,
                             returning: [SelectItem]?) throws(DSLError) -> CompiledSelect {
        guard let table = catalog.table(named: source.name.text), definitions.queries[source.name.text] == nil else {
            let suggestions = Compiler.closest(to: source.name.text, in: catalog.tableNames)
            throw DSLError(.unknownInsertTable(source.name.text, suggestions: suggestions), at: source.name.span)
        }
        let level = QueryLevel(from: .source(.table(table.name, schema: nil, alias: table.name)), owner: self)
        level.allowsJoins = false
        let relation = Relation(name: table.name, sqlAlias: table.name, table: table, columns: table.columnNames,
                                enums: definitions.enums[table.name] ?? [:], level: level)
        let valuesScope = Scope(bare: [], named: [:], outer: nil)
        let sets = try compileAssignments(assignments, of: table, scope: valuesScope).map { ($0.column, $0.value.node) }
        let conflict = try upsert.map { upsert throws(DSLError) in try upsertClause(upsert, table: table, relation: relation) }
        var items: [SQLItem]?
        var outputs: [(name: String, value: SQLExpression)] = []
        if let returning {
            (items, outputs) = try returningClause(returning, scope: Scope(relation, outer: nil), relation: relation)
        }
        return CompiledSelect(statement: .insert(table.name, sets: sets, upsert: conflict, returning: items),
                              outputs: outputs, isMutation: true)
    }

    /// `ON CONFLICT (…) DO NOTHING` or `DO UPDATE SET …`, where bare names
    /// are the existing row's columns and `excluded.col` the new row's.
    private func upsertClause(_ upsert: Upsert, table: Catalog.Table, relation: Relation) throws(DSLError) -> SQLUpsert {
        for column in upsert.columns where table.column(column.text) == nil { throw noColumn(column, in: table) }
        let columns = upsert.columns.map(\.text)
        guard let updates = upsert.updates else { return SQLUpsert(columns: columns, sets: nil) }
        let excluded = Relation(name: "excluded", sqlAlias: "excluded", table: table, columns: table.columnNames,
                                enums: definitions.enums[table.name] ?? [:], level: level(of: relation))
        let scope = Scope(bare: [relation], named: [relation.name: relation, "excluded": excluded], outer: nil)
        let sets = try compileAssignments(updates, of: table, scope: scope)
        return SQLUpsert(columns: columns, sets: sets.map { ($0.column, $0.value.node) })
    }

    private func returningClause(_ items: [SelectItem], scope: Scope,
                                 relation: Relation) throws(DSLError) -> ([SQLItem], [(name: String, value: SQLExpression)]) {
        var returned: [SQLItem] = []
        var outputs: [(name: String, value: SQLExpression)] = []
        for item in items {
            switch item {
            case .star, .relationStar:
                returned.append(.all)
                outputs += columnOutputs(of: relation).map { ($0.name, SQLExpression(.column(nil, $0.name))) }
            case .expression(let expression, let alias, let text):
                let value = try compile(expression, ExpressionContext(scope))
                if value.isAggregate {
                    throw DSLError(.returningAggregate, at: expression.span)
                }
                let name = alias?.text ?? value.columnName ?? text
                returned.append(.expression(value.node, alias: alias == nil && value.columnName != nil ? nil : name))
                outputs.append((name, value))
            }
        }
        return (returned, outputs)
    }

    /// `column = value` items, mutation helpers expanded, each column once.
    func compileAssignments(_ assignments: [Assignment], of table: Catalog.Table,
                            scope: Scope) throws(DSLError) -> [(column: String, value: SQLExpression)] {
        var result: [(column: String, value: SQLExpression)] = []
        for assignment in assignments {
            switch assignment {
            case .set(let column, let expression):
                guard table.column(column.text) != nil || column.text == "rowid" else { throw noColumn(column, in: table) }
                if result.contains(where: { $0.column == column.text }) {
                    throw DSLError(.setTwice(column.text), at: column.span)
                }
                var context = ExpressionContext(scope)
                context.enumHint = definitions.enums[table.name]?[column.text]
                let value = try compile(expression, context)
                if value.isAggregate {
                    throw DSLError(.setToAggregate, at: expression.span)
                }
                result.append((column.text, value))
            case .helper(let name):
                result += try expandMutationHelper(name, of: table, scope: scope, already: result.map(\.column))
            }
        }
        return result
    }

    private func expandMutationHelper(_ name: Name, of table: Catalog.Table, scope: Scope,
                                      already: [String]) throws(DSLError) -> [(column: String, value: SQLExpression)] {
        guard let helper = definitions.mutationHelpers[table.name]?[name.text] else {
            if table.column(name.text) != nil {
                throw DSLError(.helperNeedsValue(name.text), at: name.span)
            }
            let helpers = definitions.mutationHelpers[table.name]?.keys.sorted() ?? []
            let suggestions = Compiler.closest(to: name.text, in: helpers + table.columnNames)
            throw DSLError(.unknownMutationHelper(name.text, table: table.name, suggestions: suggestions, helpers: helpers),
                           at: name.span)
        }
        let key = "\(table.name).\(name.text)"
        guard !helperStack.contains(key), helperStack.count < Compiler.maximumHelperDepth else {
            throw DSLError(.mutationHelperUsesItself(key), at: name.span)
        }
        helperStack.append(key)
        defer { helperStack.removeLast() }
        do throws(DSLError) {
            let sets = try compileAssignments(helper.assignments, of: table, scope: scope)
            if let twice = sets.first(where: { already.contains($0.column) }) {
                throw DSLError(.setTwiceByHelper(twice.column), at: name.span)
            }
            return sets
        } catch {
            if error.span == name.span || helperStack.count > 1 { throw error }
            throw DSLError(.inMutationHelper(key, definition: helper.text, error.problem), at: name.span)
        }
    }
}

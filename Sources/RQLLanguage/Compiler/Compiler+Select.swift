/// The `select` stage: result columns, and aggregates over one relationship
/// sharing a join.
extension Compiler {
    /// Whether a select item may hold an aggregate (a syntactic check made
    /// before deciding to nest).
    func mayAggregate(_ item: SelectItem) -> Bool {
        guard case .expression(let value, _, _) = item else { return false }
        return containsAggregateCall(value)
    }

    private func containsAggregateCall(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .call(let name, let arguments, _, _):
            if isAggregateFunction(name.text, argumentCount: arguments.count) { return true }
            return arguments.contains(where: containsAggregateCall)
        case .method(let receiver, let name, let arguments):
            return isAggregateFunction(name.text, argumentCount: arguments.count + 1)
                || containsAggregateCall(receiver) || arguments.contains(where: containsAggregateCall)
        case .unary(_, let operand), .isNil(let operand, _), .collate(let operand, _), .quantified(_, let operand),
             .member(let operand, _):
            return containsAggregateCall(operand)
        case .binary(_, let left, let right), .pattern(_, let left, let right, _):
            return containsAggregateCall(left) || containsAggregateCall(right)
        case .between(let value, let lower, let upper, _):
            return [value, lower, upper].contains(where: containsAggregateCall)
        case .inList(let value, let list, _):
            return containsAggregateCall(value) || list.contains(where: containsAggregateCall)
        case .caseWhen(let subject, let whens, let otherwise):
            return [subject, otherwise].compactMap { $0 }.contains(where: containsAggregateCall)
                || whens.contains { containsAggregateCall($0.0) || containsAggregateCall($0.1) }
        default:
            return false
        }
    }

    func select(_ items: [SelectItem], in pipeline: inout Pipeline) throws(DSLError) {
        let level = pipeline.level
        var context = ExpressionContext(pipeline.scope)
        context.toManyAliases = ToManyAliases()
        if level.isGrouped { context.groupKeys = level.groupKeys }
        // Without `group`, an aggregate makes one row even of no rows.
        context.rowMayBeMissing = !level.isGrouped && items.contains(where: mayAggregate)
        var columns: [QueryLevel.Item] = []
        var outputs: [(name: String, value: SQLExpression)] = []
        var aliased: Set<String> = []
        for item in items {
            switch item {
            case .star(let span):
                if level.isGrouped {
                    throw DSLError(.starAfterGroup, at: span)
                }
                columns.append(.star)
                for relation in level.relations { outputs += columnOutputs(of: relation) }
            case .relationStar(let name):
                let relationName = String(name.text)
                guard let relation = pipeline.scope.named[relationName] else {
                    throw DSLError(.unknownRelationName(relationName, names: pipeline.scope.named.keys.sorted()), at: name.span)
                }
                columns.append(.allOf(relation.sqlAlias))
                outputs += columnOutputs(of: relation)
            case .expression(let expression, let alias, let text):
                var value = try compile(expression, context)
                if !value.carriesUnmeantCollation { value = value.collatedAsMeant }
                if let column = value.ungrouped { throw notGrouped(column) }
                if value.isRowsOfRelationship {
                    throw DSLError(.toManySelected(text), at: expression.span)
                }
                let name = alias?.text ?? value.columnName ?? text
                let plain = alias == nil && value.columnName != nil
                columns.append(.expression(value.node, alias: plain ? nil : name))
                if !plain { aliased.insert(name) }
                outputs.append((name, value))
            }
        }
        joinSharedAggregates(&columns, &outputs, aliased: aliased, in: level)
        level.items = columns
        level.aliasedOutputs = aliased
        level.itemsAreGroupKeys = false
        level.outputs = outputs
        level.hasAggregateItems = outputs.contains { $0.value.isAggregate }
        pipeline.scope = pipeline.scope.with(outputs: Dictionary(outputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
        let carrying = outputs.filter(\.value.carriesUnmeantCollation).map(\.name)
        if !carrying.isEmpty { readWithoutCollation(Set(carrying), in: &pipeline) }
    }

    /// Two or more aggregates over one to-many relationship read its rows
    /// once: the relationship is joined (LEFT JOIN, so rows without related
    /// rows stay) and the level grouped by its row's key, where each
    /// aggregate would otherwise run a correlated subquery of its own. Only
    /// where one row of the level is one row of a table with a key.
    private func joinSharedAggregates(_ columns: inout [QueryLevel.Item], _ outputs: inout [(name: String, value: SQLExpression)],
                                      aliased: Set<String>, in level: QueryLevel) {
        guard !level.isGrouped, !level.isLimited, !level.distinct, !level.isCounted, !level.readsDerivedRows,
              level.relations.count == 1, let primary = level.relations.first, let table = primary.table,
              table.kind == .table, level.allowsJoins else { return }
        guard let rowKey = Compiler.rowIdentity(of: table) else { return }
        var counts: [String: Int] = [:]
        for output in outputs {
            guard let joined = output.value.joinedAggregate, joined.found.outer === primary,
                  joined.found.level.wheres.count == joined.found.links.count else { continue }
            counts[joined.found.key, default: 0] += 1
        }
        guard columns.count == outputs.count,  // no `*`, which stands for several outputs
              // An aggregate of the level's own rows makes one row of them all, not one a row.
              !outputs.contains(where: { $0.value.isAggregate }),
              let (key, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2 else { return }
        var found: ToManyCollector.Found?
        for (index, output) in outputs.enumerated() {
            guard let joined = output.value.joinedAggregate, joined.found.key == key else { continue }
            found = found ?? joined.found
            var value = SQLExpression(joined.node)
            value.isAggregate = true
            outputs[index].value = value
            let plain = !aliased.contains(output.name)
            columns[index] = .expression(value.node, alias: plain ? nil : output.name)
        }
        guard let found, case .source(let far) = found.level.from else { return }
        let conditions = found.links.map { SQLNode.infix($0.outer, .equal, $0.inner) }
        // Through a junction table, the junction and the far table join
        // first, as in the subquery.
        let joined = found.level.joins.isEmpty ? far : .joined(far, found.level.joins)
        level.joins.append(SQLJoin(isLeft: true, source: joined, conditions: conditions))
        level.groupByRow = rowKey.map { primary.column($0) }
    }

    /// What tells a table's rows apart: the rowid (by a name no column
    /// takes), or a WITHOUT ROWID table's primary key, which is never NULL.
    /// A rowid table's other primary key may hold several NULLs.
    static func rowIdentity(of table: Catalog.Table) -> [String]? {
        guard table.hasRowid else { return table.primaryKey.isEmpty ? nil : table.primaryKey }
        if let alias = table.rowidAlias { return [alias] }
        return ["rowid", "_rowid_", "oid"].first { name in table.columns.allSatisfy { $0.name.lowercased() != name } }
            .map { [$0] }
    }
}

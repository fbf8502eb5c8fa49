/// A query compiled to a SELECT (or a mutation), with its result columns.
struct CompiledSelect {
    var statement: SQLStatement
    var outputs: [(name: String, value: SQLExpression)]
    var isMutation = false
    var everyRowChange: EveryRowChange?
    /// The table whose rows (all columns) it returns, when it does.
    var table: Catalog.Table?
}

/// The state of a pipeline between stages.
struct Pipeline {
    var level: QueryLevel
    var scope: Scope
    /// The relation the stages work on: the source, or the nested query.
    var primary: Relation
}

extension Compiler {
    func compile(_ query: Query, outer: Scope?) throws(DSLError) -> CompiledSelect {
        try enter(query.span)
        defer { leave() }
        try compileCommonTables(readBy: query)
        var pipeline = try begin(query.source, outer: outer)
        var stages = query.stages[...]
        while let stage = stages.popFirst() {
            switch stage.kind {
            case .update, .delete:
                return try compileMutation(stage, pipeline: pipeline, rest: stages)
            case .insert(let assignments, let upsert):
                guard stages.count == query.stages.count - 1 else {
                    throw DSLError(.insertNotFirst(table: query.source.name.text), at: stage.keywordSpan)
                }
                var returning: [SelectItem]?
                if let next = stages.popFirst() {
                    guard case .returning(let items) = next.kind else { throw onlyReturning(after: stage, next) }
                    returning = items
                    if let extra = stages.first { throw onlyReturning(after: next, extra) }
                }
                return try compileInsertSelect(into: query.source, assignments, upsert: upsert, returning: returning)
            case .returning:
                throw DSLError(.returningWithoutChange, at: stage.keywordSpan)
            default:
                try apply(stage, to: &pipeline)
            }
        }
        let level = pipeline.level
        let keepsTable = !level.hasItems && !level.isGrouped && level.relations.count == 1 && !level.isCounted
        return CompiledSelect(statement: .query(level.query(in: levels)), outputs: level.outputs, table: keepsTable ? pipeline.primary.table : nil)
    }

    func onlyReturning(after stage: Stage, _ next: Stage) -> DSLError {
        DSLError(.onlyReturning(after: stage.name), at: next.keywordSpan)
    }

    // MARK: Sources

    func begin(_ source: Source, outer: Scope?) throws(DSLError) -> Pipeline {
        let level = QueryLevel(from: .none, owner: self)
        let (relation, from) = try self.relation(for: source, in: level)
        level.from = .source(from)
        level.readsDerivedRows = definitions.queries[source.name.text] != nil
        level.relations = [relation]
        level.outputs = columnOutputs(of: relation)
        var scope = Scope(relation, outer: outer)
        if let table = relation.table, source.alias == nil, table.name != relation.name {
            scope = scope.naming(table.name, relation)
        }
        return Pipeline(level: level, scope: scope, primary: relation)
    }

    /// The relation a source names (a `let` query or a table), read in
    /// `level`, with its FROM item.
    func relation(for source: Source, in level: QueryLevel) throws(DSLError) -> (Relation, SQLSource) {
        if let named = definitions.queries[source.name.text] {
            let table = try commonTable(named: source.name.text, query: named, usedAt: source.name.span)
            let alias = uniqueAlias(source.visibleName)
            let relation = Relation(name: source.visibleName, sqlAlias: alias, table: table.table, columns: table.columns,
                                    enums: table.enums, level: level)
            return (relation, .table(table.name, schema: nil, alias: alias))
        }
        if let table = catalog.table(named: source.name.text) {
            let alias = uniqueAlias(source.alias?.text ?? table.name)
            // `emp.employees` is known by its table's name in the query.
            let qualified = source.name.text.contains(".") && table.schema != "main"
            let relation = Relation(name: source.alias?.text ?? (qualified ? table.name : source.name.text), sqlAlias: alias,
                                    table: table, columns: table.columnNames, enums: definitions.enums[table.name] ?? [:], level: level)
            return (relation, .table(table.name, schema: qualified ? table.schema : nil, alias: alias))
        }
        let tables = catalog.tables.values.filter { $0.kind != .view }.map(\.name).sorted()
        let views = catalog.tables.values.filter { $0.kind == .view }.map(\.name).sorted()
        throw DSLError(.unknownSource(source.name.text, suggestions: Compiler.closest(to: source.name.text, in: sourceNames),
                                      tables: tables, views: views), at: source.name.span)
    }

    func columnOutputs(of relation: Relation) -> [(name: String, value: SQLExpression)] {
        relation.columns.map { column in
            var value = SQLExpression(relation.column(column))
            value.enumCases = relation.enums[column]
            value.columnName = column
            return (column, value)
        }
    }

    // MARK: Stages

    func apply(_ stage: Stage, to pipeline: inout Pipeline) throws(DSLError) {
        let aggregates: Bool
        if case .select(let items) = stage.kind, pipeline.level.isLimited {
            aggregates = items.contains(where: mayAggregate)
        } else {
            aggregates = false
        }
        if pipeline.level.nests(before: stage.kind, aggregates: aggregates) { nest(&pipeline) }
        let level = pipeline.level
        switch stage.kind {
        case .filter(let condition):
            try filter(condition, in: &pipeline, stage: stage)
        case .having(let condition):
            guard level.isGrouped, !level.isLimited, !level.isCounted else {
                throw DSLError(.havingWithoutGroup, at: stage.keywordSpan)
            }
            try filter(condition, in: &pipeline, stage: stage)
        case .select(let items):
            try select(items, in: &pipeline)
        case .order(let items):
            try order(items, in: pipeline)
        case .limit(let count, let offset):
            orderByKeyUnlessOrdered(pipeline)
            level.limit = try compileBare(count, in: pipeline).node
            if let offset { level.offset = try compileBare(offset, in: pipeline).node }
        case .offset(let offset):
            orderByKeyUnlessOrdered(pipeline)
            level.offset = try compileBare(offset, in: pipeline).node
        case .group(let keys):
            try group(keys, in: &pipeline)
        case .distinct:
            level.distinct = true
        case .count:
            var count = SQLExpression(.call("count", [.literal("*")], distinct: false, filter: nil))
            count.isAggregate = true
            level.items = [.expression(count.node, alias: "count")]
            level.itemsAreGroupKeys = false
            level.outputs = [("count", count)]
            level.orderBy = nil
            level.isCounted = true
            pipeline.scope = pipeline.scope.with(outputs: ["count": count])
        case .join(let join):
            try self.join(join, stage: stage, in: &pipeline)
        case .find(let keys):
            try find(keys, stage: stage, in: pipeline)
        case .search(let text, let raw):
            try search(text, raw: raw, stage: stage, in: &pipeline)
        case .compound(let op, let other):
            try combine(op, other, stage: stage, in: &pipeline)
        case .chart:
            throw DSLError(.chartNotLast, at: stage.keywordSpan)
        case .update, .delete, .insert, .returning:
            break
        }
    }

    /// `union (QUERY)` and the others: the rows so far and the other
    /// query's, combined, become the rows the next stages read.
    private func combine(_ op: Stage.SetOperator, _ query: Query, stage: Stage,
                         in pipeline: inout Pipeline) throws(DSLError) {
        let other = try compile(query, outer: pipeline.scope.outer)
        let otherRows = try rows(of: other, query: query)
        let left = pipeline.level
        guard left.outputs.count == other.outputs.count else {
            throw DSLError(.compoundWidths(stage: stage.name, left: left.outputs.count, right: other.outputs.count),
                           at: query.span)
        }
        // A side with its own order or limit is read whole first: a compound
        // SELECT takes ORDER BY and LIMIT only at its end.
        func member(_ rows: SQLQuery, ordered: Bool) -> SQLQuery {
            ordered ? .whole(rows) : rows
        }
        let otherIsOrdered = query.stages.contains { stage in
            switch stage.kind {
            case .order, .limit, .offset, .search: true
            default: false
            }
        }
        let combined = SQLQuery.compound(member(left.query(in: levels), ordered: left.orderBy != nil || left.isLimited), op,
                                         member(otherRows, ordered: otherIsOrdered))
        let alias = uniqueAlias(pipeline.primary.name)
        let level = QueryLevel(from: .source(.rows(combined, alias: alias)), owner: self)
        let relation = Relation(name: pipeline.primary.name, sqlAlias: alias, table: nil, columns: left.outputs.map(\.name),
                                enums: [:], level: level)
        proceed(with: level, reading: relation, in: &pipeline)
    }

    /// A `limit` or `offset` with no `order` before it takes the rows of
    /// its table in primary-key (or rowid) order, as a pipeline reads: the
    /// first five tracks are tracks 1 to 5, whatever index SQLite would
    /// pick. Groups, distinct rows and rows of a view or a nested query keep
    /// no such order.
    func orderByKeyUnlessOrdered(_ pipeline: Pipeline) {
        let level = pipeline.level
        guard level.orderBy == nil, !level.isGrouped, !level.distinct, !level.readsDerivedRows,
              let table = pipeline.primary.table, table.kind != .view else { return }
        let key = table.primaryKey.isEmpty ? (table.hasRowid ? ["rowid"] : []) : table.primaryKey
        guard !key.isEmpty else { return }
        level.orderBy = key.map { SQLOrdering(value: pipeline.primary.column($0)) }
    }

    /// Makes `level`, whose FROM holds `relation`'s rows (earlier rows
    /// nested or combined), the level the next stages work on.
    private func proceed(with level: QueryLevel, reading relation: Relation, in pipeline: inout Pipeline) {
        level.relations = [relation]
        level.outputs = columnOutputs(of: relation)
        level.readsDerivedRows = true
        pipeline.level = level
        pipeline.primary = relation
        pipeline.scope = Scope(relation, outer: pipeline.scope.outer)
    }

    /// Makes the query so far the FROM of a new level.
    func nest(_ pipeline: inout Pipeline) {
        let inner = pipeline.level
        let alias = uniqueAlias(pipeline.primary.name)
        let level = QueryLevel(from: .nested(inner.id, alias: alias), owner: self)
        let keepsTable = !inner.hasItems && !inner.isGrouped && inner.relations.count == 1
        var enums: [String: [Definitions.EnumCase]] = [:]
        for output in inner.outputs { if let cases = output.value.enumCases { enums[output.name] = cases } }
        let relation = Relation(name: pipeline.primary.name, sqlAlias: alias, table: keepsTable ? pipeline.primary.table : nil,
                                columns: inner.outputs.map(\.name), enums: enums, level: level)
        proceed(with: level, reading: relation, in: &pipeline)
    }

    private func filter(_ condition: Expression, in pipeline: inout Pipeline, stage: Stage) throws(DSLError) {
        var context = ExpressionContext(pipeline.scope)
        context.onlyTrueKeeps = true
        let grouped = pipeline.level.isGrouped
        if grouped { context.groupKeys = pipeline.level.groupKeys }
        let value = try compile(condition, context)
        if value.isWindow {
            // SQL computes windows after WHERE: filtering on one the `select` computed
            // reads the query so far as rows, where it is a column.
            nest(&pipeline)
            return try filter(condition, inNested: &pipeline, stage: stage)
        }
        if grouped {
            if let column = value.ungrouped { throw notGrouped(column) }
            pipeline.level.havings.append(value)
        } else {
            if value.isAggregate {
                throw DSLError(.aggregateFilters(stage: stage.name), at: condition.span)
            }
            pipeline.level.wheres.append(value)
            for alias in value.rejectsWhenMissing { pipeline.level.joinInner(alias) }
        }
    }

    /// A `where` on the rows of a nested level, whose columns hold what the
    /// windows before it computed.
    private func filter(_ condition: Expression, inNested pipeline: inout Pipeline, stage: Stage) throws(DSLError) {
        var context = ExpressionContext(pipeline.scope)
        context.onlyTrueKeeps = true
        let value = try compile(condition, context)
        if value.isWindow {
            throw DSLError(.windowFilters(stage: stage.name), at: condition.span)
        }
        if value.isAggregate {
            throw DSLError(.aggregateFilters(stage: stage.name), at: condition.span)
        }
        pipeline.level.wheres.append(value)
    }

    func notGrouped(_ column: Name) -> DSLError {
        DSLError(.notGrouped(column.text), at: column.span)
    }

    private func order(_ items: [SortItem], in pipeline: Pipeline) throws(DSLError) {
        var terms: [SQLOrdering] = []
        for item in items {
            let value: SQLNode
            if case .name(let name) = item.expression.kind, pipeline.level.aliasedOutputs.contains(name) {
                value = .column(nil, name)
            } else {
                value = try compile(item.expression, ExpressionContext(pipeline.scope)).collatedAsMeant.node
            }
            terms.append(SQLOrdering(value: value, descending: item.descending, nullsFirst: item.nullsFirst))
        }
        pipeline.level.orderBy = terms
    }

    private func group(_ keys: [(Expression, text: String, alias: Name?)], in pipeline: inout Pipeline) throws(DSLError) {
        var compiled: [SQLExpression] = []
        var outputs: [(name: String, value: SQLExpression)] = []
        var context = ExpressionContext(pipeline.scope)
        context.tracksIdentity = true
        for (key, text, alias) in keys {
            let value = try compile(key, context)
            if value.isAggregate {
                throw DSLError(.groupByAggregate, at: key.span)
            }
            var plain = value.collatedAsMeant
            plain.ungrouped = nil
            // A named key is no longer the column it reads: it is shown under its name.
            if alias != nil { plain.columnName = nil }
            compiled.append(plain)
            outputs.append((alias?.text ?? value.columnName ?? text, plain))
        }
        pipeline.level.groupBy = compiled
        pipeline.level.outputs = outputs
        pipeline.level.itemsAreGroupKeys = true
        pipeline.level.aliasedOutputs = Set(outputs.filter { $0.value.columnName != $0.name }.map(\.name))
        pipeline.level.items = outputs.map { output in
            .expression(output.value.node, alias: output.value.columnName == output.name ? nil : output.name)
        }
        pipeline.scope = pipeline.scope.with(outputs: Dictionary(outputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
    }

    private func find(_ keys: [Expression], stage: Stage, in pipeline: Pipeline) throws(DSLError) {
        let relation = pipeline.primary
        let key: [String]
        if let table = relation.table {
            key = table.primaryKey.isEmpty ? ["rowid"] : table.primaryKey
        } else if relation.columns.contains("id") {
            key = ["id"]
        } else {
            throw DSLError(.findWithoutKey, at: stage.keywordSpan)
        }
        guard key.count == 1, let column = key.first else {
            throw DSLError(.findCompositeKey(relation: relation.described, key: key), at: stage.keywordSpan)
        }
        var context = ExpressionContext(pipeline.scope)
        context.enumHint = relation.enums[column]
        let values = try keys.map { (key: Expression) throws(DSLError) -> SQLNode in try compile(key, context).node }
        let keyColumn = relation.column(column)
        pipeline.level.wheres.append(SQLExpression(values.count == 1 ? .infix(keyColumn, .equal, values[0])
            : .inList(keyColumn, values, negated: false)))
    }

    /// An expression that may not read columns (a `limit`).
    func compileBare(_ expression: Expression, in pipeline: Pipeline) throws(DSLError) -> SQLExpression {
        try compile(expression, ExpressionContext(Scope(bare: [], named: [:], outer: nil)))
    }
}


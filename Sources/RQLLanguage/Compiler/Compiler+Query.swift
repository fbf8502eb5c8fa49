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
                    throw DSLError("`insert` must come straight after the table", at: stage.keywordSpan,
                                   label: "insert here", notes: ["help: \(query.source.name.text) | insert column = value"])
                }
                var returning: [SelectItem]?
                if let next = stages.popFirst() {
                    guard case .returning(let items) = next.kind else { throw onlyReturning(after: stage, next) }
                    returning = items
                    if let extra = stages.first { throw onlyReturning(after: next, extra) }
                }
                return try compileInsertSelect(into: query.source, assignments, upsert: upsert, returning: returning)
            case .returning:
                throw DSLError("`returning` must follow `update`, `delete` or `insert`", at: stage.keywordSpan,
                               label: "nothing to return from",
                               notes: ["help: reminders | where isFlagged | update isFlagged = false | returning title"])
            default:
                try apply(stage, to: &pipeline)
            }
        }
        let level = pipeline.level
        let keepsTable = !level.hasItems && !level.isGrouped && level.relations.count == 1 && !level.isCounted
        return CompiledSelect(statement: .query(level.query), outputs: level.outputs, table: keepsTable ? pipeline.primary.table : nil)
    }

    func onlyReturning(after stage: Stage, _ next: Stage) -> DSLError {
        DSLError("only `returning` can follow `\(stage.name)`", at: next.keywordSpan, label: "not allowed here")
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
        var notes: [String] = []
        if let suggestion = Compiler.didYouMean(source.name.text, in: sourceNames) { notes.append(suggestion) }
        notes.append("note: tables: " + catalog.tables.values.filter { $0.kind != .view }.map(\.name).sorted().joined(separator: ", "))
        let views = catalog.tables.values.filter { $0.kind == .view }.map(\.name).sorted()
        if !views.isEmpty { notes.append("note: views: " + views.joined(separator: ", ")) }
        throw DSLError("no table or view named `\(source.name.text)`", at: source.name.span,
                       label: "unknown table", notes: notes)
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
                throw DSLError("`having` filters groups: it needs a `group` stage before it", at: stage.keywordSpan,
                               label: "no group here", notes: ["help: use `where` to filter rows"])
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
            throw DSLError("`chart` comes last, after every other stage of the query", at: stage.keywordSpan,
                           label: "not the last stage", notes: ["help: reminders | group by list.title | select list.title, count() | chart bar"])
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
            throw DSLError("`\(stage.name)` combines rows of the same number of columns: the rows so far have "
                           + "\(left.outputs.count), the query in parentheses \(other.outputs.count)",
                           at: query.span, label: "\(other.outputs.count) \(other.outputs.count == 1 ? "column" : "columns")",
                           notes: ["help: select the same number of columns on both sides"])
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
        let combined = SQLQuery.compound(member(left.query, ordered: left.orderBy != nil || left.isLimited), op.rawValue,
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
        let level = QueryLevel(from: .nested(inner, alias: alias), owner: self)
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
                throw DSLError("an aggregate cannot filter rows", at: condition.span, label: "aggregate in `\(stage.name)`",
                               notes: ["help: group first: reminders | group by remindersListID | where count() > 2"])
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
            throw DSLError("a window function cannot filter rows where it is computed", at: condition.span,
                           label: "window in `\(stage.name)`",
                           notes: ["help: select it with a name, then filter: … | select title, row_number() over (order title) as n | where n <= 3"])
        }
        if value.isAggregate {
            throw DSLError("an aggregate cannot filter rows", at: condition.span, label: "aggregate in `\(stage.name)`",
                           notes: ["help: group first: reminders | group by remindersListID | where count() > 2"])
        }
        pipeline.level.wheres.append(value)
    }

    func notGrouped(_ column: Name) -> DSLError {
        DSLError("`\(column.text)` is neither a group key nor aggregated", at: column.span,
                 label: "not a group key",
                 notes: ["help: add it to `group by`, or aggregate it: max(\(column.text)), count(distinct \(column.text))"])
    }

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

    private func select(_ items: [SelectItem], in pipeline: inout Pipeline) throws(DSLError) {
        let level = pipeline.level
        var context = ExpressionContext(pipeline.scope)
        context.toManyAliases = ToManyAliases()
        if level.isGrouped { context.groupKeys = level.groupKeys }
        // Without `group`, an aggregate makes one row even of no rows.
        context.rowMayBeMissing = !level.isGrouped && items.contains(where: mayAggregate)
        var rendered: [QueryLevel.Item] = []
        var outputs: [(name: String, value: SQLExpression)] = []
        var aliased: Set<String> = []
        for item in items {
            switch item {
            case .star(let span):
                if level.isGrouped {
                    throw DSLError("`*` cannot follow `group`", at: span, label: "not a group key",
                                   notes: ["help: select the group keys and aggregates"])
                }
                rendered.append(.star)
                for relation in level.relations { outputs += columnOutputs(of: relation) }
            case .relationStar(let name):
                let relationName = String(name.text)
                guard let relation = pipeline.scope.named[relationName] else {
                    throw DSLError("no table or alias `\(relationName)` in this query", at: name.span, label: "unknown name",
                                   notes: ["note: names here: " + pipeline.scope.named.keys.sorted().joined(separator: ", ")])
                }
                rendered.append(.allOf(relation.sqlAlias))
                outputs += columnOutputs(of: relation)
            case .expression(let expression, let alias, let text):
                var value = try compile(expression, context)
                if !value.carriesUnmeantCollation { value = value.collatedAsMeant }
                if let column = value.ungrouped { throw notGrouped(column) }
                if value.isRowsOfRelationship {
                    throw DSLError("a to-many relationship is not a value", at: expression.span, label: "aggregate it",
                                   notes: ["help: count(\(text)), or use it in `where any \(text)…`"])
                }
                let name = alias?.text ?? value.columnName ?? text
                let plain = alias == nil && value.columnName != nil
                rendered.append(.expression(value.node, alias: plain ? nil : name))
                if !plain { aliased.insert(name) }
                outputs.append((name, value))
            }
        }
        joinSharedAggregates(&rendered, &outputs, aliased: aliased, in: level)
        level.items = rendered
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
    private func joinSharedAggregates(_ rendered: inout [QueryLevel.Item], _ outputs: inout [(name: String, value: SQLExpression)],
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
        guard rendered.count == outputs.count,  // no `*`, which stands for several outputs
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
            rendered[index] = .expression(value.node, alias: plain ? nil : output.name)
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
                throw DSLError("cannot group by an aggregate", at: key.span, label: "aggregate")
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

    private func join(_ join: Join, stage: Stage, in pipeline: inout Pipeline) throws(DSLError) {
        let level = pipeline.level
        if pipeline.scope.named[join.source.visibleName] != nil {
            throw DSLError("`\(join.source.visibleName)` is already in this query", at: join.source.name.span,
                           label: "give it an alias", notes: ["help: join \(join.source.name.text) as other"])
        }
        let (relation, source) = try self.relation(for: join.source, in: level)
        let scope = pipeline.scope.adding(relation)
        let conditions: [SQLNode]
        if let on = join.condition {
            conditions = [try compile(on, ExpressionContext(scope)).node]
        } else {
            conditions = try inferredJoinCondition(relation, among: level.relations, stage: stage, source: join.source)
        }
        level.joins.append(SQLJoin(isLeft: join.isLeft, source: source, conditions: conditions))
        if join.isLeft { level.optionalAliases.insert(relation.sqlAlias) }
        level.relations.append(relation)
        level.outputs += columnOutputs(of: relation)
        pipeline.scope = scope
    }

    /// The ON condition a foreign key between the new relation and one
    /// already in the query gives.
    private func inferredJoinCondition(_ relation: Relation, among relations: [Relation], stage: Stage,
                                       source: Source) throws(DSLError) -> [SQLNode] {
        guard let table = relation.table else {
            throw DSLError("`\(source.visibleName)` has no foreign keys to join by", at: source.name.span,
                           label: "add `on …`")
        }
        var conditions: [[SQLNode]] = []
        for existing in relations {
            guard let existingTable = existing.table else { continue }
            for key in table.foreignKeys where catalog.table(named: key.table)?.name == existingTable.name {
                let targets = key.targetColumns.isEmpty ? existingTable.primaryKey : key.targetColumns
                conditions.append(zip(key.columns, targets).map { SQLNode.infix(relation.column($0), .equal, existing.column($1)) })
            }
            for key in existingTable.foreignKeys where catalog.table(named: key.table)?.name == table.name {
                let targets = key.targetColumns.isEmpty ? table.primaryKey : key.targetColumns
                conditions.append(zip(key.columns, targets).map { SQLNode.infix(existing.column($0), .equal, relation.column($1)) })
            }
        }
        if conditions.count == 1, let condition = conditions.first { return condition }
        let names = relations.map(\.name).joined(separator: ", ")
        if conditions.isEmpty {
            throw DSLError("no foreign key links `\(source.visibleName)` to \(names)", at: stage.span,
                           label: "say how to join", notes: ["help: join \(source.name.text) on …"])
        }
        throw DSLError("several foreign keys link `\(source.visibleName)` to \(names)", at: stage.span,
                       label: "say which one", notes: ["help: join \(source.name.text) as x on x.… == …"])
    }

    private func find(_ keys: [Expression], stage: Stage, in pipeline: Pipeline) throws(DSLError) {
        let relation = pipeline.primary
        let key: [String]
        if let table = relation.table {
            key = table.primaryKey.isEmpty ? ["rowid"] : table.primaryKey
        } else if relation.columns.contains("id") {
            key = ["id"]
        } else {
            throw DSLError("`find` needs a table with a primary key", at: stage.keywordSpan, label: "no key here")
        }
        guard key.count == 1, let column = key.first else {
            throw DSLError("`find` needs a one-column primary key; \(relation.described) has (\(key.joined(separator: ", ")))",
                           at: stage.keywordSpan, label: "composite key",
                           notes: ["help: use where: " + key.map { "\($0) == …" }.joined(separator: " and ")])
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


import RQLValues

/// Function calls, aggregates over relationships, and `any`/`all`/`none`.
extension Compiler {
    func call(_ name: Name, _ arguments: [Expression], distinct: Bool, star: Bool, span: SourceSpan,
              _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let function = try functionName(name)
        if ["highlight", "snippet", "bm25"].contains(function), let bare = context.scope.bare.first, let search = level(of: bare).search {
            return try searchFunction(function, name: name, arguments, search: search, context)
        }
        if ["highlight", "snippet", "bm25"].contains(function) {
            throw DSLError(.searchFunctionWithoutSearch(function), at: name.span)
        }
        guard isAggregateFunction(function, argumentCount: arguments.count) || (star && function == "count") else {
            if distinct {
                throw DSLError(.distinctOutsideAggregate(function: function), at: name.span)
            }
            var values: [SQLExpression] = []
            for argument in arguments {
                let value = try compile(argument, context)
                if value.isRowsOfRelationship { throw rowsNeedAggregate(argument) }
                values.append(value)
            }
            if Compiler.comparesItsArguments(function, distinct: false) {
                try Compiler.requireComparableAsMeant(values, arguments, function: function)
                values = values.map(\.collatedAsMeant)
            } else {
                values = values.map(\.nested)
            }
            return .combining(.call(function, values.map(\.node), distinct: false, filter: nil), values,
                              .call(function, distinct: false, star: false))
        }
        let collector = ToManyCollector()
        var inner = context
        inner.inAggregate = true
        inner.groupKeys = nil
        inner.collector = collector
        var values: [SQLExpression] = []
        var arguments = arguments
        var filter: Expression?
        if let last = arguments.last, case .filtered(let rows, let condition) = last.kind {
            arguments[arguments.count - 1] = rows
            filter = condition
        }
        for argument in arguments {
            let value = try compile(argument, inner)
            values.append(Compiler.comparesItsArguments(function, distinct: distinct) ? value.collatedAsMeant : value.nested)
        }
        var argumentNodes = values.map(\.node)
        let countsRows = star || (function == "count" && arguments.isEmpty)
        var readsStar = countsRows
        if countsRows {
            argumentNodes = [.literal("*")]
        } else if values.count == 1, values[0].isRowsOfRelationship {
            guard function == "count" else { throw rowsNeedAggregate(arguments[0]) }
            argumentNodes = [.literal("*")]
            readsStar = true
        } else if let rows = zip(arguments, values).first(where: { $0.1.isRowsOfRelationship }) {
            throw rowsNeedAggregate(rows.0)
        }
        let callNode = SQLNode.call(function, argumentNodes, distinct: distinct, filter: nil)
        guard let found = collector.found else {
            if let filter {
                throw DSLError(.filterWithoutRelationship, at: filter.span)
            }
            var result = SQLExpression.combining(callNode, values, .call(function, distinct: distinct, star: countsRows))
            result.isAggregate = true
            return result
        }
        if let filter {
            // Names in the condition are the related rows' own (`not isCompleted`), then the outer query's.
            let rowsContext = ExpressionContext(Scope(found.relation, outer: context.scope))
            found.level.wheres.append(try compile(filter, rowsContext))
        }
        let level = found.correlated()
        level.items = [.expression(callNode, alias: nil)]
        var result = SQLExpression(.subquery(level.query(in: levels)))
        result.readsRows = true
        // Aggregates whose result depends on the order of the rows keep their
        // own subquery: a join may read the rows in another order; so do
        // filtered ones, whose rows are not those of the shared join.
        if lowering == .optimized, filter == nil, let link = found.links.first,
           !Compiler.orderSensitiveAggregates.contains(function.lowercased()) {
            // Joined, `count(*)` counts the related rows' key, which a row without any has NULL.
            let joinedArguments = readsStar ? [link.inner] : argumentNodes
            var joined = SQLNode.call(function, joinedArguments, distinct: distinct, filter: nil)
            // A COLLATE in the arguments carries up through the joined call,
            // where the subquery has none; a subquery of its own drops it.
            if FoundCollation.carried(values.map(\.textCollation)) != nil { joined = .selected(joined) }
            result.joinedAggregate = JoinedAggregate(found: found, node: joined)
        }
        return result
    }

    /// Whether a call compares its arguments with their collation: `min`,
    /// `max` and `nullif` (SQLite's functions that need one), and an
    /// aggregate over distinct values. A path read by a subquery says its
    /// collation there; elsewhere it reads as a joined column's value would.
    static func comparesItsArguments(_ function: String, distinct: Bool) -> Bool {
        distinct || ["min", "max", "nullif"].contains(function.lowercased())
    }

    static let orderSensitiveAggregates: Set<String> = ["group_concat", "string_agg", "json_group_array", "json_group_object"]

    /// `f(…) over (partition by … order … frame)`: the call over a window of
    /// the query's rows. An aggregate there reads the window, not a group.
    func window(_ call: Expression, partition: [Expression], order: [SortItem], frame: String?, span: SourceSpan,
                _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        guard case .call(let name, let arguments, let distinct, let star) = call.kind else {
            throw DSLError(.overWithoutCall, at: call.span)
        }
        let function = try functionName(name)
        var values: [SQLExpression] = []
        for argument in arguments {
            let value = try compile(argument, context)
            if value.isRowsOfRelationship { throw rowsNeedAggregate(argument) }
            values.append(Compiler.comparesItsArguments(function, distinct: distinct) ? value.collatedAsMeant : value.nested)
        }
        let countsRows = star || (function.lowercased() == "count" && arguments.isEmpty)
        let call = SQLNode.call(function, countsRows ? [.literal("*")] : values.map(\.node), distinct: distinct, filter: nil)
        var parts = values
        var keys: [SQLNode] = []
        for key in partition {
            let value = try compile(key, context).collatedAsMeant
            keys.append(value.node)
            parts.append(value)
        }
        var terms: [SQLOrdering] = []
        for item in order {
            let value = try compile(item.expression, context).collatedAsMeant
            terms.append(SQLOrdering(value: value.node, descending: item.descending, nullsFirst: item.nullsFirst))
            parts.append(value)
        }
        var result = SQLExpression.combining(.window(call, partition: keys, order: terms, frame: frame), parts, nil)
        let called = ExpressionIdentity.applying(.call(function, distinct: distinct, star: countsRows),
                                                 to: values)
        let ordering = order.map { ExpressionIdentity.Ordering(descending: $0.descending, nullsFirst: $0.nullsFirst) }
        result.identity = .applying(.window(partitions: partition.count, order: ordering, frame: frame),
                                    to: called, then: parts.dropFirst(values.count))
        result.isWindow = true
        return result
    }

    /// `count() filter (where isFlagged)`: SQL's `FILTER (WHERE …)` on an
    /// aggregate of the query's own rows.
    func aggregateFilter(_ call: Expression, _ condition: Expression, _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        var aggregate = try compile(call, context)
        guard aggregate.isAggregate, case .call(let function, let arguments, let distinct, nil) = aggregate.node else {
            throw DSLError(.filterWithoutAggregate, at: call.span)
        }
        var inner = context
        inner.inAggregate = true
        inner.groupKeys = nil
        let filter = try compile(condition, inner)
        aggregate.node = .call(function, arguments, distinct: distinct, filter: filter.node)
        aggregate.identity = .applying(.filter, to: aggregate.identity, then: [filter])
        return aggregate
    }

    func rowsNeedAggregate(_ argument: Expression) -> DSLError {
        DSLError(.toManyArgument, at: argument.span)
    }

    /// The SQLite function a DSL name calls: as written, or its snake_case
    /// spelling (`groupConcat` → `group_concat`).
    private func functionName(_ name: Name) throws(DSLError) -> String {
        let lowered = name.text.lowercased()
        if functions[lowered] != nil { return lowered }
        let snake = Compiler.snakeCase(name.text)
        if functions[snake] != nil { return snake }
        let suggestions = Compiler.closest(to: lowered, in: Array(functions.keys))
        throw DSLError(.unknownFunction(name.text, suggestions: suggestions), at: name.span)
    }

    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                if !result.isEmpty { result += "_" }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    func isAggregateFunction(_ name: String, argumentCount: Int) -> Bool {
        let function = functions[name.lowercased()] != nil ? name.lowercased() : Compiler.snakeCase(name)
        if function == "min" || function == "max" { return argumentCount == 1 }
        if function == "count" { return argumentCount <= 1 }
        return functions[function] == .aggregate
    }

    func quantified(_ quantifier: Quantifier, _ operand: Expression, span: SourceSpan,
                    _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let collector = ToManyCollector()
        var inner = context
        inner.collector = collector
        inner.groupKeys = nil
        inner.onlyTrueKeeps = false
        inner.rowMayBeMissing = false
        let condition = try compile(operand, inner)
        guard let found = collector.found else {
            throw DSLError(.quantifierWithoutRelationship(quantifier.rawValue), at: span)
        }
        let level = found.level
        if !condition.isRowsOfRelationship {
            switch quantifier {
            case .any, .none:
                level.wheres.append(condition)
                // As in a `where`: a path's LEFT JOIN whose missing row the condition rejects is an inner join.
                for alias in condition.rejectsWhenMissing { level.joinInner(alias) }
            case .all: level.wheres.append(SQLExpression(.isNotTrue(condition.node)))
            }
        } else if quantifier == .all {
            throw DSLError(.allWithoutCondition, at: span)
        }
        // `key IN (SELECT …)` runs the subquery once, where EXISTS runs it for
        // each row; with keys that are never NULL the two mean the same. A
        // NULL key makes IN give NULL where EXISTS gives false, which keeps
        // the same rows where only true keeps one: there `any` may use IN
        // whatever the keys (`none`'s NOT IN would drop rows NOT EXISTS keeps).
        let inKeepsTheRows = (found.keysAreNeverNull && !context.rowMayBeMissing) || (quantifier == .any && context.onlyTrueKeeps)
        if lowering == .optimized, quantifier != .all, inKeepsTheRows, let link = found.links.first,
           found.links.count == 1, !(found.innerIsLookedUp && mostFarRowsMatch(level)) {
            level.items = [.expression(link.inner, alias: nil)]
            var result = SQLExpression(.inQuery(link.outer, level.query(in: levels), negated: quantifier != .any))
            result.readsRows = true
            return result
        }
        let correlated = found.correlated()
        correlated.items = [.expression(.literal("1"), alias: nil)]
        let exists = SQLNode.exists(correlated.query(in: levels))
        var result = SQLExpression(quantifier == .any ? exists : .prefix(.not, exists))
        result.readsRows = true
        return result
    }

    /// Whether most of the first rows of a to-many level's table meet its
    /// condition. IN reads every far row once; EXISTS stops at the first
    /// match for each outer row, which is sooner when most rows match and
    /// later (a key lookup for each far row) when few do. Rows are the same
    /// either way. With no condition every row matches; without a sample, or
    /// with a condition on a level that joins, IN is kept.
    func mostFarRowsMatch(_ level: QueryLevel) -> Bool {
        if level.wheres.isEmpty, level.search == nil { return true }
        guard let sample, !level.wheres.isEmpty, level.joins.isEmpty, level.search == nil,
              case .source(let source) = level.from else { return false }
        let matches = SQLNode.caseWhen(nil, [(.all(level.wheres.map(\.node)), .literal("1"))], .literal("0"))
        var rows = SQLSelect.Level(items: [.expression(matches, alias: "matches")])
        rows.source = source
        rows.limit = .literal(String(Compiler.sampledRows))
        var share = SQLSelect.Level(items: [.expression(.call("avg", [.column(nil, "matches")], distinct: false, filter: nil),
                                                        alias: nil)])
        share.source = .rows(.select(SQLSelect(levels: [rows])), alias: nil)
        let sql = SQLStatement.query(.select(SQLSelect(levels: [share]))).sql
        guard let share = sample(SQLText.inlining(values, into: sql)) else { return false }
        return share > 0.5
    }

    /// How many rows of a table a sample reads: enough to tell a condition
    /// most rows meet from one few meet, few enough to cost nothing.
    static let sampledRows = 256
}

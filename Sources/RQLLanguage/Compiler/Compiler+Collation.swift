/// Comparisons that use the collation their meaning gives. A to-one path read
/// by a scalar subquery says its column's collation (a subquery has none),
/// where the joined column would have it as its own; SQLite ranks a said
/// collation above a column's own, so a comparison can choose another one.
/// Where the text would choose differently from the meaning, the meant
/// collation is said where SQLite puts it first.
extension Compiler {
    /// The left operand of `lhs op rhs`, saying the meant collation where
    /// the text would choose another.
    static func comparedAsMeant(_ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression {
        let meant = FoundCollation.compared(lhs.collation, rhs.collation)
        guard meant != FoundCollation.compared(lhs.textCollation, rhs.textCollation) else { return lhs }
        return lhs.saying(meant)
    }

    /// `subject` compared with each of `others` (`BETWEEN`'s bounds, a simple
    /// `CASE`'s values), each pair with its meant collation. One collation
    /// meant for every pair is said on the subject; else the subject says
    /// none, and each other operand says its pair's. Nil when neither can
    /// be done: the subject's text says a collation its meaning does not.
    static func comparedAsMeant(_ subject: SQLExpression,
                                _ others: [SQLExpression]) -> (subject: SQLExpression, others: [SQLExpression])? {
        let meant = others.map { FoundCollation.compared(subject.collation, $0.collation) }
        let written = others.map { FoundCollation.compared(subject.textCollation, $0.textCollation) }
        guard meant != written else { return (subject, others) }
        if let first = meant.first, meant.allSatisfy({ $0 == first }) { return (subject.saying(first), others) }
        let subject = subject.nested
        guard subject.textCollation?.isSaid != true else { return nil }
        let fixed = zip(others, meant).map { other, collation in
            FoundCollation.compared(subject.textCollation, other.textCollation) == collation ? other : other.saying(collation)
        }
        return (subject, fixed)
    }

    /// The left operand of `value IN (SELECT output …)`, which compares as
    /// `value = output` does. Where that takes a collation the output says
    /// over the left column's own, the left says it too: SQLite 3.40 looks
    /// the values up in an index of the left column when one serves it, with
    /// the index's collation, whatever the output says.
    static func comparedInSubquery(_ value: SQLExpression, _ output: SQLExpression) -> SQLExpression {
        let value = comparedAsMeant(value, output)
        let meant = FoundCollation.compared(value.collation, output.collation)
        guard value.textCollation?.isSaid != true, meant != FoundCollation.listed(value.textCollation) else { return value }
        return value.saying(meant)
    }

    /// The operands of `value IN (items)`, which compares with the left
    /// operand's collation alone. SQLite turns `x IN (y)` into `x = y` when
    /// `y` is constant, where a collation `y` says would count: a lone item
    /// that says one is written twice, so that every list compares alike.
    static func listedAsMeant(_ value: SQLExpression,
                              _ items: [SQLExpression]) -> (value: SQLExpression, items: [SQLExpression]) {
        var items = items.map(\.nested)
        if items.count == 1, let item = items.first, FoundCollation.carried([item.collation, item.textCollation]) != nil {
            items.append(item)
        }
        let meant = FoundCollation.listed(value.collation)
        guard meant != FoundCollation.listed(value.textCollation) else { return (value, items) }
        return (value.saying(meant), items)
    }

    /// `max(a, b)` and `min`, `nullif` compare with the collation of their
    /// first argument that has one. A window over a path read by a subquery
    /// carries the COLLATE the path says and cannot be read by a subquery
    /// of its own: where its meaning has none and a later argument has one
    /// other than BINARY, no text says what the call means.
    static func requireComparableAsMeant(_ values: [SQLExpression], _ arguments: [Expression],
                                         function: String) throws(DSLError) {
        guard let window = values.firstIndex(where: \.carriesUnmeantCollation),
              let collated = values.firstIndex(where: { $0.collation != nil }), collated > window,
              values[collated].collation?.name.uppercased() != "BINARY" else { return }
        throw DSLError(.windowCollation(function: function), at: arguments[window].span)
    }

    /// A `select` whose windows in `names` carry a collation their meaning
    /// has none of (a window over a path read by a subquery) is nested, and
    /// each of those columns read by a scalar subquery, which has none: a
    /// column of the nested query would have the one its value carries.
    func readWithoutCollation(_ names: Set<String>, in pipeline: inout Pipeline) {
        nest(&pipeline)
        let level = pipeline.level
        let relation = pipeline.primary
        var items: [QueryLevel.Item] = []
        var outputs: [(name: String, value: SQLExpression)] = []
        for (name, column) in columnOutputs(of: relation).map({ ($0.name, $0.value) }) {
            var value = column
            if names.contains(name) {
                value.node = .selected(column.node)
                value.columnName = nil
            }
            items.append(.expression(value.node, alias: names.contains(name) ? name : nil))
            outputs.append((name, value))
        }
        level.items = items
        level.aliasedOutputs = names
        level.outputs = outputs
        pipeline.scope = pipeline.scope.with(outputs: Dictionary(outputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
    }
}

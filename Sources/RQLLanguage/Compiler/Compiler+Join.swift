/// The `join` and `left join` stages.
extension Compiler {
    func join(_ join: Join, stage: Stage, in pipeline: inout Pipeline) throws(DSLError) {
        let level = pipeline.level
        if pipeline.scope.named[join.source.visibleName] != nil {
            throw DSLError(.alreadyJoined(join.source.visibleName, source: join.source.name.text), at: join.source.name.span)
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
            throw DSLError(.joinWithoutForeignKeys(source.visibleName), at: source.name.span)
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
        let names = relations.map(\.name)
        if conditions.isEmpty {
            throw DSLError(.noJoiningKey(source.visibleName, source: source.name.text, relations: names), at: stage.span)
        }
        throw DSLError(.severalJoiningKeys(source.visibleName, source: source.name.text, relations: names), at: stage.span)
    }
}

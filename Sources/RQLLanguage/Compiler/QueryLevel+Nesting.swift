/// Whether a stage folds into the SELECT being built or needs the rows so
/// far read as a nested query first: each case with what the stage needs of
/// the level to mean the same folded (the table in `Compiler/README.md`;
/// `DSLNestingTests` covers each row).
extension QueryLevel {
    /// Whether `stage` reads the rows so far as a nested query; `aggregates`
    /// says whether the stage's items may hold an aggregate.
    func nests(before stage: Stage.Kind, aggregates: Bool = false) -> Bool {
        switch stage {
        case .filter:
            // WHERE comes before LIMIT, and filters the rows an aggregate
            // without `group` would make one of.
            return isLimited || isCounted || (hasAggregateItems && !isGrouped)
        case .select:
            // One SELECT list a level; `distinct` rows are distinct in what
            // was selected; a LIMIT applies after the aggregate would.
            return hasItems || isCounted || (distinct && !isGrouped) || (isLimited && aggregates)
        case .order, .limit, .offset, .distinct:
            // ORDER BY, LIMIT and DISTINCT come before LIMIT in SQL's order.
            return isLimited || isCounted
        case .group, .join:
            // GROUP BY and JOIN come before the SELECT list, DISTINCT and LIMIT.
            return hasItems || isGrouped || isLimited || isCounted || distinct
        case .count:
            return isGrouped || isLimited || distinct || isCounted || hasAggregateItems
        case .find:
            return hasItems || isGrouped || isLimited || isCounted
        case .having, .search, .compound, .chart, .update, .delete, .insert, .returning:
            return false
        }
    }
}

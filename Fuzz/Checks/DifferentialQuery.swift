import RQLLanguage

/// Random DSL queries over a catalog's tables and relationships: paths
/// through to-one relationships, `any`/`all`/`none` and aggregates (with
/// and without a condition) over to-many and many-to-many ones, `group`,
/// `count`, `distinct`, windows and set operations. Every query it writes
/// compiles on the catalog it was written for, or fails on both lowerings.
struct DifferentialQuery {
    let catalog: Catalog
    var random: DifferentialRandom

    /// One case: definitions to make first, the query, the condition of
    /// its first `where` (for the partition check), and for a mutation the
    /// table whose rows it changes.
    struct Case {
        var definitions: [String] = []
        var text: String
        var condition: String?
        var mutatedTable: Catalog.Table?
        /// Whether its rows come in an order it asks for, and must come
        /// in that order both ways.
        var isOrdered = false
    }

    mutating func query() -> Case? {
        let tables = catalog.tables.values.filter { $0.kind == .table || $0.kind == .view }.sorted { $0.name < $1.name }
        guard let table = random.pick(tables) else { return nil }
        var definitions: [String] = []
        var source = name(table.name)
        if random.chance(10) {
            definitions.append("let dl = " + source + " | where " + predicate(on: table, depth: 1))
            source = "dl"
        }
        if random.chance(10) {
            definitions.append("def " + name(table.name) + ".dh = " + scalar(on: table))
        }
        var stages: [String] = []
        var condition: String?
        if random.chance(70) || (table.kind == .table && random.chance(10)) {
            let predicate = self.predicate(on: table, depth: 0)
            condition = predicate
            stages.append("where " + predicate)
        }
        if table.kind == .table, source != "dl", condition != nil, random.chance(12) {
            stages.append(mutation(of: table))
            return Case(definitions: definitions, text: ([source] + stages).joined(separator: " | "), condition: condition,
                        mutatedTable: table)
        }
        switch random.below(7) {
        case 0, 1:
            var items = selectItems(on: table)
            if definitions.contains(where: { $0.hasPrefix("def ") }) { items.append("h = dh") }
            // An order that ends with the rowid is total: the rows must come in it.
            let isOrdered = table.kind == .table && table.hasRowid && table.column("rowid") == nil && random.chance(40)
            if isOrdered, let column = random.pick(table.columns) {
                stages.append("order " + (random.chance(50) ? "-" : "") + orderKey(on: table, or: column) + ", rowid")
                if random.chance(50) { stages.append("limit \(1 + random.below(4))") }
            }
            stages.append("select " + items.joined(separator: ", "))
            if isOrdered {
                return Case(definitions: definitions, text: ([source] + stages).joined(separator: " | "),
                            condition: condition, isOrdered: true)
            }
        case 2:
            let key = groupKey(on: table)
            var items = ["k = " + key, "n = count()"]
            if let column = random.pick(numericColumns(of: table)) { items.append("s = sum(\(name(column)))") }
            stages.append("group by " + key)
            stages.append("select " + items.joined(separator: ", "))
            if random.chance(30) { stages.append("where n > 1") }
        case 3:
            stages.append("count")
        case 4:
            stages.append("select " + selectItems(on: table).joined(separator: ", "))
            stages.append("distinct")
        case 5:
            if let column = random.pick(table.columns) {
                let key = orderKey(on: table, or: column)
                let window = random.chance(30) ? "max(" + key + ") over (partition by " + name(column.name) + ")"
                    : "count() over (partition by " + key + ")"
                stages.append("select " + name(column.name) + ", r = " + window)
            }
        default:
            let item = scalar(on: table)
            stages.append("select v = " + item)
            stages.append(random.pick(["union", "union all", "except", "intersect"]) ?? "union")
            stages[stages.count - 1] += " (" + name(table.name) + " | where " + predicate(on: table, depth: 1)
                + " | select v = " + scalar(on: table) + ")"
        }
        return Case(definitions: definitions, text: ([source] + stages).joined(separator: " | "), condition: condition)
    }

    /// `update col = value` or `delete`. A NOT NULL column gets a literal:
    /// NULL there may take the column's default, which can be random
    /// (`NOT NULL ON CONFLICT REPLACE DEFAULT (randomblob(…))`).
    private mutating func mutation(of table: Catalog.Table) -> String {
        guard random.chance(70), let column = random.pick(table.columns) else { return "delete" }
        let value = !column.isNotNull && random.chance(30) ? scalar(on: table) : literal(for: column)
        return "update " + name(column.name) + " = " + value
    }

    // MARK: Parts

    private mutating func predicate(on table: Catalog.Table, depth: Int) -> String {
        if depth < 2, random.chance(25) {
            let left = predicate(on: table, depth: depth + 1)
            let right = predicate(on: table, depth: depth + 1)
            return "(" + left + (random.chance(50) ? " and " : " or ") + right + ")"
        }
        if depth < 2, random.chance(10) { return "not (" + predicate(on: table, depth: depth + 1) + ")" }
        let toMany = relationships(of: table, kinds: [.toMany, .manyToMany])
        switch random.below(6) {
        case 0...1 where !toMany.isEmpty:
            guard let relationship = random.pick(toMany), let target = target(of: relationship, from: table) else { break }
            let quantifier = random.pick(["any", "none", "all"]) ?? "any"
            if quantifier != "all", random.chance(35) { return quantifier + " " + name(relationship.name) }
            return quantifier + " " + comparison(prefix: name(relationship.name) + ".", on: target)
        case 2 where !toMany.isEmpty:
            guard let relationship = random.pick(toMany), let target = target(of: relationship, from: table) else { break }
            let rows = random.chance(30) ? name(relationship.name) + " where " + comparison(prefix: "", on: target)
                : name(relationship.name)
            return "count(" + rows + ") " + (random.pick([">", "==", "<"]) ?? ">") + " " + String(random.below(3))
        case 3:
            if let (prefix, target) = toOnePath(from: table) {
                return comparison(prefix: prefix, on: target, others: table.columns.map { name($0.name) })
            }
        default:
            break
        }
        return comparison(prefix: "", on: table)
    }

    /// A test of one column of `table` (read through `prefix`): against NULL,
    /// a literal, another column (of the same table, or one of `others`), a
    /// range, a list, a subquery's values or a `case`; either side may say a collation or wrap the
    /// column in an expression, where SQLite's rules for which collation a
    /// comparison uses tell a joined column from a path read by a subquery.
    private mutating func comparison(prefix: String, on table: Catalog.Table, others: [String] = []) -> String {
        guard let column = random.pick(table.columns) else { return "true" }
        let operand = wrapped(prefix + name(column.name), column)
        let op = random.pick(["==", "!=", "<", ">=", ">"]) ?? "=="
        switch random.below(10) {
        case 0: return operand + " is nil"
        case 1: return operand + " is not nil"
        case 2:
            return operand + (random.chance(20) ? " not" : "") + " between " + collated(literal(for: column)) + " and "
                + collated(literal(for: column))
        case 3:
            if random.chance(30), let (source, other) = oneColumnQuery() {
                return operand + (random.chance(25) ? " not" : "") + " in (" + source + " | select " + other + ")"
            }
            let items = (0...random.below(2)).map { _ in collated(literal(for: column)) }
            return operand + (random.chance(25) ? " not" : "") + " in [" + items.joined(separator: ", ") + "]"
        case 4:
            return "case " + operand + " when " + collated(literal(for: column)) + " then 1 else 0 end == 1"
        case 5, 6:
            let columns = table.columns.map { prefix + name($0.name) } + others
            if let other = random.pick(columns) {
                let compared = wrapped(other, column)
                return random.chance(50) ? operand + " " + op + " " + compared : compared + " " + op + " " + operand
            }
        default:
            break
        }
        return operand + " " + op + " " + collated(literal(for: column))
    }

    /// A table of the catalog and one value of its rows: a column, maybe
    /// with a collation said, or a to-one path's column.
    private mutating func oneColumnQuery() -> (String, String)? {
        let tables = catalog.tables.values.filter { $0.kind == .table }.sorted { $0.name < $1.name }
        guard let table = random.pick(tables), let column = random.pick(table.columns) else { return nil }
        if random.chance(40), let (prefix, target) = toOnePath(from: table), let far = random.pick(target.columns) {
            return (name(table.name), prefix + name(far.name))
        }
        return (name(table.name), collated(name(column.name)))
    }

    /// `operand` as it is, or with a collation said, or inside an expression
    /// (`++`, two-argument `max`, `nullif`): one time in `outOf / 4`.
    private mutating func wrapped(_ operand: String, _ column: Catalog.Column, outOf: Int = 12) -> String {
        switch random.below(outOf) {
        case 0: return operand + " collate " + collation()
        case 1: return "(" + operand + " ++ '')"
        case 2: return "max(" + operand + ", " + literal(for: column) + ")"
        case 3: return "nullif(" + operand + ", " + literal(for: column) + ")"
        default: return operand
        }
    }

    /// A value as it is, or now and then with a collation said.
    private mutating func collated(_ value: String) -> String {
        random.chance(20) ? value + " collate " + collation() : value
    }

    private mutating func collation() -> String {
        random.pick(["nocase", "binary", "rtrim"]) ?? "nocase"
    }

    private mutating func selectItems(on table: Catalog.Table) -> [String] {
        (0...random.below(3)).enumerated().map { index, _ in "c\(index) = " + scalar(on: table) }
    }

    /// A value for each row: a column, a path's column, or an aggregate
    /// over a to-many relationship, or a quantifier's truth as a value (where
    /// NULL and false differ).
    private mutating func scalar(on table: Catalog.Table) -> String {
        let toMany = relationships(of: table, kinds: [.toMany, .manyToMany])
        switch random.below(5) {
        case 0...1 where !toMany.isEmpty:
            guard let relationship = random.pick(toMany), let target = target(of: relationship, from: table) else { break }
            let path = name(relationship.name)
            let numeric = numericColumns(of: target)
            switch random.below(5) {
            case 4:
                let quantifier = random.pick(["any", "none", "all"]) ?? "any"
                return quantifier + " " + comparison(prefix: path + ".", on: target)
            case 0, 1:
                let function = random.pick(["sum", "max", "min", "count", "total"]) ?? "max"
                // max and min compare any value, with the collation said or the column's own.
                let columns = ["max", "min"].contains(function) ? target.columns.map(\.name) : numeric
                if let column = random.pick(columns) {
                    let filter = random.chance(25) ? " where " + comparison(prefix: "", on: target) : ""
                    return function + "(" + path + "." + collated(name(column)) + filter + ")"
                }
            case 2:
                return "count(" + path + " where " + comparison(prefix: "", on: target) + ")"
            default:
                break
            }
            return "count(" + path + ")"
        case 2:
            if let (prefix, target) = toOnePath(from: table), let column = random.pick(target.columns) {
                return wrapped(prefix + name(column.name), column, outOf: 6)
            }
        default:
            break
        }
        return random.pick(table.columns).map { name($0.name) } ?? "1"
    }

    private mutating func groupKey(on table: Catalog.Table) -> String {
        if random.chance(50), let (prefix, target) = toOnePath(from: table), let column = random.pick(target.columns) {
            return wrapped(prefix + name(column.name), column, outOf: 6)
        }
        return random.pick(table.columns).map { name($0.name) } ?? "1"
    }

    /// A sort or partition key: `column`, or now and then a to-one path's
    /// column, maybe inside an expression, whose collation SQLite takes alone.
    private mutating func orderKey(on table: Catalog.Table, or column: Catalog.Column) -> String {
        if random.chance(30), let (prefix, target) = toOnePath(from: table), let far = random.pick(target.columns) {
            return wrapped(prefix + name(far.name), far, outOf: 6)
        }
        return name(column.name)
    }

    /// `a.` or `a.b.`: one or two to-one steps from `table`, and where they lead.
    private mutating func toOnePath(from table: Catalog.Table) -> (String, Catalog.Table)? {
        guard let first = random.pick(relationships(of: table, kinds: [.toOne])),
              let target = target(of: first, from: table) else { return nil }
        if random.chance(30), let second = random.pick(relationships(of: target, kinds: [.toOne])),
           let far = self.target(of: second, from: target) {
            return (name(first.name) + "." + name(second.name) + ".", far)
        }
        return (name(first.name) + ".", target)
    }

    private func relationships(of table: Catalog.Table, kinds: [Relationship.Kind]) -> [Relationship] {
        catalog.relationships(of: table).filter { kinds.contains($0.kind) }
    }

    private func target(of relationship: Relationship, from table: Catalog.Table) -> Catalog.Table? {
        catalog.table(named: relationship.target, in: table.schema)
    }

    private func numericColumns(of table: Catalog.Table) -> [String] {
        table.columns.filter { $0.affinity.isNumeric }.map(\.name)
    }

    private mutating func literal(for column: Catalog.Column) -> String {
        switch column.affinity {
        case .integer, .numeric: return random.pick(DifferentialRows.integers) ?? "1"
        case .real: return random.pick(DifferentialRows.reals) ?? "1.5"
        case .text, .blob: return random.pick(DifferentialRows.texts) ?? "'a'"
        }
    }

    func name(_ text: String) -> String {
        Completion.dslName(text)
    }
}

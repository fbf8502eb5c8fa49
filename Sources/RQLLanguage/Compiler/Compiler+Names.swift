import RQLValues

/// Resolving names: columns, helpers, aliases, relationships and enum cases.
extension Compiler {
    /// The names of a path (`a`, `a.b.c`), or nil when the expression is not one.
    static func path(of expression: Expression) -> [Name]? {
        switch expression.kind {
        case .name(let name): return [Name(text: name, span: expression.span)]
        case .member(let base, let name): return path(of: base).map { $0 + [name] }
        default: return nil
        }
    }

    func resolve(_ path: [Name], _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        var scope: Scope? = context.scope
        var isInnermost = true
        while let current = scope {
            if let value = try resolve(path, in: current, context) { return value }
            if isInnermost, path.count == 1, let hint = context.enumHint,
               let match = hint.first(where: { $0.name == path[0].text }) {
                return enumValue(match, context)
            }
            scope = current.outer
            isInnermost = false
        }
        if path.count == 1, let value = try enumCase(path[0], context) { return value }
        throw unknownName(path, context)
    }

    private func resolve(_ path: [Name], in scope: Scope, _ context: ExpressionContext) throws(DSLError) -> SQLExpression? {
        if let outputs = scope.outputs, let value = outputs[path.map(\.text).joined(separator: ".")] {
            var output = value
            output.ungrouped = nil
            return output
        }
        if path.count > 1 {
            for length in stride(from: path.count - 1, through: 1, by: -1) {
                let key = path[..<length].map(\.text).joined(separator: ".")
                guard let relation = scope.named[key] else { continue }
                let rest = Array(path[length...])
                if let value = try resolve(rest, from: relation, context, direct: true) { return value }
                throw noMember(rest[0], in: relation)
            }
        }
        var found: [(relation: Relation, value: SQLExpression)] = []
        for relation in scope.bare {
            if let value = try resolve(path, from: relation, context, direct: true) { found.append((relation, value)) }
        }
        if found.count > 1 {
            throw DSLError(.ambiguous(path[0].text, relations: found.map(\.relation.name)), at: path[0].span)
        }
        if let only = found.first { return only.value }
        if path.count == 1, let relation = scope.named[path[0].text] {
            throw DSLError(.tableNotValue(path[0].text, column: relation.columns.first ?? "id"), at: path[0].span)
        }
        return nil
    }

    /// `path` read from the rows of `relation`; nil when its first name means
    /// nothing there.
    func resolve(_ path: [Name], from relation: Relation, _ context: ExpressionContext,
                 direct: Bool) throws(DSLError) -> SQLExpression? {
        guard let first = path.first else { return nil }
        let rest = Array(path.dropFirst())
        let table = relation.table
        if let table, let alias = definitions.aliases[table.name]?[first.text] {
            let target = Name(text: alias, span: first.span)
            return try resolve([target] + rest, from: relation, context, direct: direct)
        }
        if rest.isEmpty {
            if relation.columns.contains(first.text) || (first.text == "rowid" && table?.hasRowid == true) {
                return columnValue(first, of: relation, context, direct: direct)
            }
            if let table, let helper = definitions.helper(first.text, on: table.name) {
                return try expand(helper, named: first, table: table, on: relation, context)
            }
        }
        if let table, let relationship = catalog.relationships(of: table).first(where: { $0.name == first.text }) {
            switch relationship.kind {
            case .toOne:
                guard !rest.isEmpty else {
                    let column = catalog.table(named: relationship.target, in: table.schema)?.columns.first?.name ?? "id"
                    throw DSLError(.relationshipNotValue(first.text, target: relationship.target, column: column), at: first.span)
                }
                if level(of: relation).allowsJoins, lowering == .optimized, findsOneRow(relationship, from: relation.table) {
                    let target = try joinToOne(relationship, from: relation)
                    if let value = try resolve(rest, from: target, context, direct: false) { return value }
                    throw noMember(rest[0], in: target)
                }
                return try correlatedToOne(relationship, from: relation, rest: rest, context)
            case .toMany, .manyToMany:
                return try toMany(relationship, named: first, from: relation, rest: rest, context)
            }
        }
        if !rest.isEmpty, relation.columns.contains(first.text) {
            throw DSLError(.columnNotRelationship(first.text, member: rest[0].text), at: rest[0].span)
        }
        return nil
    }

    private func columnValue(_ name: Name, of relation: Relation, _ context: ExpressionContext,
                             direct: Bool) -> SQLExpression {
        var value = SQLExpression(relation.column(name.text),
                                  identity: context.identity(.column(relation: relation.sqlAlias, name: name.text)))
        // Only a relation joined with LEFT JOIN can be missing.
        if level(of: relation).optionalAliases.contains(relation.sqlAlias) {
            value.nullWhenMissing = [relation.sqlAlias]
            value.rejectsWhenMissing = [relation.sqlAlias]
        }
        value.enumCases = relation.enums[name.text]
        // SQLite finds no collation for the rowid, an INTEGER PRIMARY KEY included.
        if let table = relation.table, table.rowidAlias != name.text {
            value.collation = table.column(name.text).map { FoundCollation(name: $0.collation ?? "BINARY", isSaid: false) }
        }
        value.textCollation = value.collation
        if direct { value.columnName = name.text }
        if context.groupKeys != nil, !context.inAggregate { value.ungrouped = name }
        return value
    }

    private func expand(_ helper: Definitions.Helper, named name: Name, table: Catalog.Table, on relation: Relation,
                        _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        let key = "\(table.name).\(name.text)"
        guard !helperStack.contains(key) else {
            throw DSLError(.helperUsesItself(key, definition: helper.text), at: name.span)
        }
        guard helperStack.count < Compiler.maximumHelperDepth else {
            throw DSLError(.helpersTooDeep(levels: Compiler.maximumHelperDepth), at: name.span)
        }
        helperStack.append(key)
        defer { helperStack.removeLast() }
        var inner = context
        inner.scope = Scope(relation, outer: nil)
        inner.enumHint = nil
        do throws(DSLError) {
            var value = try compile(helper.expression, inner)
            if value.ungrouped != nil { value.ungrouped = name }
            value.columnName = nil
            value.enumCases = nil
            return value
        } catch {
            if helperStack.count > 1 { throw error }
            throw DSLError(.inHelper(key, definition: helper.text, error.problem), at: name.span)
        }
    }

    /// The relation a to-one relationship joins, joined once per level: a
    /// LEFT JOIN, since a key does not promise that its row exists (SQLite
    /// enforces foreign keys only when asked). A `where` that rejects a
    /// missing row makes it an inner join (`QueryLevel.joinInner`).
    private func joinToOne(_ relationship: Relationship, from relation: Relation) throws(DSLError) -> Relation {
        let level = level(of: relation)
        let key = relation.sqlAlias + "\u{1F}" + relationship.name
        if let existing = level.pathJoins[key] { return existing }
        guard let target = catalog.table(named: relationship.target, in: relation.schema) else {
            throw DSLError(.missingTable(relationship.target), at: SourceSpan(0, 0))
        }
        let isPrimary = level.relations.first === relation
        let pathName = isPrimary ? relationship.name : "\(relation.name)_\(relationship.name)"
        let alias = uniqueAlias(pathName)
        let joined = Relation(name: pathName, sqlAlias: alias, table: target, columns: target.columnNames,
                              enums: definitions.enums[target.name] ?? [:], level: level)
        level.optionalAliases.insert(alias)
        let conditions = relationship.links.map { SQLNode.infix(joined.column($0.to), .equal, relation.column($0.from)) }
        level.joins.append(SQLJoin(isLeft: true, source: catalog.source(target, alias: alias), conditions: conditions,
                                   path: (alias, relation.sqlAlias)))
        level.pathJoins[key] = joined
        return joined
    }

    /// Whether joining `relationship`'s far table by its key finds at most
    /// one row for each row of `table`, so that a join adds no rows: the far
    /// columns hold a unique key, and comparing a near value with them
    /// leaves the far values as they are stored (SQLite converts the
    /// operand of `=` whose affinity is TEXT or none when the other's is
    /// numeric, and one with none when the other's is TEXT; converted, two
    /// unique values may become equal).
    func findsOneRow(_ relationship: Relationship, from table: Catalog.Table?) -> Bool {
        guard let table, let target = catalog.table(named: relationship.target, in: table.schema),
              target.isUnique(relationship.links.map(\.to)) else { return false }
        return relationship.links.allSatisfy { link in
            Compiler.keepsFarValue(far: affinity(of: link.to, in: target), near: affinity(of: link.from, in: table))
        }
    }

    /// See `findsOneRow`: whether `far = near` compares the far value as stored.
    static func keepsFarValue(far: Catalog.Affinity, near: Catalog.Affinity) -> Bool {
        switch far {
        case .integer, .real, .numeric: return true
        case .text: return !near.isNumeric
        case .blob: return near == .blob
        }
    }

    private func affinity(of column: String, in table: Catalog.Table) -> Catalog.Affinity {
        table.column(column)?.affinity ?? .integer  // not a column: the rowid
    }

    /// A to-one path as a scalar subquery of the far row: where no join can
    /// be added (the SET of an `update`), where a join might find several
    /// rows, and in the reference lowering. Each path from a relation reads
    /// its far row under one alias, so that it is one expression wherever it
    /// is used (a `group` key and its `select`).
    private func correlatedToOne(_ relationship: Relationship, from relation: Relation, rest: [Name],
                                 _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        guard let target = catalog.table(named: relationship.target, in: relation.schema) else {
            throw DSLError(.missingTable(relationship.target), at: rest[0].span)
        }
        let key = relation.sqlAlias + "\u{1F}" + relationship.name
        let joined: Relation
        if let existing = toOneSubqueries[key] {
            joined = existing
        } else {
            let farLevel = QueryLevel(from: .none, owner: self)
            farLevel.allowsJoins = false
            joined = Relation(name: relationship.name, sqlAlias: uniqueAlias(relationship.name), table: target,
                              columns: target.columnNames, enums: definitions.enums[target.name] ?? [:], level: farLevel)
            toOneSubqueries[key] = joined
        }
        guard let value = try resolve(rest, from: joined, context, direct: false) else { throw noMember(rest[0], in: joined) }
        let level = QueryLevel(from: .source(catalog.source(target, alias: joined.sqlAlias)), owner: self)
        level.wheres = relationship.links.map {
            SQLExpression(.infix(joined.column($0.to), .equal, relation.column($0.from)))
        }
        level.items = [.expression(value.node, alias: nil)]
        let subquery = SQLNode.subquery(level.query(in: levels))
        var result = SQLExpression(subquery, identity: value.identity)
        if let collation = value.collation {
            // Where its value is compared or sorted, it says the joined column's own collation.
            result = result.saying(collation.name)
            result.bare = subquery
            result.collation = collation
        }
        result.enumCases = value.enumCases
        result.ungrouped = value.ungrouped
        result.isAggregate = value.isAggregate
        result.readsRows = true
        return result
    }

    /// A path through a to-many relationship, inside an aggregate or a
    /// quantifier that collects it.
    private func toMany(_ relationship: Relationship, named name: Name, from relation: Relation, rest: [Name],
                        _ context: ExpressionContext) throws(DSLError) -> SQLExpression {
        guard let collector = context.collector else {
            throw DSLError(.toManyNotValue(name.text, of: relation.described, path: rest.map(\.text)), at: name.span)
        }
        let key = relation.sqlAlias + "\u{1F}" + relationship.name
        if let found = collector.found, found.key != key {
            throw DSLError(.secondRelationship(already: found.relation.name), at: name.span)
        }
        if collector.found == nil {
            collector.found = try subquery(for: relationship, from: relation, key: key, span: name.span,
                                           aliases: context.toManyAliases)
        }
        guard let found = collector.found else { return SQLExpression(.literal("NULL")) }
        if rest.isEmpty {
            var rows = SQLExpression(.literal("*"))
            rows.isRowsOfRelationship = true
            return rows
        }
        var inner = context
        inner.groupKeys = nil
        inner.collector = nil
        if let value = try resolve(rest, from: found.relation, inner, direct: false) { return value }
        throw noMember(rest[0], in: found.relation)
    }

    private func subquery(for relationship: Relationship, from relation: Relation, key: String,
                          span: SourceSpan, aliases: ToManyAliases?) throws(DSLError) -> ToManyCollector.Found {
        guard let target = catalog.table(named: relationship.target, in: relation.schema) else {
            throw DSLError(.missingTable(relationship.target), at: span)
        }
        func sharedAlias(_ name: String) -> String {
            let aliasKey = key + "\u{1F}" + name
            if let alias = aliases?.byKey[aliasKey] { return alias }
            let alias = uniqueAlias(name)
            aliases?.byKey[aliasKey] = alias
            return alias
        }
        let alias = sharedAlias(relationship.name)
        let level = QueryLevel(from: .source(catalog.source(target, alias: alias)), owner: self)
        let inner = Relation(name: relationship.name, sqlAlias: alias, table: target, columns: target.columnNames,
                             enums: definitions.enums[target.name] ?? [:], level: level)
        level.relations = [inner]
        guard let junction = relationship.junction else {
            let links = relationship.links.map { (inner.column($0.to), relation.column($0.from)) }
            var found = ToManyCollector.Found(key: key, outer: relation, level: level, relation: inner, links: links,
                                              keysAreNeverNull: keysAreNeverNull(relationship, from: relation, inner: target))
            found.innerIsLookedUp = looksUp(relationship, from: relation, in: target)
            return found
        }
        var found = ToManyCollector.Found(key: key, outer: relation, level: level, relation: inner, links: [],
                                          keysAreNeverNull: false)
        throughJunction(junction, alias: sharedAlias(junction), of: relationship, far: target, into: &found)
        return found
    }

    /// The far rows of a many-to-many relationship: `junction JOIN far`
    /// where that gives each far row once, otherwise the far rows that a
    /// junction row links to the outer row.
    private func throughJunction(_ junction: String, alias junctionAlias: String, of relationship: Relationship,
                                 far target: Catalog.Table, into found: inout ToManyCollector.Found) {
        let relation = found.outer
        let inner = found.relation
        let level = found.level
        let targetSource = catalog.source(target, alias: inner.sqlAlias)
        let junctionTable = catalog.table(named: junction, in: relation.schema)
        let junctionSource = junctionTable.map { catalog.source($0, alias: junctionAlias) }
            ?? .table(junction, schema: nil, alias: junctionAlias)
        func junctionColumn(_ name: String) -> SQLNode { .column(junctionAlias, name) }
        let far = relationship.junctionLinks.map { SQLNode.infix(inner.column($0.to), .equal, junctionColumn($0.from)) }
        let near = relationship.links.map { SQLNode.infix(relation.column($0.from), .equal, junctionColumn($0.to)) }
        if lowering == .optimized, let junctionTable, joinsJunctionOnce(relationship, junction: junctionTable, far: target) {
            // Each far row once: the junction holds each link once and names one far row by it.
            level.from = .source(junctionSource)
            level.joins = [SQLJoin(isLeft: false, source: targetSource, conditions: far)]
            found.links = relationship.links.map { (junctionColumn($0.to), relation.column($0.from)) }
            found.keysAreNeverNull = keysAreNeverNull(relationship, from: relation, inner: junctionTable)
            found.innerIsLookedUp = looksUp(relationship, from: relation, in: junctionTable)
            return
        }
        // The definition: the far rows that a junction row links to the outer row.
        let linked = QueryLevel(from: .source(junctionSource), owner: self)
        linked.wheres = near.map { SQLExpression($0) }
        if lowering == .optimized, let link = relationship.junctionLinks.first, relationship.junctionLinks.count == 1 {
            // IN in a WHERE keeps the rows EXISTS keeps, and looks each linked far row up by its key.
            linked.items = [.expression(junctionColumn(link.from), alias: nil)]
            found.correlation = .inQuery(inner.column(link.to), linked.query(in: levels), negated: false)
        } else {
            linked.wheres.insert(contentsOf: far.map { SQLExpression($0) }, at: 0)
            linked.items = [.expression(.literal("1"), alias: nil)]
            found.correlation = .exists(linked.query(in: levels))
        }
    }

    /// Whether reading a many-to-many relationship as `junction JOIN far`
    /// gives each far row once: no two junction rows hold the same link,
    /// and each names at most one far row.
    private func joinsJunctionOnce(_ relationship: Relationship, junction: Catalog.Table, far: Catalog.Table) -> Bool {
        guard junction.isUnique(relationship.links.map(\.to) + relationship.junctionLinks.map(\.from)),
              far.isUnique(relationship.junctionLinks.map(\.to)) else { return false }
        return relationship.junctionLinks.allSatisfy { link in
            Compiler.keepsFarValue(far: affinity(of: link.to, in: far), near: affinity(of: link.from, in: junction))
        }
    }

    /// Whether `outer = inner` on a relationship of one link lets SQLite
    /// look the inner rows up: `inner` is the rowid or leads an index of the
    /// collation the comparison uses (the outer column's), and the
    /// comparison's affinity is one the index can serve (not numeric for a
    /// column that is not).
    private func looksUp(_ relationship: Relationship, from relation: Relation, in inner: Catalog.Table) -> Bool {
        guard relationship.links.count == 1, let link = relationship.links.first, let outer = relation.table,
              inner.canLookUp(link.to, collation: outer.column(link.from)?.collation) else { return false }
        return affinity(of: link.to, in: inner).isNumeric || !affinity(of: link.from, in: outer).isNumeric
    }

    /// Whether every key column on both sides is never NULL, so that
    /// `outer IN (SELECT inner …)` is true exactly when a related row
    /// exists and false otherwise.
    private func keysAreNeverNull(_ relationship: Relationship, from relation: Relation, inner: Catalog.Table) -> Bool {
        !level(of: relation).optionalAliases.contains(relation.sqlAlias) && relationship.links.allSatisfy { link in
            isNeverNull(link.from, in: relation.table) && isNeverNull(link.to, in: inner)
        }
    }

    /// Whether SQLite keeps NULL out of a column: NOT NULL, an INTEGER
    /// PRIMARY KEY (the rowid), or a key of a WITHOUT ROWID table.
    private func isNeverNull(_ name: String, in table: Catalog.Table?) -> Bool {
        guard let table, table.kind == .table, let column = table.column(name) else { return false }
        if column.isNotNull { return true }
        guard column.isPrimaryKey else { return false }
        return !table.hasRowid || (table.primaryKey.count == 1 && column.type.uppercased() == "INTEGER")
    }

    func enumValue(_ enumCase: Definitions.EnumCase, _ context: ExpressionContext) -> SQLExpression {
        let identity = context.identity(.value(enumCase.value))
        switch enumCase.value {
        case .integer(let value):
            return SQLExpression(.literal(String(value)), identity: identity)
        case .real(let value):
            return SQLExpression(.literal(SQLText.realLiteral(value)), identity: identity)
        case .text, .blob, .null:
            return SQLExpression(bind(enumCase.value), identity: identity)
        }
    }

    /// An enum case named without a column to compare with: found among the
    /// enums of the tables in scope, then of all tables.
    private func enumCase(_ name: Name, _ context: ExpressionContext) throws(DSLError) -> SQLExpression? {
        var matches: [(column: String, value: Definitions.EnumCase)] = []
        var scope: Scope? = context.scope
        while let current = scope {
            for relation in current.bare {
                for (column, cases) in relation.enums.sorted(by: { $0.key < $1.key }) {
                    if let match = cases.first(where: { $0.name == name.text }) { matches.append((column, match)) }
                }
            }
            scope = current.outer
        }
        if matches.isEmpty {
            for (table, columns) in definitions.enums.sorted(by: { $0.key < $1.key }) {
                for (column, cases) in columns.sorted(by: { $0.key < $1.key }) {
                    if let match = cases.first(where: { $0.name == name.text }) { matches.append(("\(table).\(column)", match)) }
                }
            }
        }
        guard let first = matches.first else { return nil }
        if matches.contains(where: { $0.value.value != first.value.value }) {
            let found = matches.map { DSLProblem.EnumMatch(column: $0.column, value: $0.value.value) }
            throw DSLError(.ambiguousEnumCase(name.text, matches: found), at: name.span)
        }
        return enumValue(first.value, context)
    }

    // MARK: Errors

    func unknownName(_ path: [Name], _ context: ExpressionContext) -> DSLError {
        let name = path[0]
        var candidates: [String] = []
        var relations: [DSLProblem.RelationOutline] = []
        var scope: Scope? = context.scope
        if let outputs = context.scope.outputs { candidates += outputs.keys.sorted() }
        while let current = scope {
            for relation in current.bare {
                relations.append(outline(of: relation))
                candidates += relation.columns
                if let table = relation.table {
                    candidates += (definitions.helpers[table.name]?.keys.sorted() ?? [])
                    candidates += catalog.relationships(of: table).map(\.name)
                    candidates += (definitions.aliases[table.name]?.keys.sorted() ?? [])
                }
                for cases in relation.enums.values { candidates += cases.map(\.name) }
            }
            candidates += current.named.keys
            scope = current.outer
        }
        if let hint = context.enumHint { candidates += hint.map(\.name) }
        return DSLError(.unknownName(name.text, suggestions: Compiler.closest(to: name.text, in: candidates),
                                     enumCases: context.enumHint?.map(\.name),
                                     resultColumns: context.scope.outputs?.keys.sorted(), relations: relations),
                        at: name.span)
    }

    func noMember(_ name: Name, in relation: Relation) -> DSLError {
        var candidates = relation.columns
        if let table = relation.table {
            candidates += (definitions.helpers[table.name]?.keys.sorted() ?? [])
            candidates += catalog.relationships(of: table).map(\.name)
        }
        let suggestions = Compiler.closest(to: name.text, in: candidates)
        return DSLError(.noMember(name.text, of: outline(of: relation), suggestions: suggestions), at: name.span)
    }

    func noColumn(_ name: Name, in table: Catalog.Table) -> DSLError {
        let suggestions = Compiler.closest(to: name.text, in: table.columnNames)
        return DSLError(.unknownColumn(name.text, table: table.name, suggestions: suggestions, columns: table.columnNames),
                        at: name.span)
    }

    /// What `relation` offers: its columns, and its table's relationships and helpers.
    private func outline(of relation: Relation) -> DSLProblem.RelationOutline {
        let relationships = relation.table.map { catalog.relationships(of: $0) } ?? []
        let helpers = relation.table.flatMap { definitions.helpers[$0.name]?.keys.sorted() } ?? []
        return DSLProblem.RelationOutline(described: relation.described, columns: relation.columns,
                                          relationships: relationships, helpers: helpers)
    }

    /// The candidates closest to `name`, for a "did you mean" note.
    static func closest(to name: String, in candidates: [String]) -> [String] {
        Suggestions.closest(to: name, in: Array(Set(candidates)).sorted())
    }
}

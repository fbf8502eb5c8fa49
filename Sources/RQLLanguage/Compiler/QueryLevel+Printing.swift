/// The one place a SELECT's text is made, around the expressions
/// `SQLNode+Printing.swift` writes: a level on one line when short, one
/// clause a line otherwise, a nested level indented inside its parentheses.
extension QueryLevel {
    /// The SELECT, on one line when short, one clause a line otherwise; a
    /// nested level's lines are indented inside its parentheses. The chain of
    /// nested levels renders without recursion and each level once, in time
    /// linear in the length of the pipeline.
    func render() -> String {
        var chain = [self]
        var aliases: [String] = []
        while let last = chain.last, case .nested(let inner, let alias) = last.from {
            chain.append(inner)
            aliases.append(alias)
        }
        // The levels from `firstShort` on fit on one line, each inside the one before.
        var firstShort = chain.count
        var shortText = ""
        for index in chain.indices.reversed() {
            let level = chain[index]
            let line = ([level.selectClause, level.fromClause(inner: shortText)] + level.laterClauses).joined(separator: " ")
            guard QueryLevel.fitsOnOneLine(line) else { break }
            firstShort = index
            shortText = line
        }
        if firstShort == 0 { return shortText }
        // The others take one clause a line: each level's SELECT and `FROM (`
        // on the way in, `) AS alias` and its later clauses on the way out.
        let deepest = firstShort - 1
        var lines = SQLLines()
        for depth in 0..<deepest {
            lines.append(chain[depth].selectClause, depth: depth)
            lines.append("FROM (", depth: depth)
        }
        let deepestLevel = chain[deepest]
        for clause in [deepestLevel.selectClause, deepestLevel.fromClause(inner: shortText)] + deepestLevel.laterClauses {
            lines.append(clause, depth: deepest)
        }
        for depth in (0..<deepest).reversed() {
            lines.append(") AS " + SQLText.identifier(aliases[depth]), depth: depth)
            for clause in chain[depth].laterClauses { lines.append(clause, depth: depth) }
        }
        return lines.text
    }

    private var selectClause: String {
        let itemTexts: [String]
        if let items {
            itemTexts = items.flatMap { item -> [String] in
                switch item {
                case .expression(let value, let alias):
                    return [value.sql + (alias.map { " AS " + SQLText.identifier($0) } ?? "")]
                case .star: return starTexts
                case .allOf(let alias): return [SQLText.identifier(alias) + ".*"]
                }
            }
        } else {
            itemTexts = starTexts
        }
        return "SELECT " + (distinct ? "DISTINCT " : "") + itemTexts.joined(separator: ", ")
    }

    /// The FROM clause, with `inner` as the text of the nested level when there is one.
    private func fromClause(inner: String) -> String {
        switch from {
        case .source(let source): return "FROM " + source.sql
        case .nested(_, let alias): return "FROM (" + inner + ") AS " + SQLText.identifier(alias)
        case .none: return ""
        }
    }

    /// The clauses after FROM.
    private var laterClauses: [String] {
        var clauses = joins.map(\.sql)
        if !wheres.isEmpty { clauses.append("WHERE " + QueryLevel.conjunction(wheres.map(\.node))) }
        if let groupBy { clauses.append("GROUP BY " + groupBy.map(\.text).joined(separator: ", ")) }
        if groupBy == nil, let groupByRow { clauses.append("GROUP BY " + groupByRow.map(\.sql).joined(separator: ", ")) }
        if !havings.isEmpty { clauses.append("HAVING " + QueryLevel.conjunction(havings.map(\.node))) }
        if let orderBy { clauses.append("ORDER BY " + orderBy.map(\.sql).joined(separator: ", ")) }
        if let limit { clauses.append("LIMIT " + limit.sql) }
        if let offset {
            if limit == nil { clauses.append("LIMIT -1") }
            clauses.append("OFFSET " + offset.sql)
        }
        return clauses
    }

    private var starTexts: [String] {
        if joins.isEmpty { return ["*"] }
        return relations.map { SQLText.identifier($0.sqlAlias) + ".*" }
    }

    /// Terms joined by AND, each in parentheses where it binds less tightly.
    static func conjunction(_ terms: [SQLNode]) -> String {
        terms.map { $0.operand(.and) }.joined(separator: " AND ")
    }

    /// Whether clauses joined into `line` read well on one line.
    static func fitsOnOneLine(_ line: String) -> Bool {
        line.utf8.count <= 80 && !line.utf8.contains(0x0A)
    }

    /// `(` text `)`, indented when it spans lines.
    static func parenthesized(_ text: String) -> String {
        guard text.utf8.contains(0x0A) else { return "(" + text + ")" }
        let indented = text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        return "(\n" + indented + "\n)"
    }
}

extension SQLSource {
    var sql: String {
        switch self {
        case .table(let name, let schema, let alias):
            guard let schema else { return SQLText.identifier(name) + (alias == name ? "" : " AS " + SQLText.identifier(alias)) }
            return SQLText.identifier(schema) + "." + SQLText.identifier(name) + " AS " + SQLText.identifier(alias)
        case .rows(let rows, let alias): return QueryLevel.parenthesized(rows) + " AS " + SQLText.identifier(alias)
        case .joined(let first, let joins): return "(" + ([first.sql] + joins.map(\.sql)).joined(separator: " ") + ")"
        }
    }
}

extension SQLJoin {
    var sql: String {
        (isLeft ? "LEFT JOIN " : "JOIN ") + source.sql + " ON " + conditions.map(\.sql).joined(separator: " AND ")
    }
}

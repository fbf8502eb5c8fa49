import RQLValues

/// The one place a statement's text is made, around the expressions
/// `SQLNode+Printing.swift` writes: a SELECT on one line when short, one
/// clause a line otherwise, a nested SELECT indented inside its parentheses.
extension SQLStatement {
    var sql: String {
        switch self {
        case .query(let query): return query.sql
        case .update(let target, let sets, let condition, let returning):
            let head = "UPDATE " + target.sql + " SET " + sets.map { SQLText.identifier($0.column) + " = " + $0.value.sql }
                .joined(separator: ", ")
            return SQLStatement.finished(head, condition: condition, returning: returning)
        case .delete(let target, let condition, let returning):
            return SQLStatement.finished("DELETE FROM " + target.sql, condition: condition, returning: returning)
        case .insert(let table, let sets, let upsert, let returning):
            return SQLStatement.inserting(into: table, sets, upsert: upsert, returning: returning)
        }
    }

    /// The statement with its WITH clause: each `let` query it reads, in order.
    static func with(_ tables: [(name: String, query: SQLQuery)], _ statement: String) -> String {
        guard !tables.isEmpty else { return statement }
        let definitions = tables.map { SQLText.identifier($0.name) + " AS " + SQLSelect.parenthesized($0.query.sql) }
        return "WITH " + definitions.joined(separator: ",\n") + "\n" + statement
    }

    /// `head`, its WHERE on the same line when short, then RETURNING.
    private static func finished(_ head: String, condition: SQLNode?, returning: [SQLItem]?) -> String {
        var sql = head
        if let condition {
            let text = condition.sql
            sql += (sql.utf8.count + text.utf8.count > 70 ? "\n" : " ") + "WHERE " + text
        }
        return sql + returningClause(returning)
    }

    private static func inserting(into table: String, _ sets: [(column: String, value: SQLNode)], upsert: SQLUpsert?,
                                  returning: [SQLItem]?) -> String {
        var sql = "INSERT INTO " + SQLText.identifier(table)
        if sets.isEmpty {
            sql += " DEFAULT VALUES"
        } else {
            sql += " (" + sets.map { SQLText.identifier($0.column) }.joined(separator: ", ") + ")"
            sql += (sql.utf8.count > 60 ? "\n" : " ") + "VALUES (" + sets.map(\.value.sql).joined(separator: ", ") + ")"
        }
        if let upsert {
            sql += "\nON CONFLICT"
            if !upsert.columns.isEmpty { sql += " (" + upsert.columns.map(SQLText.identifier).joined(separator: ", ") + ")" }
            if let sets = upsert.sets {
                sql += " DO UPDATE SET " + sets.map { SQLText.identifier($0.column) + " = " + $0.value.sql }.joined(separator: ", ")
            } else {
                sql += " DO NOTHING"
            }
        }
        return sql + returningClause(returning)
    }

    private static func returningClause(_ items: [SQLItem]?) -> String {
        guard let items else { return "" }
        return "\nRETURNING " + items.map(\.sql).joined(separator: ", ")
    }
}

extension SQLQuery {
    var sql: String {
        switch self {
        case .select(let select): return select.sql
        case .compound(let left, let op, let right): return left.sql + "\n" + op.rawValue + "\n" + right.sql
        case .whole(let rows): return "SELECT * FROM " + SQLSelect.parenthesized(rows.sql)
        }
    }
}

extension SQLSelect {
    /// The SELECT, on one line when short, one clause a line otherwise; a
    /// nested level's lines are indented inside its parentheses. Each
    /// level's clauses (and the subqueries in them) print once, without
    /// recursion between levels, in time linear in their number.
    var sql: String {
        let selects = levels.map(\.selectClause)
        let sources = levels.map { $0.source.map { "FROM " + $0.sql } }
        let laters = levels.map(\.laterClauses)
        /// The FROM clause of level `index`, with `inner` as the text of the
        /// level it reads when it reads one.
        func fromClause(_ index: Int, inner: String) -> String {
            sources[index] ?? "FROM (" + inner + ") AS " + SQLText.identifier(aliases[index])
        }
        // The levels from `firstShort` on fit on one line, each inside the one before.
        var firstShort = levels.count
        var shortText = ""
        for index in levels.indices.reversed() {
            let line = ([selects[index], fromClause(index, inner: shortText)] + laters[index]).joined(separator: " ")
            guard SQLSelect.fitsOnOneLine(line) else { break }
            firstShort = index
            shortText = line
        }
        if firstShort == 0 { return shortText }
        // The others take one clause a line: each level's SELECT and `FROM (`
        // on the way in, `) AS alias` and its later clauses on the way out.
        let deepest = firstShort - 1
        var lines = SQLLines()
        for depth in 0..<deepest {
            lines.append(selects[depth], depth: depth)
            lines.append("FROM (", depth: depth)
        }
        for clause in [selects[deepest], fromClause(deepest, inner: shortText)] + laters[deepest] {
            lines.append(clause, depth: deepest)
        }
        for depth in (0..<deepest).reversed() {
            lines.append(") AS " + SQLText.identifier(aliases[depth]), depth: depth)
            for clause in laters[depth] { lines.append(clause, depth: depth) }
        }
        return lines.text
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

extension SQLSelect.Level {
    fileprivate var selectClause: String {
        "SELECT " + (distinct ? "DISTINCT " : "") + items.map(\.sql).joined(separator: ", ")
    }

    /// The clauses after FROM.
    fileprivate var laterClauses: [String] {
        var clauses = joins.map(\.sql)
        if !wheres.isEmpty { clauses.append("WHERE " + SQLNode.all(wheres).sql) }
        if !groupBy.isEmpty { clauses.append("GROUP BY " + groupBy.map(\.sql).joined(separator: ", ")) }
        if !havings.isEmpty { clauses.append("HAVING " + SQLNode.all(havings).sql) }
        if !orderBy.isEmpty { clauses.append("ORDER BY " + orderBy.map(\.sql).joined(separator: ", ")) }
        if let limit { clauses.append("LIMIT " + limit.sql) }
        if let offset {
            if limit == nil { clauses.append("LIMIT -1") }
            clauses.append("OFFSET " + offset.sql)
        }
        return clauses
    }
}

extension SQLItem {
    var sql: String {
        switch self {
        case .expression(let value, let alias): return value.sql + (alias.map { " AS " + SQLText.identifier($0) } ?? "")
        case .all: return "*"
        case .allOf(let alias): return SQLText.identifier(alias) + ".*"
        }
    }
}

extension SQLSource {
    var sql: String {
        switch self {
        case .table(let name, let schema, let alias):
            guard let schema else { return SQLText.identifier(name) + (alias == name ? "" : " AS " + SQLText.identifier(alias)) }
            return SQLText.identifier(schema) + "." + SQLText.identifier(name) + " AS " + SQLText.identifier(alias)
        case .rows(let rows, let alias):
            return SQLSelect.parenthesized(rows.sql) + (alias.map { " AS " + SQLText.identifier($0) } ?? "")
        case .joined(let first, let joins): return "(" + ([first.sql] + joins.map(\.sql)).joined(separator: " ") + ")"
        }
    }
}

extension SQLJoin {
    var sql: String {
        (isLeft ? "LEFT JOIN " : "JOIN ") + source.sql + " ON " + conditions.map(\.sql).joined(separator: " AND ")
    }
}

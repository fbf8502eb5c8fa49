import GRDBSQLite
import RQLValues

/// `.expert`: rql's own index advisor. On a schema-only copy of the
/// database (`SchemaCopy`), it proposes an index on each column of a table
/// that the query reads, lets SQLite's planner choose among them all, keeps
/// only those whose loss would make the plan worse (a table read in full,
/// an automatic index, a temporary B-tree for ORDER BY or GROUP BY) or
/// that it looks rows up with in preference to another index, then tries
/// widening each kept one with a second column the query reads.
///
///     let advice = try IndexAdvisor(copy: copy).advise("SELECT * FROM Track WHERE Composer = 'AC/DC'")
///     advice.indexes   // [CREATE INDEX "Track_Composer" ON "Track" ("Composer")]
struct IndexAdvisor {
    let copy: SchemaCopy

    struct Index: Equatable {
        var table: String
        var columns: [String]
        /// A name no object of the database has.
        var name: String

        var sql: String {
            "CREATE INDEX \(SQLText.identifier(name)) ON \(SQLText.identifier(table)) ("
                + columns.map(SQLText.identifier).joined(separator: ", ") + ")"
        }
    }

    struct Advice {
        var before: QueryPlan
        var after: QueryPlan
        var indexes: [Index]
    }

    func advise(_ sql: String) throws -> Advice {
        let before = try copy.plan(of: sql)
        let candidates = try candidates(for: sql)
        var kept: [Index] = []
        for index in candidates where (try? copy.execute(index.sql)) != nil { kept.append(index) }
        var plan = try copy.plan(of: sql)
        // What the planner did not choose goes; then each chosen one whose loss costs nothing.
        for index in kept where !uses(plan, index) { try drop(index, from: &kept) }
        plan = try copy.plan(of: sql)
        for index in kept {
            try drop(index, from: &kept)
            let without = try copy.plan(of: sql)
            // A lookup the planner prefers to another one (its statistics say it finds fewer rows) is kept too.
            if cost(of: without) > cost(of: plan) || (cost(of: without) == cost(of: plan) && searches(plan, with: index)) {
                try copy.execute(index.sql)
                kept.append(index)
            } else {
                plan = without
            }
        }
        // A second column: `a = ? ORDER BY b`, `a = ? AND b > ?`.
        let read = try copy.columnsRead(by: sql)
        for (position, index) in kept.enumerated() {
            for (table, column) in read where table == index.table && !index.columns.contains(column) {
                var wider = index
                wider.columns.append(column)
                wider.name = uniqueName(table: table, columns: wider.columns, taken: kept.map(\.name))
                guard (try? copy.execute(wider.sql)) != nil else { continue }
                try copy.execute("DROP INDEX \(SQLText.identifier(kept[position].name))")
                let widened = try copy.plan(of: sql)
                if cost(of: widened) < cost(of: plan), uses(widened, wider) {
                    plan = widened
                    kept[position] = wider
                } else {
                    try copy.execute("DROP INDEX \(SQLText.identifier(wider.name))")
                    try copy.execute(kept[position].sql)
                }
            }
        }
        return Advice(before: before, after: plan, indexes: kept)
    }

    /// An index on each column the query reads, of a table that is not
    /// virtual, where the column is not the rowid and no index starts with it.
    private func candidates(for sql: String) throws -> [Index] {
        var indexes: [Index] = []
        var names = try existingNames()
        for (table, column) in try copy.columnsRead(by: sql) {
            guard try isIndexable(table: table, column: column) else { continue }
            let name = uniqueName(table: table, columns: [column], taken: names)
            names.append(name)
            indexes.append(Index(table: table, columns: [column], name: name))
        }
        return indexes
    }

    private func isIndexable(table: String, column: String) throws -> Bool {
        let isVirtual = try copy.withStatement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1 AND sql LIKE 'CREATE VIRTUAL%'") {
            sqlite3_bind_text($0, 1, table, -1, SchemaCopy.transient)
            return sqlite3_step($0) == SQLITE_ROW
        }
        guard !isVirtual else { return false }
        // The first column of an index, or of a WITHOUT ROWID table's key, or the rowid itself.
        return try copy.withStatement("""
            SELECT 1 FROM pragma_index_list(?1) AS l, pragma_index_info(l.name) AS i WHERE i.seqno = 0 AND i.name = ?2 COLLATE NOCASE
            UNION ALL SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2 COLLATE NOCASE AND pk = 1 AND upper(type) = 'INTEGER'
              AND (SELECT count(*) FROM pragma_table_info(?1) WHERE pk > 0) = 1
            UNION ALL SELECT 1 WHERE upper(?2) IN ('ROWID', '_ROWID_', 'OID')
            """) { statement in
            sqlite3_bind_text(statement, 1, table, -1, SchemaCopy.transient)
            sqlite3_bind_text(statement, 2, column, -1, SchemaCopy.transient)
            return sqlite3_step(statement) != SQLITE_ROW
        }
    }

    private func existingNames() throws -> [String] {
        try copy.withStatement("SELECT name FROM sqlite_schema") { statement in
            var names: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                if let text = sqlite3_column_text(statement, 0) { names.append(String(cString: text)) }
            }
            return names
        }
    }

    /// `Track_Composer`, or `Track_Composer_2` when that is taken.
    private func uniqueName(table: String, columns: [String], taken: [String]) -> String {
        let base = ([table] + columns).joined(separator: "_")
        let lowered = Set(taken.map { $0.lowercased() })
        var name = base
        var number = 2
        while lowered.contains(name.lowercased()) {
            name = "\(base)_\(number)"
            number += 1
        }
        return name
    }

    private func drop(_ index: Index, from kept: inout [Index]) throws {
        try copy.execute("DROP INDEX \(SQLText.identifier(index.name))")
        kept.removeAll { $0 == index }
    }

    /// Whether a `SEARCH` step of the plan goes through `index`.
    private func searches(_ plan: QueryPlan, with index: Index) -> Bool {
        plan.steps.contains { step in
            guard step.detail.hasPrefix("SEARCH "), case .index(let name, _)? = QueryPlan.access(in: step.detail) else { return false }
            return name == index.name
        }
    }

    private func uses(_ plan: QueryPlan, _ index: Index) -> Bool {
        plan.accesses.contains { if case .index(let name, _) = $0 { name == index.name } else { false } }
    }

    /// What a plan costs, roughly: each table read in full, each automatic
    /// index, each temporary B-tree. A scan through an index is still a scan.
    private func cost(of plan: QueryPlan) -> Int {
        var cost = 0
        for step in plan.steps {
            if step.detail.hasPrefix("USE TEMP B-TREE") { cost += 1 }
            switch QueryPlan.access(in: step.detail) {
            case .fullScan?: cost += 4
            case .automaticIndex?: cost += 3
            case .index?: if step.detail.hasPrefix("SCAN ") { cost += 4 }
            default: break
            }
        }
        return cost
    }
}

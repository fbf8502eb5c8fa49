import Foundation
import GRDB
import RQLLanguage
import RQLValues

/// The rows of `EXPLAIN QUERY PLAN` and what they say about how each table
/// is reached: through which index, by rowid, through an index SQLite builds
/// for the query alone, or by reading every row.
struct QueryPlan {
    struct Step {
        var id: Int
        var parent: Int
        var detail: String
    }

    /// How one `SCAN` or `SEARCH` step reaches its table.
    enum Access: Equatable {
        /// A named index: one created with CREATE INDEX or for a constraint.
        case index(name: String, table: String)
        /// The rowid (`INTEGER PRIMARY KEY`).
        case rowid(table: String)
        /// A WITHOUT ROWID table's primary key.
        case primaryKey(table: String)
        /// An index SQLite builds for this statement and then drops.
        case automaticIndex(table: String, constraint: String)
        /// Every row, in table order.
        case fullScan(table: String)
        /// A virtual table's own access method (FTS5 and the like).
        case virtualTable(table: String)
    }

    var steps: [Step]

    /// Reads the plan of `sql` (which must already be a valid statement).
    static func read(_ db: Database, sql: String, values: [SQLValue]) throws -> QueryPlan {
        let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
        try Session.bind(values, to: statement)
        return QueryPlan(steps: try Row.fetchAll(statement).map { Step(id: $0["id"], parent: $0["parent"], detail: $0["detail"]) })
    }

    /// The plan as a tree, one step per line, children indented under their parent.
    var tree: [String] {
        var lines: [String] = []
        func add(parent: Int, indent: String) {
            let children = steps.filter { $0.parent == parent }
            for (index, step) in children.enumerated() {
                let isLast = index == children.count - 1
                lines.append(indent + (isLast ? "└─ " : "├─ ") + step.detail)
                add(parent: step.id, indent: indent + (isLast ? "   " : "│  "))
            }
        }
        add(parent: 0, indent: "")
        return lines
    }

    /// The access of every `SCAN` and `SEARCH` step, in plan order.
    var accesses: [Access] { steps.compactMap { Self.access(in: $0.detail) } }

    /// Reads one step's text. SQLite writes these as
    /// `SCAN t`, `SCAN t USING [COVERING] INDEX i`, `SCAN t VIRTUAL TABLE INDEX n:s`,
    /// `SEARCH t USING [COVERING] INDEX i (a=?)`, `SEARCH t USING INTEGER PRIMARY KEY (rowid=?)`,
    /// `SEARCH t USING PRIMARY KEY (a=?)` and `SEARCH t USING AUTOMATIC [PARTIAL] COVERING INDEX (a=?)`,
    /// where `t` is the name or alias the query gave the table.
    static func access(in detail: String) -> Access? {
        let verb: String
        if detail.hasPrefix("SCAN ") { verb = "SCAN " } else if detail.hasPrefix("SEARCH ") { verb = "SEARCH " } else { return nil }
        let rest = detail.dropFirst(verb.count)
        guard !rest.hasPrefix("("), !rest.hasPrefix("CONSTANT ROW") else { return nil }
        for marker in [" USING ", " VIRTUAL TABLE "] {
            guard let range = rest.range(of: marker) else { continue }
            let table = String(rest[..<range.lowerBound])
            if marker == " VIRTUAL TABLE " { return .virtualTable(table: table) }
            let method = rest[range.upperBound...]
            if method.hasPrefix("INTEGER PRIMARY KEY") { return .rowid(table: table) }
            if method.hasPrefix("PRIMARY KEY") { return .primaryKey(table: table) }
            if method.hasPrefix("AUTOMATIC ") {
                let constraint = method.firstIndex(of: "(").map { String(method[$0...]) } ?? ""
                return .automaticIndex(table: table, constraint: constraint)
            }
            for prefix in ["COVERING INDEX ", "INDEX "] where method.hasPrefix(prefix) {
                var name = method.dropFirst(prefix.count)
                if let open = name.range(of: " (") { name = name[..<open.lowerBound] }
                return .index(name: String(name), table: table)
            }
            return nil
        }
        return .fullScan(table: String(rest))
    }

    /// The table an alias in a plan stands for, read from the statement's
    /// tokens: `table alias` or `table AS alias`. Nil when the plan already
    /// uses a table's own name, or when the alias is not found.
    /// The tokens of `sql`, then of each view it reads, and of the views
    /// those read, each view once.
    static func tokens(of sql: String, andTheViewsItReads db: Database) throws -> [[SQLToken]] {
        var views: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'view' AND sql IS NOT NULL
            UNION ALL SELECT name, sql FROM sqlite_temp_master WHERE type = 'view' AND sql IS NOT NULL
            """) {
            views[(row["name"] as String).lowercased()] = row["sql"]
        }
        var sources = [SQLTokenizer.tokens(sql)]
        var index = 0
        while index < sources.count {
            for name in sources[index].compactMap({ $0.name?.lowercased() }) {
                guard let view = views.removeValue(forKey: name) else { continue }
                sources.append(SQLTokenizer.tokens(view))
            }
            index += 1
        }
        return sources
    }

    static func table(aliased alias: String, in tokens: [SQLToken], tables: Set<String>) -> String? {
        guard !tables.contains(alias) else { return nil }
        for index in tokens.indices.dropFirst() where tokens[index].name == alias {
            var before = index - 1
            if tokens[before].isWord("as"), before > 0 { before -= 1 }
            if let table = tokens[before].name, tables.contains(table) { return table }
        }
        return nil
    }
}

extension Session {
    /// The lines under the plan tree that name what it uses: each index with
    /// its table and key columns, the tables looked up by rowid or primary
    /// key, the tables read in full, and the indexes
    /// SQLite builds for this statement alone (which CREATE INDEX would keep).
    func planSummary(_ plan: QueryPlan, sql: String, _ db: Database) throws -> [String] {
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM pragma_table_list"))
        let sources = try QueryPlan.tokens(of: sql, andTheViewsItReads: db)
        // An alias may be the statement's or one inside a view it reads.
        func named(_ name: String) -> String {
            let table = sources.lazy.compactMap { QueryPlan.table(aliased: name, in: $0, tables: tables) }.first
            return table.map { "\(name) (\($0))" } ?? name
        }
        var indexes: [String] = []
        var keys: [String] = []
        var scans: [String] = []
        var automatic: [String] = []
        func add(_ entry: String, to list: inout [String]) {
            if !list.contains(entry) { list.append(entry) }
        }
        for access in plan.accesses {
            switch access {
            case .index(let name, _):
                add(try describeIndex(name, db), to: &indexes)
            case .rowid(let table):
                add("\(named(table)) by rowid", to: &keys)
            case .primaryKey(let table):
                add("\(named(table)) by primary key", to: &keys)
            case .fullScan(let table):
                add(named(table), to: &scans)
            case .automaticIndex(let table, let constraint):
                let key = constraint.trimmingCharacters(in: CharacterSet(charactersIn: "()"))
                add(key.isEmpty ? named(table) : "\(named(table)) on \(key)", to: &automatic)
            case .virtualTable:
                break
            }
        }
        var lines = ["indexes used: " + (indexes.isEmpty ? "none" : indexes.joined(separator: ", "))]
        if !keys.isEmpty { lines.append("looked up: " + keys.joined(separator: ", ")) }
        if !scans.isEmpty { lines.append("read in full: " + scans.joined(separator: ", ")) }
        if !automatic.isEmpty {
            lines.append("automatic indexes, built for this statement alone: " + automatic.joined(separator: ", "))
        }
        return lines
    }

    /// `name on table(columns)`, looked up in every attached schema.
    private func describeIndex(_ name: String, _ db: Database) throws -> String {
        for schema in try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq") {
            guard let table = try String.fetchOne(db, sql: "SELECT tbl_name FROM \(SQLText.identifier(schema)).sqlite_master WHERE type = 'index' AND name = ?",
                                                  arguments: [name]) else { continue }
            let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_index_xinfo(?, ?) WHERE key = 1 ORDER BY seqno",
                                           arguments: [name, schema])
                .map { ($0["name"] as String?) ?? "<expression>" }
            return "\(name) on \(table)(\(columns.joined(separator: ", ")))"
        }
        return name
    }
}

import GRDB
import RQLLanguage
import RQLRender
import RQLValues

extension DotCommand {
    static let catalogCommands: [DotCommand] = [
        DotCommand(name: "indexes", DotSyntax(.optional(.table)), summary: "the indexes, or those of TABLE: columns, unique, origin, partial WHERE",
                   details: "Origin says what made the index: CREATE INDEX, a UNIQUE constraint or the PRIMARY KEY.") { session, arguments in
            try session.writeIndexes(of: arguments.text(.table))
        },
        DotCommand(name: "lint", DotSyntax(.value(.lintCheck)), summary: "foreign keys whose columns no index starts with",
                   details: "Without such an index, deleting or updating a parent row scans the whole child table. Each is listed with the CREATE INDEX that would serve it.") { session, _ in
            let missing = try session.queue.inDatabase { db in try ForeignKeyWithoutIndex.find(in: db) }
            guard !missing.isEmpty else { return session.output.write("every foreign key has an index that starts with its columns\n") }
            for key in missing {
                let parent = key.parent + "(" + key.parentColumns.joined(separator: ", ") + ")"
                session.output.write("\(key.table)(\(key.columns.joined(separator: ", "))) → \(parent): \(key.fix)\n")
            }
        },
        DotCommand(name: "functions", DotSyntax(.optional(.functionPattern)), summary: "the SQL functions: SQLite's and rql's, with arity, kind and flags",
                   details: """
                       One row per name and arity (-1: any number of arguments). Kind is scalar, aggregate
                       (also usable as a window function) or window; flags are deterministic, innocuous,
                       direct-only and subtype. From says who registered it: SQLite, rql, or an extension
                       such as FTS5. PATTERN is matched as in LIKE.
                       """) { session, arguments in
            try session.writeFunctions(like: arguments.text(.functionPattern))
        },
        DotCommand(name: "collations", summary: "the collating sequences: SQLite's, rql's and GRDB's") { session, _ in
            try session.writeCollations()
        },
    ]
}

extension DotValue {
    /// The checks `.lint` runs.
    static let lintCheck = DotValue(name: "fkey-indexes", kind: .choice(["fkey-indexes"], noun: nil))
    static let functionPattern = DotValue.word("PATTERN")
}

extension Session {
    func writeIndexes(of table: String?) throws {
        let catalog = try dslCatalog()
        var tables = catalog.tables.values.filter { $0.kind == .table }.map(\.name).sorted { $0.lowercased() < $1.lowercased() }
        if let table {
            tables = [try catalog.inspectedTable(table, viewsToo: false).name]
        }
        let rows = try queue.inDatabase { db in try tables.flatMap { try Session.indexRows(of: $0, db) } }
        if rows.isEmpty { return output.write(table.map { "no indexes on \($0)\n" } ?? "no indexes\n") }
        try writeRows(columns: ["name", "table", "columns", "unique", "origin", "partial"], rows: rows)
    }

    private static func indexRows(of table: String, _ db: Database) throws -> [[SQLValue]] {
        let indexes = try Row.fetchAll(db, sql: "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name",
                                       arguments: [table])
        return try indexes.map { index in
            let name: String = index["name"]
            let keys = try Row.fetchAll(db, sql: """
                SELECT cid, name, "desc", coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno
                """, arguments: [name])
            let columns = keys.map { key -> String in
                let column: String = key["cid"] == -2 ? "<expression>" : (key["name"] ?? "rowid")
                let collation: String = key["coll"] ?? "BINARY"
                return column + (collation == "BINARY" ? "" : " COLLATE \(collation)") + (key["desc"] == 1 ? " DESC" : "")
            }
            let origin: String = switch index["origin"] as String {
            case "pk": "PRIMARY KEY"
            case "u": "UNIQUE constraint"
            default: "CREATE INDEX"
            }
            var partial: SQLValue = .null
            if index["partial"] == 1, let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?",
                                                                     arguments: [name]) {
                partial = Session.partialCondition(of: sql).map { .text($0) } ?? .null
            }
            return [.text(name), .text(table), .text(columns.joined(separator: ", ")),
                    .text(index["unique"] == 1 ? "yes" : "no"), .text(origin), partial]
        }
    }

    /// The WHERE condition of a partial index's CREATE statement, as written.
    static func partialCondition(of sql: String) -> String? {
        let tokens = SQLTokenizer.tokens(sql)
        guard let start = SQLTokenizer.firstIndex(in: tokens, outsideParenthesesFrom: 0, where: { $0.isWord("where") })
        else { return nil }
        let rest = sql.utf8.dropFirst(tokens[start].range.upperBound)
        return String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func writeFunctions(like pattern: String?) throws {
        let rows = try queue.inDatabase { db in
            try Row.fetchAll(db, sql: """
                SELECT DISTINCT name, builtin, type, narg, flags FROM pragma_function_list
                WHERE ?1 IS NULL OR name LIKE ?1 ORDER BY name, narg
                """, arguments: [pattern])
        }
        if rows.isEmpty, let pattern { return output.write("no function matches \"\(pattern)\"\n") }
        // pragma_function_list names are lowercase; Swift registers handleReminderStatusUpdate.
        let ours = SQLFunctions.names(setup: connectionSetup)
        try writeRows(columns: ["name", "arity", "kind", "flags", "from"], rows: rows.map { row in
            let name: String = row["name"]
            let arity: Int = row["narg"]
            let type: String = row["type"]
            let kind = type == "s" ? "scalar"
                : type == "a" || !Catalog.windowOnlyFunctions.contains(name) ? "aggregate" : "window"
            let flags: Int = row["flags"]
            let names = [(0x800, "deterministic"), (0x200000, "innocuous"), (0x80000, "direct-only"), (0x100000, "subtype")]
                .filter { flags & $0.0 != 0 }.map(\.1)
            return [.text(name), .integer(Int64(arity)), .text(kind), .text(names.joined(separator: ", ")),
                    .text(row["builtin"] == 1 ? "SQLite" : ours.contains(name) ? "rql" : "extension")]
        })
    }

    func writeCollations() throws {
        let names = try queue.inDatabase { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_collation_list ORDER BY name COLLATE NOCASE")
        }
        let builtIn: Set<String> = ["BINARY", "NOCASE", "RTRIM"]
        let ours = Set(SQLFunctions.collations.map(\.name))
        try writeRows(columns: ["name", "from"], rows: names.map { name in
            let from = builtIn.contains(name) ? "SQLite" : ours.contains(name) ? "rql" : name.hasPrefix("swift") ? "GRDB" : "extension"
            return [.text(name), .text(from)]
        })
    }
}

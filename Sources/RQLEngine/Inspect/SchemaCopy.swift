import Glibc
import GRDB
import GRDBSQLite

/// A connection of its own to an in-memory database holding the schema of
/// a database and none of its rows, for `.expert` to try indexes on: the
/// tables, indexes and views of `main`, and its `sqlite_stat1`, so that the
/// planner sees the sizes it would see on the real file. Functions and
/// collations the database's connection has beyond SQLite's are declared
/// here as stubs, so that a query naming them prepares; nothing here ever
/// runs them. A plain SQLite connection (not GRDB's), so that the
/// authorizer is the copy's own to set.
final class SchemaCopy {
    let connection: OpaquePointer

    init(of db: Database) throws {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
              let opened else {
            sqlite3_close_v2(opened)
            throw CommandError(.expertCopy(reason: "cannot open an in-memory database"))
        }
        connection = opened
        try declareStubs(from: db)
        let objects = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM main.sqlite_schema
            WHERE sql IS NOT NULL AND type IN ('table', 'index', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, rowid
            """)
        // An FTS5 table's shadow tables come with it: made again, they fail, as they should.
        for object in objects { _ = sqlite3_exec(connection, object["sql"] as String, nil, nil, nil) }
        try copyStatistics(from: db)
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// SQLite's `SQLITE_TRANSIENT`: it copies the text it is given.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Runs `sql` in the copy; throws SQLite's words when it fails.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(connection, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(connection))
            sqlite3_free(message)
            throw CommandError(.sqlite(reason))
        }
    }

    /// Prepares `sql`, runs `body` on it, and finalizes it.
    func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw CommandError(.sqlite(String(cString: sqlite3_errmsg(connection))))
        }
        defer { sqlite3_finalize(statement) }
        return try body(statement)
    }

    /// `EXPLAIN QUERY PLAN` of `sql` in the copy.
    func plan(of sql: String) throws -> QueryPlan {
        try withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
            var steps: [QueryPlan.Step] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                let detail = sqlite3_column_text(statement, 3).map { String(cString: $0) } ?? ""
                steps.append(QueryPlan.Step(id: Int(sqlite3_column_int64(statement, 0)),
                                            parent: Int(sqlite3_column_int64(statement, 1)), detail: detail))
            }
            return QueryPlan(steps: steps)
        }
    }

    /// The columns of `main`'s tables that preparing `sql` reads, as SQLite's
    /// authorizer reports them (through views, the tables under them), each once, in order.
    func columnsRead(by sql: String) throws -> [(table: String, column: String)] {
        final class Reads { var columns: [(table: String, column: String)] = [] }
        let reads = Reads()
        let context = Unmanaged.passUnretained(reads).toOpaque()
        sqlite3_set_authorizer(connection, { context, action, table, column, database, _ in
            guard action == SQLITE_READ, let context, let table, let column, let database,
                  String(cString: database) == "main" else { return SQLITE_OK }
            let reads = Unmanaged<Reads>.fromOpaque(context).takeUnretainedValue()
            let read = (String(cString: table), String(cString: column))
            if !read.1.isEmpty, !reads.columns.contains(where: { $0 == read }) { reads.columns.append(read) }
            return SQLITE_OK
        }, context)
        defer { sqlite3_set_authorizer(connection, nil, nil) }
        try withStatement(sql) { _ in }
        return reads.columns
    }

    private func declareStubs(from db: Database) throws {
        let functions = try Row.fetchAll(db, sql: "SELECT DISTINCT name, type, narg FROM pragma_function_list WHERE builtin = 0")
        for function in functions {
            let name: String = function["name"]
            let arguments: Int32 = function["narg"]
            if (function["type"] as String) == "s" {
                sqlite3_create_function_v2(connection, name, arguments, SQLITE_UTF8, nil,
                                           { context, _, _ in sqlite3_result_null(context) }, nil, nil, nil)
            } else {
                sqlite3_create_function_v2(connection, name, arguments, SQLITE_UTF8, nil, nil,
                                           { _, _, _ in }, { context in sqlite3_result_null(context) }, nil)
            }
        }
        for collation in try String.fetchAll(db, sql: "SELECT name FROM pragma_collation_list")
        where !["BINARY", "NOCASE", "RTRIM"].contains(collation.uppercased()) {
            sqlite3_create_collation_v2(connection, collation, SQLITE_UTF8, nil, { _, count, lhs, otherCount, rhs in
                let common = Int(min(count, otherCount))
                guard common > 0, let lhs, let rhs else { return count - otherCount }
                let order = memcmp(lhs, rhs, common)
                return order != 0 ? order : count - otherCount
            }, nil)
        }
    }

    /// `sqlite_stat1` as the database has it, loaded into the planner.
    private func copyStatistics(from db: Database) throws {
        guard try db.tableExists("sqlite_stat1", in: "main") else { return }
        let rows = try Row.fetchAll(db, sql: "SELECT tbl, idx, stat FROM main.sqlite_stat1")
        guard !rows.isEmpty else { return }
        try execute("ANALYZE; DELETE FROM sqlite_stat1")
        try withStatement("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)") { statement in
            for row in rows {
                for (index, key) in ["tbl", "idx", "stat"].enumerated() {
                    if let text = row[key] as String? {
                        sqlite3_bind_text(statement, Int32(index + 1), text, -1, SchemaCopy.transient)
                    } else {
                        sqlite3_bind_null(statement, Int32(index + 1))
                    }
                }
                _ = sqlite3_step(statement)
                sqlite3_reset(statement)
            }
        }
        try execute("ANALYZE sqlite_schema")
    }
}

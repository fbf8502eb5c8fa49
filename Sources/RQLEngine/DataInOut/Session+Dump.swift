import FoundationEssentials
import Glibc
import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender
import RQLValues

/// `.dump [PATTERN…]`: SQL text that rebuilds the main database (or the
/// tables whose names match a LIKE pattern), read in one transaction so
/// that it is the database at one moment while others write: each table's
/// CREATE and its rows as INSERTs, then indexes, triggers and views, so
/// that triggers do not fire while the rows go in. Rowids that no column
/// holds are written too (unless they are 1, 2, 3… in order, as inserting
/// gives them again), so the FTS5 tables that point at them still do. An
/// FTS table is its CREATE plus its rows (a normal one) or a `rebuild` of
/// its index from its content table (external content, when the content
/// table is in the dump). Any other virtual table (an R*Tree, a contentless
/// FTS table) is written as the sqlite3 shell writes it: its schema entry,
/// through `PRAGMA writable_schema`, and its shadow tables with their rows,
/// where its data lives. On a terminal, control characters show as
/// symbols; elsewhere the bytes stay.
extension Session {
    func dump(patterns: [String]) throws {
        let output = self.output.showingControls
        defer { output.flush() }
        let writer = DumpWriter(output: output)
        try queue.inDatabase { db in
            try db.execute(sql: "SAVEPOINT dump")
            do {
                try Session.dump(db, patterns: patterns, to: writer)
            } catch {
                try? db.execute(sql: "RELEASE dump")
                throw error
            }
            try db.execute(sql: "RELEASE dump")
        }
    }

    private static func dump(_ db: Database, patterns: [String], to writer: DumpWriter) throws {
        let objects = try DumpObject.all(in: db)
        func matches(_ name: String) -> Bool {
            patterns.isEmpty || patterns.contains { Session.like(name, $0) }
        }
        let tables = objects.filter { $0.type == "table" && $0.kind != "shadow" && !$0.isInternal(\.name) && matches($0.name) }
        let ordinaryTables = tables.filter { $0.kind == "table" }.map(\.name)
        let reals = try DumpReals(db)
        writer.raw("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        var writesSchema = false
        var rebuilds: [String] = []
        for table in tables {
            switch table.style(contentTables: ordinaryTables) {
            case .rows:
                try writer.statement(table.sql, of: table.name)
                try dumpRows(of: table, in: db, reals: reals, to: writer)
            case .rebuild:
                try writer.statement(table.sql, of: table.name)
                rebuilds.append(table.name)
            case .schemaEntry:
                if !writesSchema {
                    writer.raw("PRAGMA writable_schema=ON;\n")
                    writesSchema = true
                }
                writer.raw("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql) VALUES('table',\(DumpLiteral.text(table.name)),"
                           + "\(DumpLiteral.text(table.table)),0,\(DumpLiteral.text(table.sql)));\n")
                for shadow in objects where shadow.kind == "shadow" && shadow.isShadow(of: table.name) {
                    try writer.statement(shadow.sql, of: shadow.name)
                    try dumpRows(of: shadow, in: db, reals: reals, to: writer)
                }
            }
        }
        // Reads the schema again: the virtual tables work in the connection that read the dump.
        if writesSchema { writer.raw("PRAGMA writable_schema=RESET;\n") }
        try dumpSequences(in: db, patterns: patterns, to: writer)
        for name in rebuilds {
            let quoted = SQLText.identifier(name)
            writer.raw("INSERT INTO \(quoted)(\(quoted)) VALUES('rebuild');\n")
        }
        for object in objects where object.type != "table" && !object.isInternal(\.table) && matches(object.type == "view" ? object.name : object.table) {
            try writer.statement(object.sql, of: object.name)
        }
        writer.raw("COMMIT;\n")
    }

    /// The AUTOINCREMENT counters of the tables dumped.
    private static func dumpSequences(in db: Database, patterns: [String], to writer: DumpWriter) throws {
        guard patterns.isEmpty || patterns.contains(where: { Session.like("sqlite_sequence", $0) }),
              try db.tableExists("sqlite_sequence") else { return }
        let sequences = try Row.fetchAll(db, sql: "SELECT name, seq FROM main.sqlite_sequence")
        let kept = sequences.filter { row in patterns.isEmpty || patterns.contains { Session.like(row["name"], $0) } }
        guard !kept.isEmpty else { return }
        writer.raw("DELETE FROM sqlite_sequence;\n")
        for row in kept {
            let name: String = row["name"]
            let seq: Int64 = row["seq"]
            writer.raw("INSERT INTO sqlite_sequence VALUES(\(DumpLiteral.text(name)),\(seq));\n")
        }
    }

    /// SQLite's LIKE, case-insensitive for ASCII, `%` and `_` as wildcards.
    private static func like(_ name: String, _ pattern: String) -> Bool {
        sqlite3_strlike(pattern, name, 0) == 0
    }

    /// One INSERT a row, with the rowid when no column holds it.
    private static func dumpRows(of object: DumpObject, in db: Database, reals: DumpReals, to writer: DumpWriter) throws {
        let table = object.name
        let info = try Row.fetchAll(db, sql: "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?, 'main')", arguments: [table])
        let columns = info.filter { ($0["hidden"] as Int? ?? 0) == 0 }.map { $0["name"] as String }
        let generated = info.contains { [2, 3].contains($0["hidden"] as Int? ?? 0) }
        let keys = info.filter { ($0["pk"] as Int? ?? 0) > 0 }
        let withoutRowid = object.withoutRowid
        let rowidIsAColumn = keys.count == 1 && (keys[0]["type"] as String? ?? "").uppercased() == "INTEGER"
        // Rows inserted in order get rowids 1, 2, 3…: those need not be written.
        let writesRowid = try !withoutRowid && !rowidIsAColumn && Bool.fetchOne(db, sql: """
            SELECT count(*) <> coalesce(max(rowid), 0) OR coalesce(min(rowid), 1) <> 1 FROM main.\(SQLText.identifier(table))
            """) == true
        let quoted = SQLText.identifier(table)
        var head = "INSERT INTO " + quoted
        if writesRowid || generated {
            head += "(" + ((writesRowid ? ["rowid"] : []) + columns.map(SQLText.identifier)).joined(separator: ",") + ")"
        }
        head += " VALUES("
        let select = "SELECT " + ((writesRowid ? ["rowid"] : []) + columns.map(SQLText.identifier)).joined(separator: ", ")
            + " FROM main." + quoted + (withoutRowid ? "" : " ORDER BY rowid")
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db.sqliteConnection, select, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw CommandError(.sqlite(String(cString: sqlite3_errmsg(db.sqliteConnection))))
        }
        defer { sqlite3_finalize(statement) }
        let count = sqlite3_column_count(statement)
        let output = writer.output
        let headBytes = writer.bytes(head)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw CommandError(code == SQLITE_INTERRUPT ? .interrupted : .sqlite(String(cString: sqlite3_errmsg(db.sqliteConnection))))
            }
            output.write(headBytes)
            for column in 0..<count {
                if column > 0 { output.write(byte: UInt8(ascii: ",")) }
                DumpLiteral.write(statement, column, reals: reals, to: output)
            }
            output.write(");\n")
        }
    }
}

/// A row of the schema as `.dump` reads it, with its kind from
/// `pragma_table_list` (`table`, `virtual`, `shadow`, `view`) for tables.
private struct DumpObject {
    let type: String
    let name: String
    let table: String
    let sql: String
    let kind: String?
    let withoutRowid: Bool

    /// The schema in its order. `pragma_table_list` is read once: joined
    /// to the schema, SQLite would list every table (and compile every
    /// view) again for each object. Names are matched by their bytes, as
    /// SQLite matches them (Swift's `==` takes `é` and `e` + U+0301 as one).
    static func all(in db: Database) throws -> [DumpObject] {
        var kinds: [[UInt8]: (kind: String, withoutRowid: Bool)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, type, wr FROM pragma_table_list WHERE schema = 'main'") {
            kinds[Array((row["name"] as String).utf8)] = (row["type"], row["wr"])
        }
        return try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM main.sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
            .map { row in
                let name: String = row["name"]
                let kind = kinds[Array(name.utf8)]
                return DumpObject(type: row["type"], name: name, table: row["tbl_name"], sql: row["sql"], kind: kind?.kind,
                                  withoutRowid: kind?.withoutRowid ?? false)
            }
    }

    /// How `.dump` writes a table.
    enum Style {
        /// Its CREATE and its rows: an ordinary table, an FTS table that holds its content.
        case rows
        /// Its CREATE, then a `rebuild` of its index once its content table, dumped too, has its rows.
        case rebuild
        /// As sqlite3 writes it: its schema entry, and its shadow tables, where its rows are.
        case schemaEntry
    }

    /// An FTS table with external content is rebuilt from it only when its
    /// content table is one of `contentTables` (those dumped); any other
    /// virtual table but FTS with content is written as its schema entry.
    func style(contentTables: [String]) -> Style {
        guard kind == "virtual" else { return .rows }
        guard let fts = FTSDeclaration.parse(sql), fts.contentMode != "contentless" else { return .schemaEntry }
        guard let content = fts.contentTable else { return .rows }
        return contentTables.contains { sqlite3_stricmp($0, content) == 0 } ? .rebuild : .schemaEntry
    }

    /// Whether the name at `name` is SQLite's own (`sqlite_sequence`, `sqlite_autoindex_…`).
    func isInternal(_ name: KeyPath<DumpObject, String>) -> Bool {
        self[keyPath: name].lowercased().hasPrefix("sqlite_")
    }

    /// Whether this shadow table belongs to the virtual table `owner`: as
    /// SQLite decides, its name up to the last `_` is the owner's.
    func isShadow(of owner: String) -> Bool {
        guard let underscore = name.utf8.lastIndex(of: UInt8(ascii: "_")) else { return false }
        return sqlite3_stricmp(String(name[..<underscore]), owner) == 0
    }
}

import Foundation
import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender

/// `.dump [PATTERN…]`: SQL text that rebuilds the main database (or the
/// tables whose names match a LIKE pattern), read in one transaction so
/// that it is the database at one moment while others write: each table's
/// CREATE and its rows as INSERTs, then indexes, triggers and views, so
/// that triggers do not fire while the rows go in. Rowids that no column
/// holds are written too (unless they are 1, 2, 3… in order, as inserting
/// gives them again), so the FTS5 tables that point at them still do. An
/// FTS table is its CREATE plus its rows (a normal one) or a `rebuild` of
/// its index from its content table (external content). Any other virtual
/// table (an R*Tree, a contentless FTS table) is written as the sqlite3
/// shell writes it: its schema entry, through `PRAGMA writable_schema`,
/// and its shadow tables with their rows, where its data lives.
extension Session {
    func dump(patterns: [String]) throws {
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
        writer.raw("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        var writesSchema = false
        var rebuilds: [String] = []
        var later: [DumpObject] = []
        for object in objects {
            guard object.type == "table" else {
                if !object.table.lowercased().hasPrefix("sqlite_"), matches(object.type == "view" ? object.name : object.table) {
                    later.append(object)
                }
                continue
            }
            guard !object.name.lowercased().hasPrefix("sqlite_"), object.kind != "shadow", matches(object.name) else { continue }
            guard object.kind == "virtual" else {
                try writer.statement(object.sql, of: object.name)
                try dumpRows(of: object, in: db, to: writer)
                continue
            }
            if let fts = FTSDeclaration.parse(object.sql), fts.contentMode != "contentless" {
                try writer.statement(object.sql, of: object.name)
                if fts.contentTable == nil {
                    try dumpRows(of: object, in: db, to: writer)
                } else {
                    rebuilds.append(object.name)
                }
                continue
            }
            if !writesSchema {
                writer.raw("PRAGMA writable_schema=ON;\n")
                writesSchema = true
            }
            writer.raw("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql) VALUES('table',\(DumpLiteral.text(object.name)),"
                       + "\(DumpLiteral.text(object.table)),0,\(DumpLiteral.text(object.sql)));\n")
            for shadow in objects where shadow.kind == "shadow" && shadow.isShadow(of: object.name) {
                try writer.statement(shadow.sql, of: shadow.name)
                try dumpRows(of: shadow, in: db, to: writer)
            }
        }
        // Reads the schema again: the virtual tables work in the connection that read the dump.
        if writesSchema { writer.raw("PRAGMA writable_schema=RESET;\n") }
        try dumpSequences(in: db, patterns: patterns, to: writer)
        for name in rebuilds {
            let quoted = SQLText.identifier(name)
            writer.raw("INSERT INTO \(quoted)(\(quoted)) VALUES('rebuild');\n")
        }
        for object in later { try writer.statement(object.sql, of: object.name) }
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
    private static func dumpRows(of object: DumpObject, in db: Database, to writer: DumpWriter) throws {
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
            throw CommandError(String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        defer { sqlite3_finalize(statement) }
        let count = sqlite3_column_count(statement)
        let output = writer.output
        let headBytes = writer.bytes(head)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw CommandError(code == SQLITE_INTERRUPT ? "interrupted" : String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            output.write(headBytes)
            for column in 0..<count {
                if column > 0 { output.write(byte: UInt8(ascii: ",")) }
                DumpLiteral.write(statement, column, to: output)
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

    static func all(in db: Database) throws -> [DumpObject] {
        try Row.fetchAll(db, sql: """
            SELECT m.type, m.name, m.tbl_name, m.sql, l.type AS kind, coalesce(l.wr, 0) AS wr
            FROM main.sqlite_master AS m LEFT JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = m.name
            WHERE m.sql IS NOT NULL ORDER BY m.rowid
            """).map {
            DumpObject(type: $0["type"], name: $0["name"], table: $0["tbl_name"], sql: $0["sql"], kind: $0["kind"], withoutRowid: $0["wr"])
        }
    }

    /// Whether this shadow table belongs to the virtual table `owner`: as
    /// SQLite decides, its name up to the last `_` is the owner's.
    func isShadow(of owner: String) -> Bool {
        guard let underscore = name.utf8.lastIndex(of: UInt8(ascii: "_")) else { return false }
        return sqlite3_stricmp(String(name[..<underscore]), owner) == 0
    }
}

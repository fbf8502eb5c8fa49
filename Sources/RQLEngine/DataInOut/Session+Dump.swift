import Foundation
import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender

/// `.dump [PATTERN…]`: SQL text that rebuilds the main database (or the
/// tables whose names match a LIKE pattern): each table's CREATE and its
/// rows as INSERTs, then indexes, triggers and views, so that triggers do
/// not fire while the rows go in. Rowids that no column holds are written
/// too (unless they are 1, 2, 3… in order, as inserting gives them again),
/// so the FTS5 tables that point at them still do. An FTS5 table is
/// its CREATE plus its rows (a normal one) or a `rebuild` of its index from
/// its content table (external content), never its shadow tables' pages.
/// On a terminal, control characters show as symbols; elsewhere the bytes stay.
extension Session {
    func dump(patterns: [String]) throws {
        let output = self.output.showingControls
        defer { output.flush() }
        try queue.inDatabase { db in
            let objects = try Row.fetchAll(db, sql: """
                SELECT m.type, m.name, m.tbl_name, m.sql, l.type AS kind, l.wr
                FROM main.sqlite_master AS m LEFT JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = m.name
                WHERE m.sql IS NOT NULL ORDER BY m.rowid
                """)
            func matches(_ name: String) -> Bool {
                patterns.isEmpty || patterns.contains { Session.like(name, $0) }
            }
            output.write("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
            var rebuilds: [String] = []
            var later: [String] = []
            for object in objects {
                let type: String = object["type"]
                let name: String = object["name"]
                let table: String = object["tbl_name"]
                let sql: String = object["sql"]
                let kind: String? = object["kind"]
                if type == "table" {
                    guard !name.lowercased().hasPrefix("sqlite_"), kind != "shadow", matches(name) else { continue }
                    output.write(sql + ";\n")
                    if kind == "virtual" {
                        guard let fts = FTSDeclaration.parse(sql) else {
                            output.write("-- \(name): a virtual table whose rows .dump cannot write\n")
                            continue
                        }
                        switch fts.contentMode {
                        case "normal": try Session.dumpRows(of: name, in: db, to: output)
                        case "contentless": output.write("-- \(name): contentless FTS5, whose index a dump cannot rebuild\n")
                        default:
                            rebuilds.append("INSERT INTO \(SQLText.identifier(name))(\(SQLText.identifier(name))) VALUES('rebuild');\n")
                        }
                    } else {
                        try Session.dumpRows(of: name, in: db, to: output)
                    }
                } else if !table.lowercased().hasPrefix("sqlite_"), matches(type == "view" ? name : table) {
                    later.append(sql + ";\n")
                }
            }
            if patterns.isEmpty || patterns.contains(where: { Session.like("sqlite_sequence", $0) }),
               try db.tableExists("sqlite_sequence") {
                let sequences = try Row.fetchAll(db, sql: "SELECT name, seq FROM main.sqlite_sequence")
                let kept = sequences.filter { matches($0["name"]) }
                if !kept.isEmpty {
                    output.write("DELETE FROM sqlite_sequence;\n")
                    for row in kept {
                        let name: String = row["name"]
                        let seq: Int64 = row["seq"]
                        output.write("INSERT INTO sqlite_sequence VALUES(\(SQLText.stringLiteral(name)),\(seq));\n")
                    }
                }
            }
            for text in rebuilds + later { output.write(text) }
            output.write("COMMIT;\n")
        }
    }

    /// SQLite's LIKE, case-insensitive for ASCII, `%` and `_` as wildcards.
    private static func like(_ name: String, _ pattern: String) -> Bool {
        sqlite3_strlike(pattern, name, 0) == 0
    }

    /// One INSERT a row, with the rowid when no column holds it.
    private static func dumpRows(of table: String, in db: Database, to output: ByteOutput) throws {
        let info = try Row.fetchAll(db, sql: "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?, 'main')", arguments: [table])
        let columns = info.filter { ($0["hidden"] as Int? ?? 0) == 0 }.map { $0["name"] as String }
        let generated = info.contains { [2, 3].contains($0["hidden"] as Int? ?? 0) }
        let keys = info.filter { ($0["pk"] as Int? ?? 0) > 0 }
        let withoutRowid = try Int.fetchOne(db, sql: "SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?",
                                            arguments: [table]) == 1
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
        let headBytes = Array(head.utf8)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw CommandError(code == SQLITE_INTERRUPT ? "interrupted" : String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            output.write(headBytes)
            for column in 0..<count {
                if column > 0 { output.write(byte: UInt8(ascii: ",")) }
                writeLiteral(statement, column, to: output)
            }
            output.write(");\n")
        }
    }

    /// A value as an SQL literal that reads back the same: reals in their
    /// shortest exact form, text quoted (as a cast blob when it holds NUL),
    /// blobs in hex.
    private static func writeLiteral(_ statement: OpaquePointer, _ column: Int32, to output: ByteOutput) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            output.write(integer: sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement, column)
            if value.isNaN {
                output.write("NULL")
            } else if value.isInfinite {
                output.write(value < 0 ? "-1e999" : "1e999")
            } else {
                output.write(value.description)
            }
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return output.write("''") }
            let bytes = UnsafeBufferPointer(start: text, count: count)
            if bytes.contains(0) {
                output.write("CAST(")
                writeHex(bytes, to: output)
                output.write(" AS TEXT)")
                return
            }
            output.write(byte: 0x27)
            var rest = UnsafeRawBufferPointer(bytes)
            // Each quote is written twice: up to and with it, then from it on.
            while let base = rest.baseAddress, let quote = memchr(base, 0x27, rest.count) {
                let length = base.distance(to: UnsafeRawPointer(quote)) + 1
                output.write(UnsafeRawBufferPointer(start: base, count: length))
                output.write(byte: 0x27)
                rest = UnsafeRawBufferPointer(rebasing: rest[length...])
            }
            output.write(rest)
            output.write(byte: 0x27)
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            let blob = sqlite3_column_blob(statement, column)?.assumingMemoryBound(to: UInt8.self)
            writeHex(UnsafeBufferPointer(start: blob, count: blob == nil ? 0 : count), to: output)
        default:
            output.write("NULL")
        }
    }

    private static func writeHex(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.write("X'")
        for byte in bytes {
            output.write(byte: digits[Int(byte >> 4)])
            output.write(byte: digits[Int(byte & 0x0F)])
        }
        output.write(byte: 0x27)
    }
}

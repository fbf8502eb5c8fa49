import Foundation
import GRDBSQLite

/// A database file of the check's own, in memory-backed `/dev/shm` where
/// there is one, made and read through a plain SQLite connection: the
/// scaffolding around what rql does (building a random database, reading
/// what a database holds) costs no session, so that fuzzing spends its time
/// on `.dump` and on reading dumps. Removed when nothing holds it.
final class FuzzDatabaseFile {
    let path: String
    private var owned = true

    init(_ name: String) {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = "\(folder)/rql-fuzz-\(UUID().uuidString)-\(name).sqlite"
    }

    /// A file made elsewhere, left in place.
    init(existing path: String) {
        self.path = path
        owned = false
    }

    deinit {
        guard owned else { return }
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// Runs each statement, then `body`, in one connection and one
    /// transaction; a statement SQLite refuses is skipped. `body`'s queries
    /// each give their rows (none when one fails).
    func reading<T>(after statements: [String] = [], _ body: (_ query: (String) -> [[FuzzValue]]) -> T) -> T? {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
              let connection else { return nil }
        for sql in ["BEGIN"] + statements { _ = FuzzDatabaseFile.rows(sql, in: connection) }
        defer { _ = FuzzDatabaseFile.rows("COMMIT", in: connection) }
        return body { FuzzDatabaseFile.rows($0, in: connection) }
    }

    private static func rows(_ sql: String, in connection: OpaquePointer) -> [[FuzzValue]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return [] }
        defer { sqlite3_finalize(statement) }
        var rows: [[FuzzValue]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { FuzzValue(statement, $0) })
        }
        return rows
    }
}

/// A value as SQLite holds it: its type and its exact bytes, a real's bits.
enum FuzzValue: Equatable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(UInt64)
    case text([UInt8])
    case blob([UInt8])

    init(_ statement: OpaquePointer, _ column: Int32) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, column).bitPattern)
        case SQLITE_TEXT:
            let bytes = sqlite3_column_text(statement, column)
            self = .text(Array(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(sqlite3_column_bytes(statement, column)))))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, column)?.assumingMemoryBound(to: UInt8.self)
            self = .blob(Array(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(sqlite3_column_bytes(statement, column)))))
        default: self = .null
        }
    }

    /// The type's initial and the value: `n`, `i12`, `r` and the bits in hex, `t` or `b` and the bytes in hex.
    var description: String {
        switch self {
        case .null: "n"
        case .integer(let value): "i\(value)"
        case .real(let bits): "r" + String(bits, radix: 16)
        case .text(let bytes): "t" + FuzzValue.hex(bytes)
        case .blob(let bytes): "b" + FuzzValue.hex(bytes)
        }
    }

    /// The text of a text value, nil for any other.
    var text: String? {
        if case .text(let bytes) = self { String(decoding: bytes, as: UTF8.self) } else { nil }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}

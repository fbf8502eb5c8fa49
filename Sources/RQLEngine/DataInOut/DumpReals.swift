import GRDB
import GRDBSQLite

/// Reals as literals that SQLite reads back to the same bits. The shortest
/// text that names a double (Swift's `description`) is not always read so by
/// SQLite, whose parser scales by powers of ten in long double:
/// `4.778311798376508e-299` reads back one bit off. So each text is read
/// back first with SQLite's own conversion (`CAST` parses as the SQL parser
/// does), and a value that does not come back is written exactly, as its
/// integer significand scaled by powers of two, which SQLite multiplies and
/// divides without rounding:
///
///     0.1                        0.1
///     4.778311798376508e-299     (5413591373570667.0/1152921504606846976/…/2048)
final class DumpReals {
    private let check: OpaquePointer

    init(_ db: Database) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db.sqliteConnection, "SELECT CAST(?1 AS REAL)", -1, &statement, nil) == SQLITE_OK,
              let statement else {
            throw CommandError(.sqlite(String(cString: sqlite3_errmsg(db.sqliteConnection))))
        }
        check = statement
    }

    deinit {
        sqlite3_finalize(check)
    }

    /// A finite value's literal.
    func literal(_ value: Double) -> String {
        let text = value.description
        return readBack(text) == value.bitPattern ? text : DumpReals.exact(value)
    }

    /// The bits SQLite reads `text` as.
    private func readBack(_ text: String) -> UInt64? {
        defer { sqlite3_reset(check) }
        guard sqlite3_bind_text(check, 1, text, -1, DumpReals.transient) == SQLITE_OK, sqlite3_step(check) == SQLITE_ROW else {
            return nil
        }
        return sqlite3_column_double(check, 0).bitPattern
    }

    /// `(M.0*2^…)` or `(M.0/2^…)`: the value as its integer significand M
    /// (at most 53 bits, read exactly) times or divided by powers of two up
    /// to 2^60 (integers, read exactly); every step is exact, since each
    /// partial result is the significand at another exponent.
    static func exact(_ value: Double) -> String {
        var significand = value.magnitude
        var exponent = 0
        while significand != significand.rounded(.towardZero) {
            significand *= 2
            exponent -= 1
        }
        while significand >= 0x1p53 {
            significand /= 2
            exponent += 1
        }
        var text = "(" + (value < 0 ? "-" : "") + String(Int64(significand)) + ".0"
        let operation = exponent < 0 ? "/" : "*"
        var remaining = exponent.magnitude
        while remaining > 0 {
            let step = min(remaining, 60)
            text += operation + String(Int64(1) << step)
            remaining -= step
        }
        return text + ")"
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

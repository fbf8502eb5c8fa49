import CSQLiteSupport
import GRDB
import GRDBSQLite
import RQLLanguage

/// Safe mode (`--safe`, and notebooks unless `--unsafe`): nothing outside
/// the private database is read or written. SQLite does the refusing:
/// no database may be attached (which also stops `VACUUM INTO` and
/// `VACUUM`), defensive mode protects the schema and shadow tables, and
/// extensions stay unloadable. The dot-commands that touch files refuse
/// on their own (`DotCommand.touchesFiles`). Refusals are worded here, so
/// nobody sees SQLite's bare "too many attached databases - max 0".
enum SafeMode {
    static func limit(_ db: Database) throws {
        sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_ATTACHED, 0)
        let code = rql_set_defensive(UnsafeMutableRawPointer(db.sqliteConnection), 1)
        guard code == SQLITE_OK else {
            throw CommandError("cannot turn on safe mode (SQLite result code \(code))")
        }
    }

    /// The message for an error SQLite gave because of the limits above, or nil.
    static func refusal(for message: String, sql: String) -> String? {
        let tokens = SQLTokenizer.tokens(sql)
        if message == "not authorized", tokens.contains(where: { $0.isWord("load_extension") }) {
            return "rql does not load extensions: load_extension is off"
        }
        guard message.hasPrefix("too many attached databases") else { return nil }
        guard tokens.first?.isWord("vacuum") == true else {
            return "refused by safe mode: ATTACH would reach a file outside the private database"
        }
        return tokens.contains(where: { $0.isWord("into") })
            ? "refused by safe mode: VACUUM INTO would write a file outside the private database"
            : "refused by safe mode: VACUUM works through an attached database, which safe mode does not allow"
    }

    static let unsafeNote = "safe mode is on: rql --safe, or a notebook command without --unsafe"
}

import CSQLiteSupport
import FoundationEssentials
import Glibc
import GRDB
import GRDBSQLite
import RQLLanguage

/// Safe mode (`--safe`, and notebooks unless `--unsafe`): nothing outside
/// the private database is read or written, and SQL cannot reach inside
/// SQLite. SQLite does the refusing: no database may be attached (which
/// also stops `VACUUM INTO` and `VACUUM`), defensive mode protects the
/// schema and shadow tables, extensions stay unloadable, a file's schema is
/// not trusted (its views and triggers may use only innocuous functions and
/// virtual tables, so a database cannot make safe-mode SQL run what it could
/// not run typed; a sample's schema is rql's own, and trusted), and
/// `fts3_tokenizer()`, which reads and sets pointers inside SQLite, is
/// replaced by one that refuses. The dot-commands that touch files refuse
/// on their own (`DotCommand.touchesFiles`). Refusals are worded here, so
/// nobody sees SQLite's bare "too many attached databases - max 0".
public enum SafeMode {
    /// `trustsSchema`: the database is rql's own (a sample) or new, so its
    /// views and triggers are rql's or typed here and may call what they call.
    static func limit(_ db: Database, trustsSchema: Bool) throws {
        sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_ATTACHED, 0)
        let connection = UnsafeMutableRawPointer(db.sqliteConnection)
        for (option, on) in [(SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, trustsSchema ? 1 : 0),
                             (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0)] {
            let code = rql_set_config_flag(connection, option, Int32(on))
            guard code == SQLITE_OK else {
                throw CommandError(.safeModeSetup(code: code))
            }
        }
        for arguments: Int32 in [1, 2] {
            ScalarFunction("fts3_tokenizer", argumentCount: arguments, flags: [.directOnly]) { _ in
                throw DatabaseError(resultCode: .SQLITE_AUTH, message: "fts3_tokenizer() is off in safe mode")
            }.register(in: db)
        }
    }

    /// The problem, in rql's words, of an error SQLite gave `sql` because
    /// of the limits above, or because extension loading is off (in or out
    /// of safe mode); nil for any other error. The replaced
    /// `fts3_tokenizer()` alone fails with SQLITE_AUTH (rql sets no
    /// authorizer); SQLite gives its own refusals no code but SQLITE_ERROR,
    /// so its message is what tells them apart.
    static func refusal(for error: DatabaseError, sql: String) -> CommandProblem? {
        if error.resultCode == .SQLITE_AUTH { return .refused(.fts3Tokenizer) }
        let message = error.message ?? ""
        let tokens = SQLTokenizer.tokens(sql)
        if message == "not authorized", tokens.contains(where: { $0.isWord("load_extension") }) {
            return .extensionsOff
        }
        guard message.hasPrefix("too many attached databases") else { return nil }
        return .refused(tokens.first?.isWord("vacuum") != true ? .attach
            : tokens.contains(where: { $0.isWord("into") }) ? .vacuumInto : .vacuum)
    }

    /// Pragmas that make SQLite create files in a folder they name.
    static let folderPragmas: Set<String> = ["temp_store_directory", "data_store_directory"]

    /// Refuses SQL that sets a folder pragma, wherever it stands in the text:
    /// SQLite applies those pragmas while preparing, and GRDB prepares what
    /// follows a first statement too, so this runs before anything is prepared.
    static func check(_ sql: String) throws {
        let tokens = SQLTokenizer.tokens(sql)
        for (index, token) in tokens.enumerated() where token.isWord("pragma") {
            var nameIndex = index + 1
            if nameIndex + 1 < tokens.count, tokens[nameIndex + 1].isPunctuation(".") { nameIndex += 2 }
            // Reading the setting is harmless; `= 'folder'` or `('folder')` sets it.
            if nameIndex + 1 < tokens.count, let name = tokens[nameIndex].name, folderPragmas.contains(name.lowercased()),
               tokens[nameIndex + 1].isPunctuation("=") || tokens[nameIndex + 1].isPunctuation("(") {
                throw CommandError(.refused(.folderPragma(name)))
            }
        }
    }

    /// Whether `path` is in `folder` or below it, once both are made
    /// absolute and their links resolved (`..` and links cannot lead out).
    public static func isInside(_ path: String, folder: String) -> Bool {
        func real(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let root = real(folder)
        return real(path).hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Whether SQLite refused a function or virtual table (`unsafe use of
    /// …`) because the schema is not trusted. SQLite gives the refusal no
    /// result code of its own (SQLITE_ERROR), so its message tells.
    static func isUntrustedSchemaRefusal(_ message: String, connection: SQLiteConnection) -> Bool {
        message.hasPrefix("unsafe use of ")
            && rql_config_flag(UnsafeMutableRawPointer(connection), SQLITE_DBCONFIG_TRUSTED_SCHEMA) == 0
    }

}

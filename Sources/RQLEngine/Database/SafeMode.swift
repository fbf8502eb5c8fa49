import CSQLiteSupport
import Foundation
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
public enum SafeMode {
    static func limit(_ db: Database) throws {
        sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_ATTACHED, 0)
        let code = rql_set_defensive(UnsafeMutableRawPointer(db.sqliteConnection), 1)
        guard code == SQLITE_OK else {
            throw CommandError("cannot turn on safe mode (SQLite result code \(code))")
        }
    }

    /// rql's words for an error SQLite gave `sql` because of the limits
    /// above, or because extension loading is off (in or out of safe
    /// mode); nil for any other error.
    static func refusal(for message: String, sql: String) -> CommandError? {
        let tokens = SQLTokenizer.tokens(sql)
        if message == "not authorized", tokens.contains(where: { $0.isWord("load_extension") }) {
            return CommandError("rql does not load extensions: load_extension is off")
        }
        guard message.hasPrefix("too many attached databases") else { return nil }
        let refused = tokens.first?.isWord("vacuum") != true ? "ATTACH is off, as it can reach files outside the private database"
            : tokens.contains(where: { $0.isWord("into") }) ? "VACUUM INTO would write a file outside the private database"
            : "VACUUM works through an attached database, which safe mode does not allow"
        return refusedError(refused)
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
                throw refusedError("PRAGMA \(name) would make SQLite create files in another folder")
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

    /// `refused by safe mode: WHAT`, with a note on how safe mode came to be on.
    static func refusedError(_ what: String) -> CommandError {
        CommandError("refused by safe mode: \(what)", notes: ["safe mode is on: rql --safe, or a notebook command without --unsafe"])
    }
}

import Foundation
import GRDB
import GRDBSQLite
import RQLRender

/// `.backup`/`.save` and `.restore`: a database of the session copied to or
/// from a file with SQLite's online backup API, page by page, so the
/// in-memory sample or a session's work becomes a file, and back.
extension Session {
    /// What `.backup [DB] [--force] FILE` and `.restore [DB] FILE` name.
    struct BackupRequest {
        var schema = "main"
        var file: String
        var force = false

        /// The request `.backup`, `.save` or `.restore` was given.
        init(_ arguments: DotArguments) {
            schema = arguments.text(.schema) ?? "main"
            file = arguments[.file]
            force = arguments.has("--force")
        }
    }

    /// Copies database `schema` of the session into FILE, replacing what it held.
    func backup(_ request: BackupRequest) throws {
        try refuseUnlessDatabaseOrMissing(request.file, force: request.force)
        try queue.inDatabase { db in
            try Session.checkSchema(request.schema, in: db)
            let destination = try Session.openForBackup(request.file, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            defer { sqlite3_close_v2(destination) }
            try Session.copyPages(from: db.sqliteConnection, request.schema, to: destination, "main", file: request.file)
        }
        output.write("saved \(request.schema) to \(request.file)\n")
    }

    /// Replaces database `schema` of the session with the database in FILE.
    func restore(_ request: BackupRequest) throws {
        try queue.inDatabase { db in
            try Session.checkSchema(request.schema, in: db)
            guard !db.isInsideTransaction else {
                throw CommandError(.restoreInTransaction)
            }
            let source = try Session.openForBackup(request.file, flags: SQLITE_OPEN_READONLY)
            defer { sqlite3_close_v2(source) }
            if request.schema == "main" { try AppTriggers.uninstall(db) }
            // Whether or not the copy succeeds, main gets the app triggers its schema calls for.
            let copied = Result { try Session.copyPages(from: source, "main", to: db.sqliteConnection, request.schema, file: request.file) }
            try AppTriggers.installIfReminders(db)
            try copied.get()
        }
        output.write("restored \(request.schema) from \(request.file)\n")
    }

    /// A file that exists and is not empty must be an SQLite database, unless
    /// `force`; a name that is not a regular file (a FIFO, a device, a
    /// folder) is refused before it is opened, which could wait forever.
    private func refuseUnlessDatabaseOrMissing(_ path: String, force: Bool) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CommandError(.notRegularFile(path))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        guard !header.isEmpty, header != Data("SQLite format 3\u{0}".utf8) else { return }
        guard force else {
            throw CommandError(.notADatabase(path))
        }
        // Emptied in place, so that a link keeps pointing at it.
        guard truncate(path, 0) == 0 else {
            throw CommandError(.cannotWrite(path, reason: String(cString: strerror(errno))))
        }
    }

    private static func checkSchema(_ schema: String, in db: Database) throws {
        let names = try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list")
        guard names.contains(schema) else {
            throw CommandError(.noDatabase(schema, databases: names))
        }
    }

    private static func openForBackup(_ path: String, flags: Int32) throws -> OpaquePointer {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(connection)
            throw CommandError(.cannotOpen(path, reason: reason))
        }
        return connection
    }

    private static func copyPages(from source: OpaquePointer?, _ sourceName: String, to destination: OpaquePointer?,
                                  _ destinationName: String, file: String) throws {
        guard let backup = sqlite3_backup_init(destination, destinationName, source, sourceName) else {
            throw CommandError(.backupCopy(file, reason: String(cString: sqlite3_errmsg(destination))))
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            let code = stepped == SQLITE_DONE ? finished : stepped
            throw CommandError(code == SQLITE_NOTADB ? .backupOfNonDatabase(file)
                : .backupCopy(file, reason: String(cString: sqlite3_errstr(code))))
        }
    }

    /// `.databases`: each database of the connection, its file, whether it
    /// can be written and its journal mode.
    func describeDatabases() throws {
        let rows = try queue.inDatabase { db -> [(name: String, file: String, state: String)] in
            var names = try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq")
            if !names.contains("temp") { names.insert("temp", at: min(1, names.count)) }
            return try names.map { name in
                let file = try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = ?",
                                               arguments: [name]) ?? ""
                let journal = try String.fetchOne(db, sql: "SELECT journal_mode FROM pragma_journal_mode WHERE schema = ?",
                                                  arguments: [name]) ?? "unknown"
                let access = sqlite3_db_readonly(db.sqliteConnection, name) == 1 ? "read-only" : "read/write"
                return (name, file.isEmpty ? (journal == "memory" ? "(in memory)" : "(temporary)") : file, access + ", journal " + journal)
            }
        }
        let fileWidth = rows.map { DisplayWidth.of($0.file) }.max() ?? 0
        output.write(AlignedList.text(rows.map { row in
            (row.name, row.file + String(repeating: " ", count: fileWidth - DisplayWidth.of(row.file) + 2) + row.state)
        }))
        if let steps = sandboxSteps {
            let keep = target.isFile ? "writes them to the file" : "keeps them"
            output.write("a sandbox holds the changes of \(Session.commands(steps)) in a transaction (.sandbox keep \(keep))\n")
        }
    }
}

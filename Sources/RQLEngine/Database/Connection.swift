import Foundation
import GRDB
import GRDBSQLite

/// Opens the connections a session uses, configured for a shell rather than
/// an app.
enum Connection {
    /// GRDB's defaults suit apps; a shell needs `BEGIN` to stay open across
    /// commands, `"text"` accepted as a string where no column matches (users
    /// paste such SQL), foreign keys on (the samples rely on cascades), and a
    /// busy timeout instead of an immediate failure.
    /// `trustsSchema`: whether the database's views and triggers are rql's
    /// own or typed here (a sample, a new database), not a file's, which
    /// safe mode does not trust.
    static func configuration(readonly: Bool, setup: ConnectionSetup, trustsSchema: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.allowsUnsafeTransactions = true
        configuration.acceptsDoubleQuotedStringLiterals = true
        configuration.foreignKeysEnabled = true
        configuration.label = "rql"
        configuration.prepareDatabase { db in
            // Set here rather than as GRDB's busy mode, which takes seconds
            // and would round some milliseconds down; GRDB's first read of
            // the file, as it opens it, comes after this.
            _ = sqlite3_busy_timeout(db.sqliteConnection, setup.busyTimeout)
            SQLFunctions.register(in: db, setup: setup)
            if setup.safe { try SafeMode.limit(db, trustsSchema: trustsSchema) }
        }
        return configuration
    }

    /// Opens `target`: a file as it is, or a sample built into memory,
    /// through the VFS that shows SQLite the scheduler's clock.
    /// When the database has the Reminders schema, the app's TEMP triggers
    /// are created on the new connection. A file another program holds
    /// locked is waited for as long as the busy timeout says.
    static func open(_ target: DatabaseTarget, setup: ConnectionSetup) throws -> DatabaseQueue {
        do {
            return try openAndInstallTriggers(target, setup: setup)
        } catch let locked as Locked {
            throw locked.error(waited: setup.busyTimeout)
        }
    }

    /// Opens `target` as `open` does, but without waiting for a file another
    /// program holds locked: nil then, at once. The connection opened has
    /// the busy timeout of `setup` for what runs on it later.
    static func openUnlessLocked(_ target: DatabaseTarget, setup: ConnectionSetup) throws -> DatabaseQueue? {
        var atOnce = setup
        atOnce.busyTimeout = 0
        do {
            let queue = try openAndInstallTriggers(target, setup: atOnce)
            queue.inDatabase { db in _ = sqlite3_busy_timeout(db.sqliteConnection, setup.busyTimeout) }
            return queue
        } catch is Locked {
            return nil
        }
    }

    /// Another program held the database file locked for as long as rql waited.
    private struct Locked: Error {
        let path: String
        /// SQLite's words for it.
        let message: String

        /// The lock `error` met on the file at `path`; nil for any other error.
        init?(_ error: DatabaseError, path: String) {
            guard error.resultCode == .SQLITE_BUSY else { return nil }
            self.path = path
            message = error.message ?? "\(error.resultCode)"
        }

        /// `cannot open PATH: database is locked`, who holds the lock, and
        /// how long rql waited for it.
        func error(waited milliseconds: Int32) -> CommandError {
            CommandError(.locked(path, message: message, holder: LockHolder.description(ofDatabaseAt: path), waited: milliseconds))
        }
    }

    private static func openAndInstallTriggers(_ target: DatabaseTarget, setup: ConnectionSetup) throws -> DatabaseQueue {
        let queue = try openDatabase(target, setup: setup)
        do {
            try queue.inDatabase { db in try AppTriggers.install(for: target, db) }
        } catch let error as DatabaseError {
            if case .file(let path, _) = target, let locked = Locked(error, path: path) { throw locked }
            throw CommandError(.appTriggers(reason: error.message ?? "\(error.resultCode)"))
        }
        return queue
    }

    private static func openDatabase(_ target: DatabaseTarget, setup: ConnectionSetup) throws -> DatabaseQueue {
        SQLiteLibrary.configured
        let vfs = try ClockVFS.name(for: setup.scheduler.clock)
        switch target {
        case .file(let path, let readonly):
            return try openFile(path, readonly: readonly, vfs: vfs, setup: setup)
        case .copy(let path):
            let copy = try DatabaseQueue(path: ClockVFS.uri(path: nil, vfs: vfs),
                                         configuration: configuration(readonly: false, setup: setup))
            do {
                let original = try openFile(path, readonly: true, repairs: true, vfs: vfs, setup: setup)
                try original.backup(to: copy)
                try original.close()
            } catch let error as DatabaseError {
                throw CommandError(.cannotCopy(path, reason: error.message ?? "\(error.resultCode)"))
            }
            return copy
        case .scratch(let path, let original):
            return try openFile(path, readonly: false, vfs: vfs, setup: setup, trustsSchema: original.hasOwnSchema)
        case .dataFiles:
            // The files are imported by the session, as `.import` would.
            return try DatabaseQueue(path: ClockVFS.uri(path: nil, vfs: vfs),
                                     configuration: configuration(readonly: false, setup: setup, trustsSchema: true))
        case .sample(let sample):
            let queue = try DatabaseQueue(path: ClockVFS.uri(path: nil, vfs: vfs),
                                          configuration: configuration(readonly: false, setup: setup, trustsSchema: true))
            do {
                try queue.inDatabase { db in
                    if let prebuilt = sample.prebuilt {
                        try prebuilt.load(into: db)
                    } else {
                        try db.execute(sql: sample.script)
                    }
                }
            } catch let error as DatabaseError {
                throw CommandError(.sampleBuild(sample.rawValue, reason: error.message ?? "\(error.resultCode)"))
            }
            return queue
        }
    }

    /// Opens the database file at `path`, as SQLite opens any file: read
    /// under a shared lock, so that a writer committing meanwhile cannot
    /// tear what is read, and with a WAL's commits read (SQLite then gives it
    /// -wal and -shm files, as the sqlite3 shell does). `repairs`: when
    /// SQLite must first put a read-only file right (roll back the hot
    /// journal a crashed writer left), it is opened to write, as any SQLite
    /// program would open it; its committed rows stay as they are.
    private static func openFile(_ path: String, readonly: Bool, repairs: Bool = false, vfs: String,
                                 setup: ConnectionSetup, trustsSchema: Bool = false) throws -> DatabaseQueue {
        if readonly, !FileManager.default.fileExists(atPath: path) {
            throw CommandError(.noSuchFile(path))
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandError(.openFolder(path))
        }
        do {
            // GRDB reads the schema as it opens the file: a file that is not
            // a database, one another program has locked, or a hot journal
            // a read-only connection cannot roll back, fails here.
            return try DatabaseQueue(path: ClockVFS.uri(path: path, vfs: vfs),
                                     configuration: configuration(readonly: readonly, setup: setup,
                                                                  trustsSchema: trustsSchema || path == ":memory:"))
        } catch let error as DatabaseError {
            if let locked = Locked(error, path: path) { throw locked }
            if error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
                if repairs, FileManager.default.isWritableFile(atPath: path) {
                    return try openFile(path, readonly: false, vfs: vfs, setup: setup)
                }
                throw CommandError(.hotJournal(path))
            }
            throw CommandError(.cannotOpen(path, reason: error.message ?? "\(error.resultCode)"))
        }
    }
}

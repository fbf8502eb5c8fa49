import Foundation
import GRDBSQLite
import Testing
import RQLEngine

/// A database file another connection holds locked: rql opens it at once,
/// what does not read it runs, what reads it waits as long as `.timeout`
/// says (the first wait included), then fails with `database is locked`,
/// and the session goes on.
@Suite struct LockedDatabaseTests {
    /// A database file that a second connection holds an exclusive lock
    /// on (`BEGIN EXCLUSIVE`), as another program writing to it does: the
    /// file given, or a new one with a table `t` of one row, 1. The file
    /// is removed at the end.
    final class ExclusiveLock: @unchecked Sendable {
        struct Failure: Error {
            let code: Int32
        }

        let path: String
        private let connection: OpaquePointer

        init(on file: String? = nil) throws {
            path = file ?? FileManager.default.temporaryDirectory.appendingPathComponent("rql-locked-\(UUID().uuidString).sqlite").path
            let table = file == nil ? "CREATE TABLE t (x); INSERT INTO t VALUES (1); " : ""
            var connection: OpaquePointer?
            var code = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
            if code == SQLITE_OK {
                code = sqlite3_exec(connection, table + "BEGIN EXCLUSIVE;", nil, nil, nil)
            }
            guard code == SQLITE_OK, let connection else {
                sqlite3_close_v2(connection)
                throw Failure(code: code)
            }
            self.connection = connection
        }

        /// Ends the transaction, and the lock with it.
        func release() {
            sqlite3_exec(connection, "COMMIT", nil, nil, nil)
        }

        deinit {
            sqlite3_close_v2(connection)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// What a command that reads the file says while it is locked, after
    /// waiting `milliseconds`; the holder is this process, so no process is named.
    private func lockedError(_ path: String, waited milliseconds: Int) -> String {
        "error: cannot open \(path): database is locked\nnote: rql waited \(milliseconds) ms for it (.timeout MS waits longer)\n"
    }

    @Test func aLockedFileOpensAtOnceAndTimeoutGovernsTheFirstWait() throws {
        let lock = try ExclusiveLock()
        // The lock stays until the read below has given up: what waited for
        // it at open would fail to open, whatever the machine's load.
        let test = try TestSession(.file(path: lock.path, readonly: false))
        let settings = test.run(".print open\n.mode csv\n.timeout 200\n.show")
        #expect(settings.errors == "")
        #expect(settings.output.hasPrefix("open\nmode       csv\n"))
        #expect(settings.output.contains("\ntimeout    200 ms\n"))
        #expect(!test.session.isInTransaction)
        #expect(test.run("SELECT x FROM t;").errors == lockedError(lock.path, waited: 200))
        lock.release()
        let waited = test.run(".timeout 5000\nSELECT x FROM t;")
        #expect(waited.errors == "")
        #expect(waited.output == "1\n")
    }

    @Test func whatReadsALockedFileSaysSoAndTheSessionGoesOn() throws {
        let lock = try ExclusiveLock()
        let test = try TestSession(.file(path: lock.path, readonly: false))
        test.run(".timeout 200")
        let locked = lockedError(lock.path, waited: 200)
        #expect(test.run("SELECT x FROM t;").errors == locked)
        #expect(test.run("t | count").errors == locked)
        #expect(test.run(".tables").errors == locked)
        lock.release()
        #expect(test.run("SELECT x FROM t;").output == "1\n")
        #expect(test.run("t | count").output == "1\n")
        #expect(test.run(".tables").output == "t\n")
    }

    @Test func aRemindersFileLockedAtOpenGetsTheAppTriggersWhenItOpens() throws {
        let lock = try ExclusiveLock(on: AppTriggerTests.writtenSample())
        let test = try TestSession(.file(path: lock.path, readonly: false))
        #expect(test.run(".timeout 100\nSELECT 1 FROM reminders LIMIT 1;").errors == lockedError(lock.path, waited: 100))
        lock.release()
        #expect(test.value("SELECT name FROM temp.sqlite_master ORDER BY name;")
                == "remindersLists_default_after_delete\nreminders_status_after_update")
    }

    /// Another program, the sqlite3 shell, running `sql` on the database
    /// at `path` and holding its transaction open for `seconds`; give it
    /// half a second to take its lock.
    private func holdLock(on path: String, _ sql: String, seconds: Int) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "(echo '\(sql)'; sleep \(seconds)) | sqlite3 '\(path)'"]
        try holder.run()
        Thread.sleep(forTimeInterval: 0.5)
        return holder
    }

    @Test func openDoesNotWaitAndTheFirstReadNamesTheHolder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-locked-\(UUID().uuidString).sqlite").path
        let setup = try TestSession(.file(path: path, readonly: false))
        setup.run("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        // Another program holds an exclusive lock for three seconds.
        let holder = try holdLock(on: path, "BEGIN EXCLUSIVE; INSERT INTO t VALUES (2);", seconds: 3)
        defer { holder.terminate() }
        let test = try TestSession.inMemory("")
        let result = test.run(".timeout 200\n.open '\(path)'\n.print opened\nSELECT x FROM t;")
        #expect(result.output == "opened\n")
        #expect(test.session.target == .file(path: path, readonly: false))
        // The holder and its lock are named.
        #expect(result.errors.hasPrefix("error: cannot open \(path): database is locked\nnote: process "))
        #expect(result.errors.hasSuffix(" holds an exclusive lock on it (it is writing)\n"
            + "note: rql waited 200 ms for it (.timeout MS waits longer)\n"))
    }

    @Test func aStatementThatFindsTheDatabaseLockedNamesTheHolder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-wal-locked-\(UUID().uuidString).sqlite").path
        let test = try TestSession(.file(path: path, readonly: false))
        test.run("PRAGMA journal_mode = wal; CREATE TABLE t (x);")
        let holder = try holdLock(on: path, "BEGIN IMMEDIATE; INSERT INTO t VALUES (2);", seconds: 2)
        defer { holder.terminate() }
        let errors = test.run(".timeout 100\nINSERT INTO t VALUES (3);").errors
        #expect(errors.hasPrefix("error: database is locked\n"))
        #expect(errors.contains("\nnote: process "))
        #expect(errors.contains(" holds the write lock of its WAL (a write transaction is open)\n"))
    }
}

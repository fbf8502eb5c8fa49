import Foundation
import Testing
import RQLEngine

/// A private copy (a notebook's `@db`) is read as SQLite reads any file:
/// under a lock, with a crashed writer's changes rolled back.
@Suite struct DatabaseCopyTests {
    /// A writer changed a row, spilled the page to the file, and stopped
    /// before committing: the file holds the change, its journal the row as
    /// it was. Reading the file as it is (immutable, without locks) would
    /// see `1|0`; the committed row is `0|0`.
    @Test(.enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell to leave a hot journal"))
    func aCrashedWritersChangesAreNotCopied() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = folder.appendingPathComponent("writer.db").path
        let crashed = folder.appendingPathComponent("crashed.db").path
        _ = try SQLiteShell.run([writer, "CREATE TABLE t (a, b); INSERT INTO t VALUES (0, 0); CREATE TABLE big (x);"])
        _ = try SQLiteShell.run([writer, "PRAGMA cache_size = 2", "BEGIN", "UPDATE t SET a = 1",
                                 "INSERT INTO big SELECT randomblob(900) FROM generate_series(1, 3000)",
                                 ".shell cp '\(writer)' '\(crashed)'; cp '\(writer)-journal' '\(crashed)-journal'",
                                 "ROLLBACK"])
        #expect(FileManager.default.fileExists(atPath: crashed + "-journal"))
        let copy = try TestSession(.copy(path: crashed))
        #expect(copy.run("SELECT a, b FROM t;").output == "0|0\n")
        #expect(copy.value("SELECT count(*) FROM big;") == "0")
    }

    /// A database in WAL mode is copied with the commits its -wal file holds.
    @Test func aWALsCommitsAreCopied() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-wal-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let writer = try TestSession(.file(path: path, readonly: false))
        writer.run("PRAGMA journal_mode = WAL;\nPRAGMA wal_autocheckpoint = 0;\nCREATE TABLE t (x);\nINSERT INTO t VALUES ('東京');")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try TestSession(.copy(path: path)).value("SELECT x FROM t;") == "東京")
    }
}

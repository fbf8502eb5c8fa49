import Foundation
import Testing
import RQLEngine

/// `.dump` reads the database in one read transaction: while another
/// process writes, each dump is the database as it was at one moment.
@Suite(.enabled(if: SQLiteShell.isAvailable, "needs sqlite3"))
struct DumpSnapshotTests {
    /// sqlite3 moves one unit from `b` to `a` in each transaction, so that
    /// a + b is always 0; a large table between them makes a dump take long
    /// enough for many transactions to commit while it runs.
    @Test func aDumpIsOneMomentOfTheDatabase() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-snapshot-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        #expect(try SQLiteShell.run([path, """
            PRAGMA journal_mode=WAL;
            CREATE TABLE a (v INTEGER); INSERT INTO a VALUES (0);
            CREATE TABLE filler (x TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO filler SELECT 'row ' || i FROM n;
            CREATE TABLE b (v INTEGER); INSERT INTO b VALUES (0);
            """]) == "wal\n")
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: SQLiteShell.path)
        writer.arguments = [path]
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("rql-writer-\(UUID().uuidString).sql")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data((".timeout 10000\nPRAGMA synchronous=OFF;\n" + String(repeating: "BEGIN; UPDATE a SET v = v + 1; UPDATE b SET v = v - 1; COMMIT;\n", count: 100_000)).utf8)
            .write(to: script)
        writer.standardInput = try FileHandle(forReadingFrom: script)
        writer.standardOutput = FileHandle.nullDevice
        try writer.run()
        defer {
            // SIGKILL, not terminate(): the shell went on for seconds after a SIGTERM.
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        let test = try TestSession(.file(path: path, readonly: false))
        // The dumps start once the writer has committed.
        while test.value("SELECT v FROM a;") == "0" && writer.isRunning { usleep(1000) }
        for _ in 0..<5 {
            let dump = test.run(".dump")
            #expect(dump.errors == "")
            let check = "SELECT (SELECT v FROM a) + (SELECT v FROM b), (SELECT count(*) FROM filler);\n"
            #expect(try SQLiteShell.run([":memory:"], input: dump.output + check) == "0|5000\n")
        }
    }
}

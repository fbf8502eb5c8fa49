import Testing
import RQLLanguage

/// What the session reads from a statement's tokens before SQLite sees it.
@Suite struct SQLStatementKindTests {
    @Test(arguments: [
        ("BEGIN;", "BEGIN"), ("begin immediate", "BEGIN"), ("-- why\n  Commit", "COMMIT"), ("END TRANSACTION;", "END"),
        ("ROLLBACK TO a;", "ROLLBACK"), ("savepoint a", "SAVEPOINT"), ("RELEASE a", "RELEASE"), ("VACUUM INTO 'x.db'", "VACUUM"),
        ("ATTACH ':memory:' AS m", "ATTACH"), ("detach m", "DETACH"), ("PRAGMA journal_mode = wal", "PRAGMA journal_mode"),
        ("pragma main.journal_mode=delete;", "PRAGMA journal_mode"), ("PRAGMA journal_mode(wal)", "PRAGMA journal_mode"),
    ])
    func whatASandboxCannotHold(sql: String, refusal: String) {
        #expect(SQLStatementKind.of(sql: sql).sandboxRefusal == refusal)
    }

    @Test(arguments: [
        "PRAGMA journal_mode;", "PRAGMA main.journal_mode", "PRAGMA user_version = 3", "SELECT 'BEGIN'", "\"begin\"",
        "WITH t AS (SELECT 1) SELECT * FROM t", "pragma", "pragma main.", "pragma journal_mode", "", ";",
        "UPDATE t SET x = 1", "CREATE TABLE vacuum (x)",
    ])
    func whatItCanHold(sql: String) {
        #expect(SQLStatementKind.of(sql: sql).sandboxRefusal == nil)
    }
}

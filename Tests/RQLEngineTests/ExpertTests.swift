import Testing
import RQLEngine

/// `.expert`: the indexes it proposes, tried on a copy of the schema, and
/// the database itself left as it was.
@Suite struct ExpertTests {
    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func aComposerLookupGetsAnIndexOnComposer() throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        let schema = test.run("SELECT count(*) FROM sqlite_schema;").output
        let ran = test.run(".expert SELECT * FROM Track WHERE Composer = 'AC/DC'")
        #expect(ran.errors == "")
        #expect(ran.output == """
            CREATE INDEX "Track_Composer" ON "Track" ("Composer");

            plan now:
            └─ SCAN Track

            plan with this index:
            └─ SEARCH Track USING INDEX Track_Composer (Composer=?)

            """)
        #expect(test.run("SELECT count(*) FROM sqlite_schema;").output == schema)
        // Equality, then the order: one index on both columns.
        #expect(test.run(".expert SELECT * FROM Invoice WHERE BillingCountry = 'France' ORDER BY InvoiceDate").output
            .hasPrefix("CREATE INDEX \"Invoice_BillingCountry_InvoiceDate\" ON \"Invoice\" (\"BillingCountry\", \"InvoiceDate\");\n"))
    }

    @Test func aQueryThatNeedsNoIndexIsSaidSo() throws {
        let test = try TestSession()
        let ran = test.run(".expert SELECT title FROM remindersLists WHERE id = '1'")
        #expect(ran.errors == "")
        #expect(ran.output.hasPrefix("no new index would help: SQLite's plan is the same with one on any column the query reads\n"))
        // Only the columns a SELECT list shows: a covering scan is still a scan.
        #expect(test.run(".expert SELECT title FROM reminders").output.hasPrefix("no new index would help"))
    }

    @Test func dslQueriesAndHostileNames() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE "we""ird ta;ble" ("co l" TEXT, n INTEGER, body TEXT);
            CREATE VIRTUAL TABLE notes USING fts5(body);
            CREATE VIEW v AS SELECT "co l" AS c, n FROM "we""ird ta;ble";
            """)
        let ran = test.run(".expert SELECT * FROM v WHERE c = 'x' AND n > 3")
        #expect(ran.errors == "")
        #expect(ran.output.hasPrefix("CREATE INDEX \"we\"\"ird ta;ble_co l\" ON \"we\"\"ird ta;ble\" (\"co l\""))
        let dsl = test.run(".expert v | where n == 2 | select c")
        #expect(dsl.errors == "")
        #expect(dsl.output.contains("CREATE INDEX \"we\"\"ird ta;ble_n\" ON \"we\"\"ird ta;ble\" (\"n\""))
        // An FTS5 table has its own index.
        #expect(test.run(".expert SELECT * FROM notes WHERE notes MATCH 'x'").output.hasPrefix("no new index would help"))
        #expect(test.run("SELECT count(*) FROM sqlite_schema WHERE type = 'index';").output == "0\n")
    }

    /// The copy has the database's statistics: with them, SQLite prefers
    /// the index on the rarer value, and so does the advice.
    @Test func statisticsAreCopied() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE t (a INTEGER, b INTEGER);
            CREATE INDEX t_a ON t (a);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO t SELECT i % 2, i FROM n;
            ANALYZE;
            """)
        let ran = test.run(".expert SELECT * FROM t WHERE a = 1 AND b = 7")
        #expect(ran.output.hasPrefix("CREATE INDEX \"t_b\" ON \"t\" (\"b\");\n"))
        #expect(ran.output.contains("SEARCH t USING INDEX t_b (b=?)"))
    }

    @Test func whatIsNotOneQueryIsRefused() throws {
        let test = try TestSession()
        #expect(test.run(".expert .tables").errors.hasPrefix("error: .expert takes one query or statement: SQL or the DSL\n"))
        #expect(test.run(".expert SELECT 1; SELECT 2").errors.hasPrefix("error: .expert takes one query or statement"))
        #expect(test.run(".expert SELECT nope FROM tags").errors.hasPrefix("error: no such column: nope\n"))
    }
}

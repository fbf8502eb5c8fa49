import Foundation
import Testing
@testable import RQLEngine

/// `.summarize`: each figure checked against what SQLite's own aggregates
/// say of the same column, on Chinook and on tables made to be awkward.
@Suite struct SummarizeTests {
    /// The figures `.summarize` gives for each column, as list mode shows them between tabs.
    static func summary(_ test: TestSession, _ target: String) -> [[String]] {
        test.run(".mode list")
        test.run(".separator \"\\t\"")
        test.run(".nullvalue NULL")
        let ran = test.run(".summarize \(target)")
        #expect(ran.errors == "", "\(target)")
        return ran.output.split(separator: "\n").map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// min, max, distinct, null %, mean, shortest and longest of `column`, as SQLite's aggregates give them.
    static func expected(_ test: TestSession, column: String, from source: String) -> [String] {
        let c = "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let numeric = "CASE WHEN typeof(\(c)) IN ('integer', 'real') THEN \(c) END"
        let text = "CASE WHEN typeof(\(c)) = 'text' THEN length(\(c)) END"
        let ran = test.run("""
            SELECT min(\(c)), max(\(c)), count(DISTINCT \(c)), round((count(*) - count(\(c))) * 1000.0 / count(*)) / 10,
                   avg(\(numeric)), min(\(text)), max(\(text)) FROM \(source);
            """)
        return ran.output.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func everyColumnOfChinookAgreesWithSQLitesAggregates() throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        let tables = test.run("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name;").output
            .split(separator: "\n").map(String.init)
        #expect(tables.count == 11)
        for table in tables {
            for row in Self.summary(test, "\"\(table)\"") {
                let column = row[0]
                // min, max, distinct, null %, mean, shortest, longest.
                let figures = [row[3], row[4], row[5], row[6], row[7], row[9], row[10]]
                #expect(figures == Self.expected(test, column: column, from: "\"\(table)\""), "\(table).\(column)")
            }
        }
        let track = Self.summary(test, "Track").first { $0[0] == "Milliseconds" }
        #expect(track?[4] == "5286953")
    }

    @Test func awkwardColumnsEachGetARow() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE odd (id INTEGER PRIMARY KEY, picture BLOB, unknown TEXT, mixed, tag TEXT COLLATE NOCASE, padded TEXT COLLATE RTRIM);
            INSERT INTO odd (picture, unknown, mixed, tag, padded) VALUES
              (x'00ff', NULL, 1, 'Café', 'a  '), (x'0001', NULL, 1.0, 'café', 'a'), (NULL, NULL, 'text', 'CAFÉ', 'b'),
              (x'', NULL, x'41', 'tea', 'a '), (NULL, NULL, -2.5, NULL, NULL);
            CREATE VIEW oddView AS SELECT tag, mixed FROM odd;
            CREATE VIRTUAL TABLE notes USING fts5(body);
            INSERT INTO notes VALUES ('東京 tower'), ('emoji 👨‍👩‍👧');
            CREATE TABLE empty (a INTEGER, b TEXT);
            """)
        for row in Self.summary(test, "odd") {
            let column = row[0]
            #expect([row[3], row[4], row[5], row[6], row[7], row[9], row[10]] == Self.expected(test, column: column, from: "odd"),
                    "odd.\(column)")
        }
        let rows = Self.summary(test, "odd")
        #expect(rows.map { $0[2] } == ["integer", "null, blob", "null", "integer, real, text, blob", "null, text", "null, text"])
        // 1 and 1.0 are one value; 'Café' and 'café' are one under NOCASE; 'a', 'a ' and 'a  ' one under RTRIM.
        #expect(rows[3][5] == "4")
        #expect(rows[4][5] == "3")
        #expect(rows[5][5] == "2")
        for row in Self.summary(test, "oddView") {
            let column = row[0]
            #expect([row[3], row[4], row[5], row[6]] == Array(Self.expected(test, column: column, from: "oddView").prefix(4)))
        }
        let notes = Self.summary(test, "notes")
        #expect(notes.count == 1 && notes[0][9] == "8" && notes[0][10] == "11")
        #expect(Self.summary(test, "empty") == [["a", "INTEGER", "NULL", "NULL", "NULL", "0", "NULL", "NULL", "NULL", "NULL", "NULL"],
                                                 ["b", "TEXT", "NULL", "NULL", "NULL", "0", "NULL", "NULL", "NULL", "NULL", "NULL"]])
        let duplicates = Self.summary(test, "SELECT tag AS x, id AS x FROM odd")
        #expect(duplicates.map { $0[0] } == ["x", "x"])
        #expect(Self.summary(test, "odd | where id > 3 | select id").map { $0[3] } == ["4"])
    }

    /// An integer and a REAL past 2^53 compare by their exact values, as in SQLite.
    @Test func hugeIntegersAndRealsCompareExactly() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE t (x);
            INSERT INTO t VALUES (9007199254740992.0), (9007199254740993), (-9007199254740992.0), (-9007199254740993);
            """)
        let row = Self.summary(test, "t")[0]
        #expect([row[3], row[4], row[5]] == Array(Self.expected(test, column: "x", from: "t").prefix(3)))
        #expect(row[4] == "9007199254740993")
        #expect(row[3] == "-9007199254740993")
        #expect(ColumnSummary.order(Int64.max, 9.3e18) == -1 && ColumnSummary.order(Int64.min, -9.3e18) == 1)
        #expect(ColumnSummary.order(3, 2.5) == 1 && ColumnSummary.order(-3, -2.5) == -1 && ColumnSummary.order(2, 2.0) == 0)
    }

    @Test func standardDeviationIsTheSamples() throws {
        let test = try TestSession.inMemory("CREATE TABLE t (x REAL); INSERT INTO t VALUES (2), (4), (4), (4), (5), (5), (7), (9);")
        let row = Self.summary(test, "t")[0]
        #expect(row[7] == "5.0")
        #expect(Double(row[8]).map { abs($0 - 2.138089935299395) < 1e-12 } == true)
    }

    @Test func whatIsNotAQueryIsRefused() throws {
        let test = try TestSession()
        #expect(test.run(".summarize DELETE FROM tags").errors
            == "error: .summarize reads the rows of a query; this statement returns none, or changes the database\n")
        #expect(test.run(".summarize").errors.hasPrefix("error: usage: .summarize TABLE|QUERY"))
        #expect(test.run(".summarize .tables").errors.hasPrefix("error: .summarize needs a table, a view or a query"))
        #expect(test.run(".summarize nosuchtable").errors.contains("nosuchtable"))
        #expect(test.run("tags | count").output == "7\n")
    }

    @Test func distinctValuesAreCountedExactlyThenEstimated() {
        for total in [1, 4_096, 4_097, 10_000, 41_200, 200_000, 1_000_000] {
            var counter = DistinctCounter()
            for value in 0..<total {
                counter.add(DistinctCounter.hash(Int64(value)))
                counter.add(DistinctCounter.hash(Double(value)))
            }
            #expect(counter.isEstimate == (total > DistinctCounter.exactLimit))
            let error = abs(Double(counter.count - total)) / Double(total)
            #expect(counter.isEstimate ? error < 0.02 : error == 0, "\(total): \(counter.count)")
        }
    }
}

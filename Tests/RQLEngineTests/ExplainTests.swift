import Foundation
import Testing
import RQLEngine

/// `.explain`: the plan tree, and the indexes, full scans and automatic
/// indexes read from it, checked against the plans SQLite really makes.
@Suite struct ExplainTests {
    @Test func aSchemaBuiltHere() throws {
        let test = try TestSession(.sample(.employees))
        test.run("""
            CREATE TABLE shelves (id INTEGER PRIMARY KEY, room TEXT NOT NULL);
            CREATE TABLE books (id INTEGER PRIMARY KEY, shelfID INTEGER REFERENCES shelves(id), title TEXT, year INTEGER);
            CREATE INDEX books_by_shelf_and_year ON books(shelfID, year DESC);
            CREATE TABLE isbns (isbn TEXT PRIMARY KEY, bookID INTEGER) WITHOUT ROWID;
            """)
        #expect(test.run(".explain SELECT bookID FROM isbns WHERE isbn = '978'").output.hasSuffix("""
            indexes used: none
            looked up: isbns by primary key

            """))
        let ran = test.run(".explain SELECT b.title, s.room FROM books AS b JOIN shelves s ON s.id = b.shelfID WHERE b.shelfID = 2 ORDER BY b.year DESC")
        #expect(ran.errors == "")
        #expect(ran.output == """
            QUERY PLAN
            ├─ SEARCH s USING INTEGER PRIMARY KEY (rowid=?)
            └─ SEARCH b USING INDEX books_by_shelf_and_year (shelfID=?)

            indexes used: books_by_shelf_and_year on books(shelfID, year)
            looked up: s (shelves) by rowid

            """)
        let scan = test.run(".explain SELECT * FROM books b1, books b2 WHERE b1.title = b2.title").output
        #expect(scan.hasSuffix("""
            indexes used: none
            read in full: b1 (books)
            automatic indexes, built for this statement alone: b2 (books) on title=?

            """))
    }

    /// An alias inside a view (and a view a view reads) is named with its table.
    @Test func aliasesInsideViewsAreNamedWithTheirTable() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE crème (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE brûlée (id INTEGER PRIMARY KEY, crèmeID INTEGER, note TEXT);
            CREATE VIEW inner AS SELECT b.note, c.name FROM brûlée AS b JOIN crème c ON c.id = b.crèmeID;
            CREATE VIEW outer AS SELECT * FROM inner;
            """)
        let output = test.run(".explain SELECT note FROM outer WHERE name = '東京'").output
        #expect(output.hasSuffix("looked up: c (crème) by rowid\nread in full: b (brûlée)\n"))
    }

    @Test func nestedStepsAreIndentedUnderTheirParent() throws {
        let test = try TestSession()
        let output = test.run(".explain SELECT title FROM remindersLists WHERE id IN (SELECT remindersListID FROM reminders WHERE isFlagged)").output
        #expect(output.contains("\n└─ LIST SUBQUERY 1\n   └─ SCAN reminders"))
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func everyIndexNamedIsAnIndexOfChinook() throws {
        let chinook = try TestSession.chinook(readonly: true)
        let queries = [
            "SELECT * FROM Track WHERE AlbumId = 3",
            "SELECT t.Name, g.Name FROM Track t JOIN Genre g USING (GenreId) WHERE t.MediaTypeId = 2",
            "SELECT * FROM Invoice WHERE CustomerId IN (SELECT CustomerId FROM Customer WHERE SupportRepId = 3)",
            "SELECT TrackId, count(*) FROM InvoiceLine GROUP BY TrackId",
            "Track | where Album.Artist.Name == 'AC/DC' | select Name",
        ]
        let indexes = Set(chinook.run("SELECT name FROM sqlite_schema WHERE type = 'index'").output.split(separator: "\n").map(String.init))
        var named: [String] = []
        for query in queries {
            let ran = chinook.run(".explain \(query)")
            #expect(ran.errors == "", "\(query)")
            let line = ran.output.split(separator: "\n").first { $0.hasPrefix("indexes used: ") } ?? ""
            for entry in line.dropFirst("indexes used: ".count).components(separatedBy: "), ") where entry != "none" {
                named.append(String(entry.prefix { $0 != " " }))
            }
        }
        #expect(named.contains("IFK_TrackAlbumId"))
        #expect(named.contains("IFK_InvoiceCustomerId"))
        #expect(!named.isEmpty && named.allSatisfy(indexes.contains), "\(named)")
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func aFullScanOfChinook() throws {
        let chinook = try TestSession.chinook(readonly: true)
        #expect(chinook.run(".explain SELECT * FROM Track WHERE Milliseconds > 600000").output == """
            QUERY PLAN
            └─ SCAN Track

            indexes used: none
            read in full: Track

            """)
    }

    @Test func messages() throws {
        let test = try TestSession()
        #expect(test.run(".explain SELECT * FROM nowhere").errors == "error: no such table: nowhere\n")
        #expect(test.run(".explain .tables").errors
            == "error: .explain takes an SQL or DSL query\nusage: .explain reminders | where isFlagged\n")
    }
}

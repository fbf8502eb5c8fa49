import Testing
import RQLEngine

/// `.indexes`, `.functions` and `.collations`.
@Suite struct CatalogInspectorTests {
    @Test func indexesOfASchemaBuiltHere() throws {
        let test = try TestSession(.sample(.employees))
        let ran = test.run("""
            CREATE TABLE gadgets (id INTEGER PRIMARY KEY, serial TEXT UNIQUE, name TEXT, price REAL, discontinued INTEGER);
            CREATE INDEX gadgets_by_name ON gadgets(name COLLATE NOCASE, price DESC);
            CREATE INDEX gadgets_by_lower_name ON gadgets(lower(name));
            CREATE UNIQUE INDEX gadgets_current ON gadgets(name) WHERE discontinued = 0 AND (price > 0);
            .mode list
            .indexes gadgets
            """)
        #expect(ran.errors == "")
        #expect(ran.output == """
            gadgets_by_lower_name|gadgets|<expression>|no|CREATE INDEX|
            gadgets_by_name|gadgets|name COLLATE NOCASE, price DESC|no|CREATE INDEX|
            gadgets_current|gadgets|name|yes|CREATE INDEX|discontinued = 0 AND (price > 0)
            sqlite_autoindex_gadgets_1|gadgets|serial|yes|UNIQUE constraint|

            """)
    }

    @Test func indexesOfTheSample() throws {
        let test = try TestSession()
        #expect(test.run(".indexes tags").output == "sqlite_autoindex_tags_1|tags|title COLLATE NOCASE|yes|PRIMARY KEY|\n")
        #expect(test.run(".indexes").output.split(separator: "\n").count == 10)
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func indexesOfChinook() throws {
        let chinook = try TestSession.chinook(readonly: true)
        let output = chinook.run(".indexes Track").output
        #expect(output.contains("IFK_TrackAlbumId|Track|AlbumId|no|CREATE INDEX|\n"))
        #expect(output.split(separator: "\n").count == 3)
    }

    @Test func indexMessages() throws {
        let test = try TestSession(.sample(.employees))
        #expect(test.run(".indexes employee").errors == "error: no table named \"employee\"\ndid you mean employees?\n")
        #expect(test.run("CREATE TABLE bare (x);\n.indexes bare").output == "no indexes on bare\n")
    }

    @Test func functionsWithArityKindFlagsAndOrigin() throws {
        let test = try TestSession()
        #expect(test.run(".functions median").output == "median|1|aggregate|deterministic, innocuous|rql\n")
        #expect(test.run(".functions row_number").output == "row_number|0|window|innocuous|SQLite\n")
        #expect(test.run(".functions uuid").output == "uuid|0|scalar|innocuous|rql\n")
        #expect(test.run(".functions handleReminderStatusUpdate").output == "handlereminderstatusupdate|0|scalar|direct-only|rql\n")
        #expect(test.run(".functions slugify").output == "slugify|1|scalar|deterministic, innocuous|rql\n")
        #expect(test.run(".functions regexp").output == "regexp|2|scalar|deterministic, innocuous|rql\n")
        #expect(test.run(".functions bm25").output == "bm25|-1|scalar||extension\n")
        #expect(test.run(".functions count").output == "count|0|aggregate|innocuous|SQLite\ncount|1|aggregate|innocuous|SQLite\n")
        #expect(test.run(".functions nosuch%").output == "no function matches \"nosuch%\"\n")
    }

    @Test func collations() throws {
        let test = try TestSession()
        let output = test.run(".collations").output
        #expect(output.hasPrefix("BINARY|SQLite\nNOCASE|SQLite\nNODIACRITIC|rql\nRTRIM|SQLite\n"))
        #expect(output.contains("swiftLocalizedCompare|GRDB\n"))
    }
}

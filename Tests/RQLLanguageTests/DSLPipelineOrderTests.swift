import Testing
@testable import RQLLanguage

/// What a pipeline user expects of `limit` and `offset` with no `order`
/// before them: the table's rows in key order, not whichever SQLite picks.
@Suite struct DSLPipelineOrderTests {
    @Test func aLimitWithNoOrderTakesRowsByKey() throws {
        #expect(try compile("reminders | limit 3") == "SELECT * FROM \"reminders\" ORDER BY \"reminders\".\"id\" LIMIT 3")
        #expect(try compile("reminders | offset 2 | select title")
                == "SELECT \"reminders\".\"title\"\nFROM \"reminders\"\nORDER BY \"reminders\".\"id\"\nLIMIT -1\nOFFSET 2")
        // The key order picks the rows the limit takes; a later `order` sorts those.
        #expect(try compile("reminders | limit 5 | order title") == """
            SELECT *
            FROM (SELECT * FROM "reminders" ORDER BY "reminders"."id" LIMIT 5) AS "reminders_2"
            ORDER BY "reminders_2"."title"
            """)
    }

    @Test func anOrderGroupsAndDistinctRowsKeepTheirOwn() throws {
        #expect(try compile("reminders | order title | limit 3") == "SELECT * FROM \"reminders\" ORDER BY \"reminders\".\"title\" LIMIT 3")
        #expect(try !compile("reminders | group by status | select status, count() as n | limit 2").contains("\"id\""))
        #expect(try !compile("reminders | select priority | distinct | limit 2").contains("\"id\""))
    }
}

/// Group keys named as `select` items are, and `returning` after an
/// `insert` statement as after the stage.
@Suite struct DSLNamedKeyTests {
    @Test func aGroupKeyTakesTheNameItIsGiven() throws {
        #expect(try compile("reminders | group by s = status | select s, count() as n") == """
            SELECT "reminders"."status" AS "s", count(*) AS "n"
            FROM "reminders"
            GROUP BY "reminders"."status"
            """)
        #expect(try compile("reminders | group by substr(title, 1, 1) as initial | select initial") == """
            SELECT substr("reminders"."title", 1, 1) AS "initial"
            FROM "reminders"
            GROUP BY substr("reminders"."title", 1, 1)
            """)
    }

    @Test func insertTakesReturningAfterAPipe() throws {
        let piped = try compile("insert tags title = 'x' | returning title")
        #expect(piped == (try compile("insert tags title = 'x' returning title")))
        #expect(piped.contains("RETURNING \"title\"") || piped.contains("RETURNING"))
    }
}

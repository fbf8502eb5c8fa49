import Testing
@testable import RQLLanguage

/// `cast(value as type)`, parameters and SQL keyword typos, pinned on the
/// compiler alone (the test catalog, no SQLite).
@Suite struct DSLCastAndParameterTests {
    @Test func castsCompileToSQLitesCast() throws {
        #expect(try compile("reminders | select cast(priority as text) as p")
                == "SELECT CAST(\"reminders\".\"priority\" AS TEXT) AS \"p\" FROM \"reminders\"")
        #expect(try compile("remindersLists | select cast(count(reminders) as real) as n").hasPrefix("SELECT CAST((\n  SELECT count(*)"))
        #expect(try compile("reminders | where cast(priority as numeric) > 1 | count")
                == "SELECT count(*) AS \"count\"\nFROM \"reminders\"\nWHERE CAST(\"reminders\".\"priority\" AS NUMERIC) > 1")
    }

    @Test func aCastToAnotherTypeSaysWhichThereAre() {
        #expect(compileError("reminders | select cast(title as tex)")
                == DSLErrorText("cast takes one of SQLite's types", at: SourceSpan(33, 36), label: "not a type",
                                notes: ["help: did you mean text?", "note: the types are integer, real, text, blob, numeric"]))
    }

    @Test func parametersAreBoundByValue() throws {
        var definitions = Definitions()
        let outcome = try DSL.compile("reminders | where title == :t and priority > ?2 | count", catalog: DSLFuzzTests.catalog,
                                      definitions: &definitions, parameters: [":t": .text("Zoë"), "?2": .integer(1)])
        guard case .query(let query) = outcome else { Issue.record("not a query"); return }
        #expect(query.sql.hasSuffix("WHERE \"reminders\".\"title\" = ?1 AND \"reminders\".\"priority\" > ?2"))
        #expect(query.values == [.text("Zoë"), .integer(1)])
    }

    @Test func anUnsetParameterIsAnError() {
        #expect(compileError("reminders | where title == $x")
                == DSLErrorText("the parameter `$x` is not set", at: SourceSpan(27, 29), label: "no value",
                                notes: ["help: .parameter set $x VALUE gives it one (in a notebook, -- @param at the top)"]))
    }

    @Test func aMisspelledKeywordIsNotReadAsATable() throws {
        #expect(compileError("selec 1")
                == DSLErrorText("unknown table or statement 'selec'", at: SourceSpan(0, 5), label: "neither a table nor SQL",
                                notes: ["help: did you mean SELECT?"]))
        // Words that are tables, or closer to one, stay the table's.
        #expect(throws: DSLError.self) { try compile("tgas") }
        #expect(try compile("tags | count") == "SELECT count(*) AS \"count\" FROM \"tags\"")
    }
}

/// Set operations as stages, pinned on the compiler.
@Suite struct DSLSetOperationTests {
    @Test func theCombinedRowsAreWhatLaterStagesRead() throws {
        #expect(try compile("reminders | select title | union (remindersLists | select title) | order title") == """
            SELECT *
            FROM (
              SELECT "reminders"."title" FROM "reminders"
              UNION
              SELECT "remindersLists"."title" FROM "remindersLists"
            ) AS "reminders_2"
            ORDER BY "reminders_2"."title"
            """)
        #expect(try compile("tags | select title | except (tags | where title > 'm' | select title)").contains("  EXCEPT\n"))
        #expect(try compile("tags | select title | intersect (tags | select title)").contains("  INTERSECT\n"))
        #expect(try compile("tags | select title | union all (tags | select title)").contains("  UNION ALL\n"))
    }
}

/// Upserts, pinned on the compiler.
@Suite struct DSLUpsertTests {
    @Test func onConflictIgnoreOrUpdate() throws {
        #expect(try compile("insert tags title = 'x' on conflict (title) ignore")
                == "INSERT INTO \"tags\" (\"title\") VALUES (?1)\nON CONFLICT (\"title\") DO NOTHING")
        #expect(try compile("insert tags title = 'x' on conflict ignore") == "INSERT INTO \"tags\" (\"title\") VALUES (?1)\nON CONFLICT DO NOTHING")
        #expect(try compile("insert reminders id = 'a', title = 'x' on conflict (id) update title = excluded.title ++ title")
                .hasSuffix("ON CONFLICT (\"id\") DO UPDATE SET \"title\" = \"excluded\".\"title\" || \"reminders\".\"title\""))
    }
}

/// Window functions, pinned on the compiler.
@Suite struct DSLWindowTests {
    @Test func overPartitionOrderAndFrame() throws {
        #expect(try compile("reminders | select title, row_number() over (partition by remindersListID order -priority) as n") == """
            SELECT "reminders"."title", row_number() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority" DESC) AS "n"
            FROM "reminders"
            """)
        #expect(try compile("reminders | select sum(priority) over (order title rows between 1 preceding and current row) as s")
                .contains("sum(\"reminders\".\"priority\") OVER (ORDER BY \"reminders\".\"title\" ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"))
    }

    @Test func aWhereOnAWindowNests() throws {
        let sql = try compile("reminders | select title, row_number() over (order title) as n | where n == 1")
        #expect(sql.hasPrefix("SELECT *\nFROM (\n  SELECT"))
        #expect(sql.hasSuffix("WHERE \"reminders_2\".\"n\" = 1"))
    }
}

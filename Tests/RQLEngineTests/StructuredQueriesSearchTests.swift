import Testing
import RQLFuzzChecks

/// `search` on StructuredQueries' own test database, built from the SQL the
/// library generates: its FTS5 table is kept in step by an `INSERT … SELECT`
/// trigger with every expression parenthesised and every name quoted.
@Suite struct StructuredQueriesSearchTests {
    /// A session on the database `Database.default()` builds in
    /// StructuredQueries' tests: each statement run alone, as the library runs it.
    static func database() throws -> TestSession {
        let test = try TestSession(.file(path: ":memory:", readonly: false))
        for statement in StructuredQueriesSchema.migration + StructuredQueriesSchema.triggers + StructuredQueriesSchema.seeds {
            let ran = test.run(statement)
            #expect(ran.errors == "", "\(statement)")
        }
        return test
    }

    @Test func searchFollowsTheGeneratedTriggerToTheFTSTable() throws {
        let test = try Self.database()
        let found = test.run("reminders | search 'take' | order id | select id, title")
        #expect(found.errors == "")
        #expect(found.output == "4|Take a walk\n8|Take out trash\n")
        // The FTS table's other columns came through the join and the tag triggers.
        #expect(test.run("reminders | search 'Family' | order id | select title").output == "Pick up kids from school\nGet laundry\nTake out trash\n")
        #expect(test.run("reminders | search 'car' | select title, highlight(tags)").output == "Take a walk|**car** kids\n")
        #expect(test.run(".describe reminders").output.hasSuffix("""
            full-text search:
              reminderTexts: kept in sync by after_delete_on_reminders@StructuredQueriesTests/Schema.swift:212:38, \
            after_insert_on_reminders@StructuredQueriesTests/Schema.swift:183:38, \
            after_update_on_reminders@StructuredQueriesTests/Schema.swift:197:38

            """))
    }

    /// The key the trigger writes is `reminderID`, a column of the FTS
    /// table, not its rowid: the join goes through it.
    @Test func theJoinUsesTheKeyColumnTheTriggerFills() throws {
        let test = try Self.database()
        let sql = test.run(".sql on\nreminders | search 'walk' | select title").output
        #expect(sql.contains("JOIN \"reminderTexts\" ON \"reminderTexts\".\"reminderID\" = \"reminders\".\"id\""), "\(sql)")
        #expect(sql.hasSuffix("Take a walk\n"))
    }
}

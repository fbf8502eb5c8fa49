import Testing
@testable import RQLLanguage

/// When a `select` item after `group` is a group key: decided on what the
/// two expressions mean once resolved, not on the SQL each compiled to.
@Suite struct DSLExpressionIdentityTests {
    @Test func aGroupKeyWithAStringIsFoundAgainInSelect() throws {
        // Each '!' binds a ?N of its own: the SQL differs, the tree does not.
        #expect(try compile("reminders | group by title ++ '!' | select title ++ '!' as t") == """
            SELECT "reminders"."title" || ?2 AS "t"
            FROM "reminders"
            GROUP BY "reminders"."title" || ?1
            """)
        var definitions = Definitions()
        guard case .query(let query) = try DSL.compile("reminders | group by title ++ '!' | select title ++ '!' as t",
                                                       catalog: DSLFuzzTests.catalog, definitions: &definitions) else {
            Issue.record("not a query")
            return
        }
        #expect(query.values == [.text("!"), .text("!")])
    }

    @Test func theSameMeaningSpelledAnotherWayIsTheSameKey() throws {
        let keys: [(group: String, select: String)] = [
            ("reminders.title", "title"),
            ("title ++ 'Zoë 東京 🎉'", "reminders.title ++ 'Zoë 東京 🎉'"),
            ("(priority + 1) * 2", "((priority) + 1) * 2"),
            ("priority ?? 0", "coalesce(priority, 0)"),
            ("priority == nil", "priority is nil"),
            ("title collate nocase", "title collate NOCASE"),
            ("title.lower()", "lower(title)"),
            ("cast(priority as text)", "cast(priority as TEXT)"),
            ("remindersList.title", "remindersList.title ++ ''"),
            ("case when priority > 1 then 'high' else 'low' end", "case when priority > 1 then 'high' else 'low' end"),
            ("title ++ :suffix", "title ++ :suffix"),
        ]
        for (group, select) in keys {
            var definitions = Definitions()
            #expect(throws: Never.self, "group by \(group) | select \(select)") {
                try DSL.compile("reminders | group by \(group) | select k = \(select), n = count()",
                                catalog: DSLFuzzTests.catalog, definitions: &definitions,
                                parameters: [":suffix": .text("!")])
            }
        }
    }

    @Test func anotherLiteralIsAnotherExpression() {
        let different: [(group: String, select: String)] = [
            ("title ++ '!'", "title ++ '?'"),
            ("title ++ '1'", "title ++ 1"),
            ("priority + 1", "priority + 1.0"),
            ("priority + 1", "1 + priority"),
            ("title collate nocase", "title collate rtrim"),
            ("priority == nil", "priority != nil"),
        ]
        for (group, select) in different {
            #expect(throws: DSLError.self, "group by \(group) | select \(select)") {
                try compile("reminders | group by \(group) | select k = \(select), n = count()")
            }
        }
    }

    @Test func aColumnOutsideTheKeysIsNamedInTheError() {
        #expect(compileError("reminders | group by title ++ '!' | select k = title ++ '?'")
                == DSLErrorText("`title` is neither a group key nor aggregated", at: SourceSpan(47, 52), label: "not a group key",
                                notes: ["help: add it to `group by`, or aggregate it: max(title), count(distinct title)"]))
    }
}

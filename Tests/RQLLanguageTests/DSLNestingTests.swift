import Testing
@testable import RQLLanguage

/// When a stage folds into the current SELECT and when it nests: one case
/// for each row of the table in `Sources/RQLLanguage/Compiler/README.md`.
@Suite struct DSLNestingTests {
    func nests(_ query: String) throws -> Bool { try compile(query).contains("FROM (") }

    @Test(arguments: [
        ("reminders | where priority > 1 | where title != ''", false),
        ("reminders | limit 3 | where priority > 1", true),
        ("reminders | count | where count > 1", true),
        ("reminders | select max(priority) as p | where p > 1", true),
        ("reminders | select title, row_number() over (order title) as n | where n == 1", true),
        ("reminders | group by status | having count() > 1 | select status", false),
        ("reminders | select title | select title", true),
        ("reminders | select title | distinct | select title", true),
        ("reminders | limit 3 | select count() as n", true),
        ("reminders | limit 3 | order title", true),
        ("reminders | order title | limit 3", false),
        ("reminders | limit 3 | limit 2", true),
        ("reminders | select title | group by title", true),
        ("reminders | select priority | distinct", false),
        ("reminders | limit 3 | distinct", true),
        ("reminders | group by status | count", true),
        ("reminders | where priority > 1 | count", false),
        ("reminders | select title, remindersListID | join remindersLists on remindersLists.id == reminders.remindersListID", true),
        ("reminders | join remindersLists | where priority > 1", false),
        ("reminders | limit 3 | find 'a'", true),
        ("reminders | find 'a' | select title", false),
        ("reminders | select title | union (tags | select title)", true),
    ])
    func aStageFoldsOrNests(query: String, nested: Bool) throws {
        #expect(try nests(query) == nested, "\(query)")
    }

    @Test func searchComesFirst() {
        #expect(throws: DSLError.self) { try compile("reminders | limit 2 | search 'x'") }
        #expect(throws: DSLError.self) { try compile("reminders | group by status | having priority > 1") }
        #expect(throws: DSLError.self) { try compile("reminders | having count() > 1") }
    }
}

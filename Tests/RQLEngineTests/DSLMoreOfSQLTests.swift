import Testing
import RQLEngine

/// "More of SQL, the pipelined way": each example's rows compared with
/// hand-written SQL on the Reminders sample.
@Suite struct DSLMoreOfSQLTests {
    @Test(arguments: [
        ("remindersLists | select title, count(reminders where not isCompleted) as open | order position",
         "SELECT l.title, (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id AND r.status <> 1) FROM remindersLists l ORDER BY l.position"),
        ("remindersLists | select title, sum(reminders.priority where isFlagged) as p | order position",
         "SELECT l.title, (SELECT sum(priority) FROM reminders r WHERE r.remindersListID = l.id AND r.isFlagged) FROM remindersLists l ORDER BY l.position"),
        ("remindersLists | select title, max(reminders.dueDate where not isCompleted) as due | order position",
         "SELECT l.title, (SELECT max(dueDate) FROM reminders r WHERE r.remindersListID = l.id AND r.status <> 1) FROM remindersLists l ORDER BY l.position"),
        ("remindersLists | where count(reminders where isFlagged) > 0 | select title | order title",
         "SELECT title FROM remindersLists l WHERE (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id AND r.isFlagged) > 0 ORDER BY title"),
        ("reminders | group by list.title | select list.title, count() filter (where isFlagged) as flagged | order list.title",
         "SELECT l.title, count(*) FILTER (WHERE r.isFlagged) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID GROUP BY l.title ORDER BY l.title"),
        ("reminders | group by list.title | select list.title, sum(priority) filter (where not isCompleted) as p | order list.title",
         "SELECT l.title, sum(r.priority) FILTER (WHERE r.status <> 1) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID GROUP BY l.title ORDER BY l.title"),
        ("reminders | select title, cast(priority as text) as p | order title",
         "SELECT title, CAST(priority AS TEXT) FROM reminders ORDER BY title"),
        ("reminders | group by y = strftime('%m', dueDate) | select y, count() as n | order y",
         "SELECT strftime('%m', dueDate) AS y, count(*) FROM reminders GROUP BY y ORDER BY y"),
    ])
    func rowsMatchHandWrittenSQL(dsl: String, sql: String) throws {
        let test = try TestSession()
        #expect(test.sameRows(dsl: dsl, sql: sql), "\(dsl)")
    }

    @Test func aFilterOnNoRelationshipSaysWhereItGoes() throws {
        #expect(try TestSession().run("tags | select count(title where title > 'm')").errors == """
            error: `where` here filters the rows of a to-many relationship, and this aggregate reads none
            tags | select count(title where title > 'm')
                                            ^^^^^^^^^^^ no relationship to filter
            help: in a grouped query, SQL's form: count() filter (where isFlagged)

            """)
        #expect(try TestSession().run("tags | select upper(title) filter (where title > 'm')").errors.hasPrefix(
            "error: `filter (where …)` follows an aggregate of the query's rows"))
    }
}

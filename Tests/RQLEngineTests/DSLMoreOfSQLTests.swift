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
        ("reminders | select title, row_number() over (order dueDate, title) as n | order n",
         "SELECT title, row_number() OVER (ORDER BY dueDate, title) AS n FROM reminders ORDER BY n"),
        ("reminders | select title, rank() over (partition by list.title order -priority) as r | order title",
         "SELECT r.title, rank() OVER (PARTITION BY l.title ORDER BY r.priority DESC) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID ORDER BY r.title"),
        ("reminders | select title, sum(priority) over (partition by remindersListID order position rows between unbounded preceding and current row) as s | order title",
         "SELECT title, sum(priority) OVER (PARTITION BY remindersListID ORDER BY position ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM reminders ORDER BY title"),
        ("reminders | select title, lag(title) over (order position) as before | order title",
         "SELECT title, lag(title) OVER (ORDER BY position) FROM reminders ORDER BY title"),
        ("reminders | select title, row_number() over (partition by remindersListID order -priority, title) as n | where n == 1 | order title",
         "SELECT * FROM (SELECT title, row_number() OVER (PARTITION BY remindersListID ORDER BY priority DESC, title) AS n FROM reminders) WHERE n = 1 ORDER BY title"),
        ("reminders | order row_number() over (order title desc) | limit 2 | select title",
         "SELECT title FROM reminders ORDER BY row_number() OVER (ORDER BY title DESC) LIMIT 2"),
        ("reminders | select title | union (remindersLists | select title) | order title",
         "SELECT title FROM reminders UNION SELECT title FROM remindersLists ORDER BY title"),
        ("reminders | select title | union all (reminders | select title) | count",
         "SELECT count(*) FROM (SELECT title FROM reminders UNION ALL SELECT title FROM reminders)"),
        // `in` compares with the left operand's collation (title's NOCASE), even for one item.
        ("tags | where title in ['CAR' collate binary] | select title",
         "SELECT title FROM tags WHERE title IN ('CAR', 'x')"),
        ("tags | select title | intersect (remindersTags | select tagID) | order title",
         "SELECT title FROM tags INTERSECT SELECT tagID FROM remindersTags ORDER BY 1"),
        ("remindersLists | select title | except (remindersLists | where position > 1 | select title)",
         "SELECT title FROM remindersLists EXCEPT SELECT title FROM remindersLists WHERE position > 1"),
        ("reminders | order title | limit 2 | select title | union (tags | order title | limit 1 | select title) | order title",
         "SELECT * FROM (SELECT title FROM (SELECT title FROM reminders ORDER BY title LIMIT 2) UNION SELECT * FROM (SELECT title FROM tags ORDER BY title LIMIT 1)) ORDER BY title"),
        ("reminders | group by y = strftime('%m', dueDate) | select y, count() as n | order y",
         "SELECT strftime('%m', dueDate) AS y, count(*) FROM reminders GROUP BY y ORDER BY y"),
    ])
    func rowsMatchHandWrittenSQL(dsl: String, sql: String) throws {
        let test = try TestSession()
        #expect(test.sameRows(dsl: dsl, sql: sql), "\(dsl)")
    }

    /// Upserts do what SQL's ON CONFLICT does, on the same rows.
    @Test func upsertsIgnoreOrUpdateTheRowThatIsThere() throws {
        let test = try TestSession()
        #expect(test.run("insert tags title = 'social' on conflict (title) ignore").output == "")
        #expect(test.run("insert tags title = 'Zoë 東京' on conflict ignore").errors == "")
        #expect(test.value("SELECT count(*) FROM tags;") == "8")
        test.run("CREATE TABLE counts (name TEXT PRIMARY KEY, n INTEGER NOT NULL);")
        test.run("insert counts name = 'a', n = 1 on conflict (name) update n = n + excluded.n")
        #expect(test.run("insert counts name = 'a', n = 5 on conflict (name) update n = n + excluded.n | returning name, n").output == "a|6\n")
        #expect(test.run("counts | insert name = 'a', n = 2 on conflict (name) update n = excluded.n | returning n").output == "2\n")
    }

    @Test func anUpsertSaysWhatItNeeds() throws {
        let test = try TestSession()
        #expect(test.run("insert tags title = 'x' on conflict update title = 'y'").errors == """
            error: `on conflict … update` needs the columns whose conflict it handles
            insert tags title = 'x' on conflict update title = 'y'
                                    ^^^^^^^^^^^ which columns?
            help: on conflict (title) update notes = excluded.notes

            """)
        #expect(test.run("insert tags title = 'x' on conflict (titel) ignore").errors.hasPrefix("error: no column `titel` in `tags`"))
        #expect(test.run("insert tags title = 'x' on conflict (title) replace").errors.hasPrefix("error: expected `ignore` or `update`, found `replace`"))
    }

    /// On a database nobody here made.
    @Test(.enabled(if: Chinook.isAvailable, "skipped: the new constructs on Chinook, as ../shared/data/chinook.sqlite is absent"),
          arguments: [
        ("InvoiceLine | group by genre = Track.Genre.Name, track = Track.Name | select genre, track, sum(Quantity) as sales"
            + " | select genre, track, sales, row_number() over (partition by genre order -sales, track) as n | where n == 1 | order genre",
         """
         SELECT * FROM (SELECT genre, track, sales, row_number() OVER (PARTITION BY genre ORDER BY sales DESC, track) AS n
           FROM (SELECT g.Name AS genre, t.Name AS track, sum(l.Quantity) AS sales FROM InvoiceLine l
                 JOIN Track t ON t.TrackId = l.TrackId LEFT JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name, t.Name))
         WHERE n = 1 ORDER BY genre
         """),
        ("Artist | select ArtistId | except (Album | select ArtistId) | count",
         "SELECT count(*) FROM (SELECT ArtistId FROM Artist EXCEPT SELECT ArtistId FROM Album)"),
        ("Invoice | group by BillingCountry | select BillingCountry, count() filter (where Total > 10) as big | order -big, BillingCountry",
         "SELECT BillingCountry, count(*) FILTER (WHERE Total > 10) AS big FROM Invoice GROUP BY BillingCountry ORDER BY big DESC, BillingCountry"),
        ("Track | limit 5 | order Name | select TrackId", "SELECT TrackId FROM (SELECT * FROM Track ORDER BY TrackId LIMIT 5) ORDER BY Name"),
        ("Genre | select Name, count(Track where Milliseconds > 300000) as long | order Name",
         "SELECT g.Name, (SELECT count(*) FROM Track t WHERE t.GenreId = g.GenreId AND t.Milliseconds > 300000) FROM Genre g ORDER BY g.Name"),
    ])
    func rowsMatchHandWrittenSQLOnChinook(dsl: String, sql: String) throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        #expect(test.sameRows(dsl: dsl, sql: sql), "\(dsl)")
    }

    @Test func aWindowFiltersOnlyOnceSelected() throws {
        #expect(try TestSession().run("reminders | where row_number() over (order title) < 3").errors == """
            error: a window function cannot filter rows where it is computed
            reminders | where row_number() over (order title) < 3
                              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ window in `where`
            help: select it with a name, then filter: … | select title, row_number() over (order title) as n | where n <= 3

            """)
        #expect(try TestSession().run("reminders | select row_number() over (order title rows sideways) as n").errors
                .hasPrefix("error: expected `)`, found `sideways`"))
    }

    @Test func aSetOperationNeedsAsManyColumnsOnBothSides() throws {
        #expect(try TestSession().run("reminders | select title, id | union (tags | select title)").errors == """
            error: `union` combines rows of the same number of columns: the rows so far have 2, the query in parentheses 1
            reminders | select title, id | union (tags | select title)
                                                  ^^^^^^^^^^^^^^^^^^^ 1 column
            help: select the same number of columns on both sides

            """)
        #expect(try TestSession().run("reminders | union tags").errors.hasPrefix("error: expected `(`, found `tags`"))
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

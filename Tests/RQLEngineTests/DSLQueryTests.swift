import Foundation
import Testing
import RQLEngine

/// A DSL command and hand-written SQL that must give the same rows.
struct DSLCase: CustomTestStringConvertible, Sendable {
    let dsl: String
    let sql: String
    var testDescription: String { dsl }

    init(_ dsl: String, _ sql: String) {
        self.dsl = dsl
        self.sql = sql
    }
}

/// Every DSL construct, checked by the rows it gives against SQL written by
/// hand (not by the SQL text it compiles to).
@Suite struct DSLQueryTests {
    static let isPastDue = "status = 0 AND coalesce(date(dueDate) < date('now'), 0)"

    static let reminders: [DSLCase] = [
        DSLCase("reminders | where not isCompleted | order dueDate nulls last, title | limit 5",
                "SELECT * FROM reminders WHERE status = 0 ORDER BY dueDate NULLS LAST, title LIMIT 5;"),
        DSLCase("reminders | where isFlagged | select title | order title",
                "SELECT title FROM reminders WHERE isFlagged ORDER BY title;"),
        DSLCase("reminders | where remindersList.title == 'Family' | select title, priority",
                "SELECT r.title, r.priority FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE l.title = 'Family';"),
        DSLCase("remindersLists | select title, count(reminders) as n | order -n, title",
                "SELECT l.title, (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id) AS n FROM remindersLists l ORDER BY n DESC, l.title;"),
        DSLCase("reminders | where any tags.title == 'social' | select title",
                "SELECT title FROM reminders r WHERE EXISTS (SELECT 1 FROM remindersTags rt WHERE rt.reminderID = r.id AND rt.tagID = 'social');"),
        DSLCase("reminders | search 'take' | select title",
                "SELECT r.title FROM reminders r JOIN reminderTexts ON reminderTexts.rowid = r.rowid WHERE reminderTexts MATCH '\"take\"' ORDER BY rank;"),
        DSLCase("reminders | group by remindersList.title | select remindersList.title, count() as n",
                "SELECT l.title, count(*) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID GROUP BY l.title;"),
        DSLCase("reminders | count", "SELECT count(*) FROM reminders;"),
        DSLCase("reminders | where priority == high | select title", "SELECT title FROM reminders WHERE priority = 3;"),
        DSLCase("reminders | where status == completed | count", "SELECT count(*) FROM reminders WHERE status = 1;"),
        DSLCase("reminders | where priority in [low, medium] | select title", "SELECT title FROM reminders WHERE priority IN (1, 2);"),
        DSLCase("reminders | where priority between 2 and 3 | select title", "SELECT title FROM reminders WHERE priority BETWEEN 2 AND 3;"),
        DSLCase("reminders | where title like 'B%' | select title", "SELECT title FROM reminders WHERE title LIKE 'B%';"),
        DSLCase("reminders | where title glob '*a*' | select title", "SELECT title FROM reminders WHERE title GLOB '*a*';"),
        DSLCase("reminders | where title matches '^[A-C]' | select title", "SELECT title FROM reminders WHERE title REGEXP '^[A-C]';"),
        DSLCase("reminders | where title not like '%e%' | select title", "SELECT title FROM reminders WHERE title NOT LIKE '%e%';"),
        DSLCase("reminders | where priority is nil | select title", "SELECT title FROM reminders WHERE priority IS NULL;"),
        DSLCase("reminders | where priority == nil | count", "SELECT count(*) FROM reminders WHERE priority IS NULL;"),
        DSLCase("reminders | where priority is not nil | select title, priority", "SELECT title, priority FROM reminders WHERE priority IS NOT NULL;"),
        DSLCase("reminders | select title, priority ?? 0 as p | order -p, title",
                "SELECT title, coalesce(priority, 0) AS p FROM reminders ORDER BY p DESC, title;"),
        DSLCase("reminders | select title ++ '!' as t | order t", "SELECT title || '!' AS t FROM reminders ORDER BY t;"),
        DSLCase("reminders | select title, case priority when high then 'high' when 2 then 'medium' else 'other' end as label",
                "SELECT title, CASE priority WHEN 3 THEN 'high' WHEN 2 THEN 'medium' ELSE 'other' END FROM reminders;"),
        DSLCase("reminders | select title, case when isFlagged then 'flag' else '-' end",
                "SELECT title, CASE WHEN isFlagged THEN 'flag' ELSE '-' END FROM reminders;"),
        DSLCase("reminders | select upper(title) as t, length(notes) as n", "SELECT upper(title), length(notes) FROM reminders;"),
        DSLCase("reminders | select title.lower() as t | order t", "SELECT lower(title) AS t FROM reminders ORDER BY t;"),
        DSLCase("reminders | select remindersListID | distinct | count",
                "SELECT count(*) FROM (SELECT DISTINCT remindersListID FROM reminders);"),
        DSLCase("reminders | distinct | select remindersListID | count", "SELECT count(*) FROM reminders;"),
        DSLCase("reminders | order -priority nulls last, title | limit 3 offset 2 | select title",
                "SELECT title FROM reminders ORDER BY priority DESC NULLS LAST, title LIMIT 3 OFFSET 2;"),
        DSLCase("reminders | order title | offset 8 | select title", "SELECT title FROM reminders ORDER BY title LIMIT -1 OFFSET 8;"),
        DSLCase("reminders | order title | limit 5 | where not isFlagged | select title",
                "SELECT title FROM (SELECT * FROM reminders ORDER BY title LIMIT 5) WHERE NOT isFlagged ORDER BY title;"),
        DSLCase("reminders | order title | limit 4 | count", "SELECT count(*) FROM (SELECT * FROM reminders LIMIT 4);"),
        DSLCase("reminders | group by remindersListID | where count() > 3 | select remindersListID",
                "SELECT remindersListID FROM reminders GROUP BY remindersListID HAVING count(*) > 3;"),
        DSLCase("reminders | group by remindersListID | having count() >= 3 | select remindersListID, count() as n",
                "SELECT remindersListID, count(*) FROM reminders GROUP BY remindersListID HAVING count(*) >= 3;"),
        DSLCase("reminders | group by priority | select priority, count() as n | order priority nulls first",
                "SELECT priority, count(*) FROM reminders GROUP BY priority ORDER BY priority NULLS FIRST;"),
        DSLCase("reminders | group by remindersList.title | select remindersList.title, max(priority) as top, avg(position) as pos",
                "SELECT l.title, max(r.priority), avg(r.position) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID GROUP BY l.title;"),
        DSLCase("reminders | group by priority | select priority, count() as n | where n > 1 | order priority",
                "SELECT priority, count(*) AS n FROM reminders GROUP BY priority HAVING count(*) > 1 ORDER BY priority;"),
        DSLCase("reminders | select title, priority | where priority == 3",
                "SELECT title, priority FROM reminders WHERE priority = 3;"),
        DSLCase("reminders | join remindersLists | select reminders.title, remindersLists.title as list | order list, reminders.title",
                "SELECT r.title, l.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id ORDER BY l.title, r.title;"),
        DSLCase("reminders as r | join remindersLists as l on r.remindersListID == l.id | where l.title == 'Business' | select r.title",
                "SELECT r.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id WHERE l.title = 'Business';"),
        DSLCase("remindersLists | left join remindersListAssets | select title, coverImage is nil as noCover",
                "SELECT l.title, a.coverImage IS NULL FROM remindersLists l LEFT JOIN remindersListAssets a ON a.remindersListID = l.id;"),
        DSLCase("reminders | find '00000000-0000-4000-8000-00000000b001' | select title",
                "SELECT title FROM reminders WHERE id = '00000000-0000-4000-8000-00000000b001';"),
        DSLCase("reminders | find '00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000b002' | select title",
                "SELECT title FROM reminders WHERE id IN ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000b002');"),
        DSLCase("tags | select title, count(reminders) as n | order -n, title",
                "SELECT t.title, (SELECT count(*) FROM remindersTags rt WHERE rt.tagID = t.title) AS n FROM tags t ORDER BY n DESC, t.title;"),
        DSLCase("reminders | select title, count(tags) as n, groupConcat(tags.title) as names | order title",
                "SELECT r.title, (SELECT count(*) FROM tags t WHERE t.title IN (SELECT tagID FROM remindersTags rt WHERE rt.reminderID = r.id)), (SELECT group_concat(t.title) FROM tags t WHERE t.title IN (SELECT tagID FROM remindersTags rt WHERE rt.reminderID = r.id)) FROM reminders r ORDER BY r.title;"),
        DSLCase("remindersLists | where any reminders.isFlagged | select title",
                "SELECT title FROM remindersLists l WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id AND r.isFlagged);"),
        DSLCase("remindersLists | where none reminders.isFlagged | select title",
                "SELECT title FROM remindersLists l WHERE NOT EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id AND r.isFlagged);"),
        DSLCase("remindersLists | where all reminders.priority is not nil | select title",
                "SELECT title FROM remindersLists l WHERE NOT EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id AND r.priority IS NULL);"),
        DSLCase("remindersLists | where any reminders | select title",
                "SELECT title FROM remindersLists l WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id);"),
        DSLCase("remindersLists | select title, max(reminders.priority) as top, reminders.count() as n",
                "SELECT title, (SELECT max(priority) FROM reminders r WHERE r.remindersListID = l.id), (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id) FROM remindersLists l;"),
        DSLCase("reminders | where isPastDue | select title", "SELECT title FROM reminders WHERE \(isPastDue);"),
        DSLCase("reminders | where isToday | select title",
                "SELECT title FROM reminders WHERE status = 0 AND coalesce(date(dueDate) = date('now'), 0);"),
        DSLCase("reminders | where isScheduled | count", "SELECT count(*) FROM reminders WHERE status = 0 AND dueDate IS NOT NULL;"),
        DSLCase("reminders | where list.title == 'Personal' | count",
                "SELECT count(*) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE l.title = 'Personal';"),
        DSLCase("RemindersList | select title | order title", "SELECT title FROM remindersLists ORDER BY title;"),
        DSLCase("Reminder | where isFlagged | count", "SELECT count(*) FROM reminders WHERE isFlagged;"),
        DSLCase("reminders | search 'walk' | select highlight(title) as h",
                "SELECT highlight(reminderTexts, 0, '**', '**') FROM reminderTexts WHERE reminderTexts MATCH '\"walk\"' ORDER BY rank;"),
        DSLCase("reminders | search 'trash' | select snippet(title, '[', ']', '...', 2) as s",
                "SELECT snippet(reminderTexts, 0, '[', ']', '...', 2) FROM reminderTexts WHERE reminderTexts MATCH '\"trash\"' ORDER BY rank;"),
        DSLCase("reminders | search match 'take OR walk' | select title",
                "SELECT r.title FROM reminders r JOIN reminderTexts t ON t.rowid = r.rowid WHERE reminderTexts MATCH 'take OR walk' ORDER BY rank;"),
        DSLCase("reminders | search 'take' | order title | select title",
                "SELECT r.title FROM reminders r JOIN reminderTexts t ON t.rowid = r.rowid WHERE reminderTexts MATCH 'take' ORDER BY r.title;"),
        DSLCase("reminderTexts | search 'week' | select title", "SELECT title FROM reminderTexts WHERE reminderTexts MATCH 'week' ORDER BY rank;"),
        DSLCase("reminders | search 'take' | select title, bm25() < 0 as ranked",
                "SELECT r.title, bm25(reminderTexts) < 0 FROM reminders r JOIN reminderTexts ON reminderTexts.rowid = r.rowid WHERE reminderTexts MATCH 'take' ORDER BY rank;"),
        DSLCase("reminders | where priority > (reminders | select avg(priority)) | select title",
                "SELECT title FROM reminders WHERE priority > (SELECT avg(priority) FROM reminders);"),
        DSLCase("reminders | where remindersListID in (remindersLists | where title like 'B%' | select id) | select title",
                "SELECT title FROM reminders WHERE remindersListID IN (SELECT id FROM remindersLists WHERE title LIKE 'B%');"),
        DSLCase("reminders | where remindersListID not in (remindersLists | where title like 'B%' | select id) | count",
                "SELECT count(*) FROM reminders WHERE remindersListID NOT IN (SELECT id FROM remindersLists WHERE title LIKE 'B%');"),
        DSLCase("reminders | select title, remindersList.title as list, remindersList.color as color | order title",
                "SELECT r.title, l.title, l.color FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID ORDER BY r.title;"),
        DSLCase("let incomplete = reminders | where not isCompleted\nincomplete | where isFlagged | count",
                "SELECT count(*) FROM reminders WHERE status = 0 AND isFlagged;"),
        DSLCase("let incomplete = reminders | where not isCompleted\nincomplete | where remindersList.title == 'Family' | select title | order title",
                "SELECT r.title FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE r.status = 0 AND l.title = 'Family' ORDER BY r.title;"),
        DSLCase("def reminders.isHigh = priority == high\nreminders | where isHigh and not isCompleted | select title",
                "SELECT title FROM reminders WHERE priority = 3 AND status = 0;"),
        DSLCase("def remindersLists.size = count(reminders)\nremindersLists | where size > 3 | select title",
                "SELECT title FROM remindersLists l WHERE (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id) > 3;"),
        DSLCase("reminders | select t = title, p = priority | order -p, t | limit 3",
                "SELECT title, priority FROM reminders ORDER BY priority DESC, title LIMIT 3;"),
        DSLCase("reminders | where isFlagged && priority == 3 || title == 'Haircut' | select title",
                "SELECT title FROM reminders WHERE (isFlagged AND priority = 3) OR title = 'Haircut';"),
        DSLCase("reminders | where !isFlagged | count", "SELECT count(*) FROM reminders WHERE NOT isFlagged;"),
        DSLCase("reminders | select title, priority * 10 + 1 as x, position % 3 as m, -position as neg, 7 / 2 as d",
                "SELECT title, priority * 10 + 1, position % 3, -position, 7 / 2 FROM reminders;"),
        DSLCase("reminders | order title collate nocase desc | select title", "SELECT title FROM reminders ORDER BY title COLLATE NOCASE DESC;"),
        DSLCase("reminders | select *", "SELECT * FROM reminders;"),
        DSLCase("reminders | join remindersLists | select remindersLists.* | distinct",
                "SELECT DISTINCT l.* FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID;"),
        DSLCase("reminders | select count(distinct priority) as n, median(priority) as m, mode(priority) as mo",
                "SELECT count(DISTINCT priority), median(priority), mode(priority) FROM reminders;"),
        DSLCase("reminders | where slugify(title) == 'take-out-trash' | select title",
                "SELECT title FROM reminders WHERE slugify(title) = 'take-out-trash';"),
        DSLCase("reminders | where dueDate is not nil | group by date(dueDate) | select date(dueDate) as day, count() as n | order day",
                "SELECT date(dueDate) AS day, count(*) FROM reminders WHERE dueDate IS NOT NULL GROUP BY day ORDER BY day;"),
        DSLCase("reminders | where title == \"Haircut\" or 1.5 > 2 or false | select title, true, nil",
                "SELECT title, 1, NULL FROM reminders WHERE title = 'Haircut';"),
        DSLCase("reminders -- comment\n  | where isFlagged -- flagged only\n  | count", "SELECT count(*) FROM reminders WHERE isFlagged;"),
        DSLCase("remindersLists | select title | select title ++ '.' as t | order t",
                "SELECT title || '.' AS t FROM remindersLists ORDER BY t;"),
        DSLCase("def reminders.listTitle = remindersList.title\nreminders | where listTitle == 'Family' | select title, listTitle | order title",
                "SELECT r.title, l.title FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE l.title = 'Family' ORDER BY r.title;"),
        DSLCase("def remindersTags.tagTitle = tag.title\nremindersTags | select tagTitle | order tagTitle",
                "SELECT t.title FROM remindersTags rt JOIN tags t ON t.title = rt.tagID ORDER BY t.title;"),
        DSLCase("""
                def reminders.marked = highlight(title, '[', ']')
                def reminders.excerpt = snippet(notes, '<', '>', '…', 4)
                def reminders.score = round(bm25(), 3)
                reminders | search 'take' | select marked, excerpt, score | order title
                """,
                """
                SELECT highlight(reminderTexts, 0, '[', ']'), snippet(reminderTexts, 1, '<', '>', '…', 4), round(bm25(reminderTexts), 3)
                FROM reminders r JOIN reminderTexts ON reminderTexts.rowid = r.rowid WHERE reminderTexts MATCH '"take"' ORDER BY r.title;
                """),
    ]

    @Test(arguments: reminders)
    func onReminders(_ query: DSLCase) throws {
        let session = try TestSession()
        try expectSameRows(query, in: session)
    }

    static let chinook: [DSLCase] = [
        DSLCase("Track | where Genre.Name == 'Jazz' | count",
                "SELECT count(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz';"),
        DSLCase("Artist | select Name, count(Album) as albums | order -albums, Name | limit 5",
                "SELECT a.Name, (SELECT count(*) FROM Album b WHERE b.ArtistId = a.ArtistId) AS n FROM Artist a ORDER BY n DESC, a.Name LIMIT 5;"),
        DSLCase("Album | where Artist.Name == 'AC/DC' | select Title | order Title",
                "SELECT b.Title FROM Album b JOIN Artist a ON a.ArtistId = b.ArtistId WHERE a.Name = 'AC/DC' ORDER BY b.Title;"),
        DSLCase("Track | where MediaType.Name like '%AAC%' | count",
                "SELECT count(*) FROM Track t JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId WHERE m.Name LIKE '%AAC%';"),
        DSLCase("Playlist | select Name, count(Track) as tracks | order -tracks, Name | limit 5",
                "SELECT p.Name, (SELECT count(*) FROM PlaylistTrack pt WHERE pt.PlaylistId = p.PlaylistId) AS n FROM Playlist p ORDER BY n DESC, p.Name LIMIT 5;"),
        DSLCase("Track | where any Playlist.Name == 'Grunge' | select Name | order Name",
                "SELECT t.Name FROM Track t WHERE t.TrackId IN (SELECT pt.TrackId FROM PlaylistTrack pt JOIN Playlist p ON p.PlaylistId = pt.PlaylistId WHERE p.Name = 'Grunge') ORDER BY t.Name;"),
        DSLCase("Customer | group by Country | select Country, count() as n | order -n, Country | limit 5",
                "SELECT Country, count(*) AS n FROM Customer GROUP BY Country ORDER BY n DESC, Country LIMIT 5;"),
        DSLCase("Invoice | group by Customer.Country | select Customer.Country, round(sum(Total), 2) as total | order -total | limit 3",
                "SELECT c.Country, round(sum(i.Total), 2) AS total FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId GROUP BY c.Country ORDER BY total DESC LIMIT 3;"),
        DSLCase("Employee as e | left join Employee as m on e.ReportsTo == m.EmployeeId | select e.LastName, m.LastName as boss | order e.LastName",
                "SELECT e.LastName, m.LastName FROM Employee e LEFT JOIN Employee m ON e.ReportsTo = m.EmployeeId ORDER BY e.LastName;"),
        DSLCase("Employee | select LastName, ReportsTo.LastName as boss | order LastName",
                "SELECT e.LastName, m.LastName FROM Employee e LEFT JOIN Employee m ON e.ReportsTo = m.EmployeeId ORDER BY e.LastName;"),
        DSLCase("Genre | where none Track.Milliseconds < 100000 | select Name | order Name",
                "SELECT g.Name FROM Genre g WHERE NOT EXISTS (SELECT 1 FROM Track t WHERE t.GenreId = g.GenreId AND t.Milliseconds < 100000) ORDER BY g.Name;"),
        DSLCase("InvoiceLine | where Track.Album.Artist.Name == 'Queen' | select round(sum(UnitPrice * Quantity), 2) as revenue",
                "SELECT round(sum(il.UnitPrice * il.Quantity), 2) FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Album b ON b.AlbumId = t.AlbumId JOIN Artist a ON a.ArtistId = b.ArtistId WHERE a.Name = 'Queen';"),
        DSLCase("Track | find 1 | select Name", "SELECT Name FROM Track WHERE TrackId = 1;"),
        DSLCase("Album | select Title, Track.count() as n, sum(Track.Milliseconds) / 60000 as minutes | order -n, Title | limit 3",
                "SELECT b.Title, (SELECT count(*) FROM Track t WHERE t.AlbumId = b.AlbumId) AS n, (SELECT sum(t.Milliseconds) FROM Track t WHERE t.AlbumId = b.AlbumId) / 60000 FROM Album b ORDER BY n DESC, b.Title LIMIT 3;"),
        DSLCase("Customer | where SupportRep.LastName == 'Peacock' | count",
                "SELECT count(*) FROM Customer c JOIN Employee e ON e.EmployeeId = c.SupportRepId WHERE e.LastName = 'Peacock';"),
        DSLCase("Track | where Composer is nil | count", "SELECT count(*) FROM Track WHERE Composer IS NULL;"),
        DSLCase("Invoice | where InvoiceDate between '2009-01-01' and '2009-12-31' | select count() as n, round(sum(Total), 2) as total",
                "SELECT count(*), round(sum(Total), 2) FROM Invoice WHERE InvoiceDate BETWEEN '2009-01-01' AND '2009-12-31';"),
        DSLCase("track | where Genre.Name == 'Jazz' | count",
                "SELECT count(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz';"),
    ]

    @Test(.enabled(if: Chinook.isAvailable, "skipped: the DSL on Chinook, as ../shared/data/chinook.sqlite is absent"),
          arguments: chinook)
    func onChinook(_ query: DSLCase) throws {
        let session = try TestSession(.file(path: Chinook.source.path, readonly: true))
        try expectSameRows(query, in: session)
    }

    /// The DSL's rows equal the SQL's: in order when the SQL orders them,
    /// as a multiset otherwise.
    private func expectSameRows(_ query: DSLCase, in session: TestSession) throws {
        let expected = session.run(query.sql)
        #expect(expected.errors == "", "hand-written SQL failed")
        let actual = session.run(query.dsl)
        #expect(actual.errors == "")
        #expect(!expected.output.isEmpty || query.dsl.contains("none") || query.dsl.contains("all "))
        if query.sql.contains("ORDER BY") {
            #expect(actual.output == expected.output)
        } else {
            #expect(actual.output.split(separator: "\n").sorted() == expected.output.split(separator: "\n").sorted())
        }
    }
}

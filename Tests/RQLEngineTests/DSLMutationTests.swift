import Foundation
import Testing
import RQLEngine

/// A DSL mutation and the SQL it means: each runs on its own fresh sample,
/// then `check` must read the same data from both.
struct DSLMutation: CustomTestStringConvertible, Sendable {
    let dsl: String
    let sql: String
    let check: String
    var testDescription: String { dsl }
}

@Suite struct DSLMutationTests {
    static let byID = "SELECT id, title, status, priority, isFlagged, position, remindersListID FROM reminders ORDER BY id;"

    static let cases: [DSLMutation] = [
        DSLMutation(dsl: "reminders | where isPastDue | update toggleStatus",
                    sql: "UPDATE reminders SET status = CASE status WHEN 0 THEN 2 ELSE 0 END WHERE \(DSLQueryTests.isPastDue);",
                    check: byID),
        DSLMutation(dsl: "reminders | find '00000000-0000-4000-8000-00000000b001' | update status = completing",
                    sql: "UPDATE reminders SET status = 2 WHERE id = '00000000-0000-4000-8000-00000000b001';", check: byID),
        DSLMutation(dsl: "insert remindersLists title = 'Errands'", sql: "INSERT INTO remindersLists (title) VALUES ('Errands');",
                    check: "SELECT title, position FROM remindersLists ORDER BY position;"),
        DSLMutation(dsl: "reminders | where isCompleted | delete", sql: "DELETE FROM reminders WHERE status <> 0;",
                    check: "SELECT count(*), (SELECT count(*) FROM reminderTexts), (SELECT count(*) FROM remindersTags) FROM reminders;"),
        DSLMutation(dsl: "reminders | where remindersList.title == 'Family' | update isFlagged = true",
                    sql: "UPDATE reminders SET isFlagged = 1 WHERE remindersListID IN (SELECT id FROM remindersLists WHERE title = 'Family');",
                    check: byID),
        DSLMutation(dsl: "reminders | order title | limit 2 | delete",
                    sql: "DELETE FROM reminders WHERE id IN (SELECT id FROM reminders ORDER BY title LIMIT 2);", check: byID),
        DSLMutation(dsl: "reminders | search 'trash' | update title = title ++ '!'",
                    sql: "UPDATE reminders SET title = title || '!' WHERE rowid IN (SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'trash');",
                    check: "SELECT title FROM reminderTexts ORDER BY rowid;"),
        DSLMutation(dsl: "remindersLists | where title == 'Business' | update title = 'Work', color = color + 1 | returning title, position",
                    sql: "UPDATE remindersLists SET title = 'Work', color = color + 1 WHERE title = 'Business' RETURNING title, position;",
                    check: "SELECT title, color FROM remindersLists ORDER BY position;"),
        DSLMutation(dsl: "tags | insert title = 'urgent' | returning title", sql: "INSERT INTO tags (title) VALUES ('urgent') RETURNING title;",
                    check: "SELECT title FROM tags ORDER BY title;"),
        DSLMutation(dsl: "reminders | where priority == nil | update priority = low",
                    sql: "UPDATE reminders SET priority = 1 WHERE priority IS NULL;", check: byID),
        DSLMutation(dsl: "insert reminders title = 'Plan trip', priority = high, remindersListID = (remindersLists | where title == 'Family' | select id)",
                    sql: "INSERT INTO reminders (title, priority, remindersListID) VALUES ('Plan trip', 3, (SELECT id FROM remindersLists WHERE title = 'Family'));",
                    check: "SELECT r.title, r.priority, r.position, l.title FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID ORDER BY r.position;"),
        DSLMutation(dsl: "reminders | where remindersList.title == 'Business' | update title = remindersList.title ++ ': ' ++ title",
                    sql: "UPDATE reminders SET title = (SELECT title FROM remindersLists l WHERE l.id = reminders.remindersListID) || ': ' || title WHERE remindersListID IN (SELECT id FROM remindersLists WHERE title = 'Business');",
                    check: byID),
        DSLMutation(dsl: "remindersLists | where none reminders.isFlagged | delete",
                    sql: "DELETE FROM remindersLists WHERE NOT EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = remindersLists.id AND r.isFlagged);",
                    check: "SELECT (SELECT count(*) FROM remindersLists), (SELECT count(*) FROM reminders);"),
        DSLMutation(dsl: "reminders | where isFlagged | delete | returning title",
                    sql: "DELETE FROM reminders WHERE isFlagged RETURNING title;", check: byID),
    ]

    @Test(arguments: cases)
    func leavesTheSameData(_ mutation: DSLMutation) throws {
        let clock = ManualClock(Date())
        let viaDSL = try TestSession(clock: clock)
        let viaSQL = try TestSession(clock: clock)
        let dsl = viaDSL.run(mutation.dsl)
        let sql = viaSQL.run(mutation.sql)
        #expect(dsl.errors == "")
        #expect(sql.errors == "")
        #expect(dsl.output.split(separator: "\n").sorted() == sql.output.split(separator: "\n").sorted())
        let after = viaDSL.run(mutation.check).output
        #expect(after == viaSQL.run(mutation.check).output)
        #expect(after != TestSessionBaseline.output(of: mutation.check), "the mutation changed nothing")
    }

    /// A condition that reads other rows of the table finds its rows before
    /// any changes: SQLite updates and deletes as it reads, and read row by
    /// row the condition would see the rows already changed.
    @Test func aConditionReadingTheTableFindsItsRowsFirst() throws {
        let schema = """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE staff (id INTEGER PRIMARY KEY, title TEXT, boss INTEGER REFERENCES staff (id));
            INSERT INTO staff VALUES (1, 'head', 1), (5, 'clerk', 1);
            """
        let test = try TestSession.inMemory(schema)
        // Row by row, the clerk's boss would already have boss 6 when the clerk is read.
        test.run("staff | where (staff as b | where b.id == boss | select b.boss) == 1 | update boss = 6")
        #expect(test.value("SELECT id, boss FROM staff ORDER BY id;") == "1|6\n5|6")
        let deleting = try TestSession.inMemory(schema)
        deleting.run("staff | where (staff as b | where b.id == boss | select count()) == 1 | delete")
        #expect(deleting.value("SELECT count(*) FROM staff;") == "0")
        deleting.run(".sql on")
        #expect(deleting.run("staff | where (staff as b | where b.id == boss | select count()) == 1 | delete").output
            .contains("WHERE \"id\" IN ("))
    }
}

/// What a check query reads from an untouched sample.
enum TestSessionBaseline {
    static func output(of sql: String) -> String {
        (try? TestSession().run(sql).output) ?? ""
    }
}

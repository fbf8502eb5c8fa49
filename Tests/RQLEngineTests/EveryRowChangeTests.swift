import Foundation
import RQLEngine
import RQLLanguage
import Testing

/// The question before an UPDATE or DELETE of every row, asked at the
/// prompt only.
@Suite struct EveryRowChangeTests {
    @Test(arguments: [
        ("DELETE FROM tags", EveryRowChange(verb: .delete, table: "tags")),
        ("delete from main.\"my tags\";", EveryRowChange(verb: .delete, schema: "main", table: "my tags")),
        ("UPDATE OR IGNORE reminders SET title = (SELECT 'x' WHERE 1)", EveryRowChange(verb: .update, table: "reminders")),
        ("UPDATE tags SET title = upper(title) RETURNING *", EveryRowChange(verb: .update, table: "tags")),
        ("DELETE FROM tags WHERE title = 'car'", nil),
        ("UPDATE t SET a = b.a FROM b", nil),
        ("WITH x AS (SELECT 1) DELETE FROM tags", nil),
        ("SELECT * FROM tags", nil),
    ] as [(String, EveryRowChange?)])
    func sqlThatChangesEveryRow(sql: String, change: EveryRowChange?) {
        #expect(SQLStatementKind.of(sql: sql).everyRowChange == change)
    }

    /// A session whose person answers `answer` and whose questions are kept.
    private func session(answering answer: Bool) throws -> (TestSession, () -> [String]) {
        try session(answers: [answer ? "y" : "n"])
    }

    /// A session whose person gives `answers` in turn (the last one from
    /// then on), and whose questions are kept.
    private func session(answers: [String?]) throws -> (TestSession, () -> [String]) {
        let test = try TestSession()
        final class Questions { var asked: [String] = [] }
        let questions = Questions()
        test.session.asksPerson = { question in
            questions.asked.append(question)
            return answers[min(questions.asked.count, answers.count) - 1]
        }
        return (test, { questions.asked })
    }

    @Test func pPreviewsAndAsksAgain() throws {
        let (test, asked) = try session(answers: ["p", " Y "])
        let result = test.run("DELETE FROM tags;\nSELECT count(*) FROM tags;")
        #expect(asked() == ["delete all 7 rows of tags? [y/N/p] ", "delete all 7 rows of tags? [y/N/p] "])
        #expect(result.output == """
            would change:
              tags                  7 deleted           by the statement
              remindersTags         12 deleted          by ON DELETE CASCADE from tags
              reminderTexts (fts5)  12 rows re-indexed  by trigger reminderTexts_after_delete_on_remindersTags
            triggers fired:
              reminderTexts_after_delete_on_remindersTags  12 times
            changes(): 7
            nothing was written: the preview rolled back
            0

            """)
        #expect(result.errors == "")
    }

    @Test func ctrlCIsNo() throws {
        let (test, asked) = try session(answers: [nil])
        #expect(test.run("tags | delete").errors == "cancelled: no row changed (.confirm off stops asking)\n")
        #expect(asked().count == 1)
        #expect(test.value("SELECT count(*) FROM tags;") == "7")
    }

    @Test func noKeepsEveryRowAndSaysSo() throws {
        let (test, asked) = try session(answering: false)
        let tags = test.value("SELECT count(*) FROM tags;")
        let result = test.run("DELETE FROM tags;\ntags | update title = 'x'\nSELECT count(*) FROM tags WHERE title = 'x';")
        #expect(asked() == ["delete all \(tags) rows of tags? [y/N/p] ", "update all \(tags) rows of tags? [y/N/p] "])
        #expect(result.errors == String(repeating: "cancelled: no row changed (.confirm off stops asking)\n", count: 2))
        #expect(result.output == "0\n")
        #expect(test.value("SELECT count(*) FROM tags;") == tags)
    }

    @Test func yesRunsIt() throws {
        let (test, asked) = try session(answering: true)
        #expect(test.run("tags | delete\nSELECT count(*) FROM tags;").output == "0\n")
        #expect(asked().count == 1)
    }

    @Test func filteredOneRowBailAndConfirmOffNeverAsk() throws {
        let (test, asked) = try session(answering: false)
        test.run("""
            DELETE FROM tags WHERE title = 'car';
            tags | where title == 'kids' | delete
            CREATE TABLE one (x); INSERT INTO one VALUES (1); DELETE FROM one;
            .confirm off
            UPDATE tags SET title = title || '!';
            .confirm on
            .bail on
            UPDATE tags SET title = title || '?';
            """)
        #expect(asked() == [])
        #expect(test.value("SELECT count(*) FROM tags WHERE title LIKE '%!?';") == test.value("SELECT count(*) FROM tags;"))
    }

    @Test func aScriptReadAtThePromptNeverAsks() throws {
        let (test, asked) = try session(answering: false)
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("rql-delete-\(UUID().uuidString).sql")
        try "DELETE FROM tags;\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        #expect(test.run(".read '\(script.path)'\nSELECT count(*) FROM tags;").output == "0\n")
        #expect(asked() == [])
    }
}

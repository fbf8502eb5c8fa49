import Testing
@testable import RQLNotebook

/// `rql grade`: right answers, wrong ones with the smallest database on
/// which they differ, and answers that are not queries; on the Reminders
/// sample, through the notebook's own session.
@Suite struct ExerciseGraderTests {
    static let notebook = """
        -- @sample reminders
        -- # Exercises
        -- How many open reminders (status 0) has each list? Every list, with
        -- its title and the count, even a list with none open.
        -- @exercise open-per-list
        SELECT l.title, count(r.id) AS open
        FROM remindersLists AS l
        LEFT JOIN reminders AS r ON r.remindersListID = l.id AND r.status = 0
        GROUP BY l.id;

        -- The titles of the flagged reminders, in alphabetical order.
        -- @exercise flagged-titles
        reminders | where isFlagged | order title | select title

        """

    private func grade(_ exercise: String, _ answer: String, tries: Int = 300) throws -> ExerciseGrader.Grade {
        try ExerciseGrader(tries: tries).grade(Notebook(text: Self.notebook, path: "exercises.rql"), exercise: exercise, answer: answer)
    }

    @Test func theQuestionIsTheProseBeforeTheReference() throws {
        let exercises = try Notebook(text: Self.notebook, path: "exercises.rql").exercises
        #expect(exercises.map(\.name) == ["open-per-list", "flagged-titles"])
        #expect(exercises[0].question == ["# Exercises", "How many open reminders (status 0) has each list? Every list, with",
                                          "its title and the count, even a list with none open."])
        #expect(exercises[1].cellIndex == 1)
    }

    @Test func rightAnswersInSQLAndTheDSLAreRightOnEveryDatabaseTried() throws {
        let subquery = try grade("open-per-list", """
            SELECT title, (SELECT count(*) FROM reminders WHERE remindersListID = remindersLists.id AND status = 0) FROM remindersLists
            """)
        #expect(subquery.isRight)
        #expect(subquery.report == ["right on every database tried (300 variants)"])
        #expect(try grade("flagged-titles", "SELECT title FROM reminders WHERE isFlagged ORDER BY title;").isRight)
    }

    /// The inner join agrees on the sample, and drops a list with no open reminder.
    @Test func theInnerJoinIsWrongWithASmallCounterexample() throws {
        let wrong = try grade("open-per-list", """
            SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id WHERE r.status = 0 GROUP BY l.id
            """)
        #expect(!wrong.isRight)
        #expect(wrong.report[0] == "wrong: your answer and the reference differ on this database, made from the notebook's:")
        let total = try #require(wrong.report.last)
        let rows = Int(total.split(separator: " ")[3]) ?? 99
        #expect(rows <= 10, "\(total)")
        #expect(wrong.report.contains { $0.hasPrefix("the reference gives:") && $0.hasSuffix("your answer gives:") })
    }

    @Test func countingEveryReminderIsWrongOnTheSampleItself() throws {
        let wrong = try grade("open-per-list", "remindersLists | select title, count(reminders)")
        #expect(!wrong.isRight)
        #expect(wrong.report[0].hasPrefix("wrong: your answer and the reference differ on the notebook's database"))
        #expect(wrong.report.last == "a counterexample with 2 rows in all")
    }

    @Test func anUnorderedAnswerToAnOrderedExerciseIsWrong() throws {
        let wrong = try grade("flagged-titles", "SELECT title FROM reminders WHERE isFlagged ORDER BY title DESC")
        #expect(!wrong.isRight)
        #expect(wrong.report.contains("(the exercise asks for the rows in an order: the reference orders them)"))
    }

    @Test func answersThatAreNotOneQuery() throws {
        #expect(try grade("open-per-list", "SELECT nope FROM remindersLists").report
            == ["wrong: your answer fails:", "error: no such column: nope", "SELECT nope FROM remindersLists", "       ^"])
        #expect(try grade("open-per-list", "DELETE FROM reminders").report == ["wrong: your answer returns no rows; the exercise asks for a query"])
        #expect(try grade("open-per-list", "SELECT 1; SELECT 2").report == ["wrong: the answer is not one query; write one, SQL or the DSL"])
        #expect(try grade("open-per-list", "  ").report == ["wrong: the answer is empty; write one query, SQL or the DSL"])
        #expect(try grade("open-per-list", "SELECT title FROM remindersLists").report == ["wrong: your answer has 1 column; the reference has 2"])
        #expect(throws: NotebookError.self) { try grade("nope", "SELECT 1") }
    }

    /// An answer that runs forever is stopped by the notebook's time limit.
    @Test func anEndlessAnswerIsStopped() throws {
        let limit = try #require(CellTimeLimit("200ms"))
        let grade = try ExerciseGrader(runner: NotebookRunner(timeLimit: limit), tries: 5)
            .grade(Notebook(text: Self.notebook, path: "exercises.rql"), exercise: "open-per-list",
                   answer: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*), 1 FROM c")
        #expect(grade.report == ["wrong: your answer fails:", "error: interrupted after 200ms"])
    }

    /// What an answer writes is taken back: the next grade sees the sample as it was.
    @Test func aWritingAnswerChangesNothing() throws {
        _ = try grade("open-per-list", "DELETE FROM remindersLists RETURNING title, 0")
        #expect(try grade("open-per-list", "SELECT title, (SELECT count(*) FROM reminders WHERE remindersListID = remindersLists.id AND status = 0) FROM remindersLists", tries: 5).isRight)
    }
}

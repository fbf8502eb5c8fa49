import Testing
import RQLEngine
@testable import RQLNotebook

/// The exercises of the sample lessons, each against a plausible wrong
/// answer (kept with the size of its counterexample) and a right one
/// written another way.
@Suite struct LessonExerciseTests {
    struct Case: Sendable, CustomStringConvertible {
        var lesson: String
        var exercise: String
        var answer: String
        /// The last line of the report: the counterexample's size, or `right …`.
        var verdict: String
        var description: String { "\(lesson) \(exercise): \(answer)" }
    }

    static let cases: [Case] = [
        Case(lesson: "tour", exercise: "open-per-list",
             answer: "SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id WHERE r.status = 0 GROUP BY l.id",
             verdict: "a counterexample with 1 row in all"),
        Case(lesson: "tour", exercise: "open-per-list", answer: "remindersLists | select title, count(reminders)",
             verdict: "a counterexample with 2 rows in all"),
        Case(lesson: "tour", exercise: "open-per-list",
             answer: "SELECT title, (SELECT count(*) FROM reminders WHERE remindersListID = remindersLists.id AND status = 0) FROM remindersLists",
             verdict: "right on every database tried (300 variants)"),
        Case(lesson: "dsl", exercise: "lists-without-flags", answer: "reminders | where not isFlagged | select remindersList.title",
             verdict: "a counterexample with 1 row in all"),
        Case(lesson: "dsl", exercise: "lists-without-flags", answer: "remindersLists | where not any reminders.isFlagged | select title",
             verdict: "right on every database tried (300 variants)"),
        Case(lesson: "fts", exercise: "mentions-tax", answer: "SELECT title FROM reminders WHERE title LIKE '%tax%'",
             verdict: "a counterexample with 2 rows in all"),
        // A write: what every table holds afterwards is compared, the full-text index too.
        Case(lesson: "triggers", exercise: "empty-family", answer: "DELETE FROM remindersLists WHERE title = 'Family'",
             verdict: "a counterexample with 1 row in all"),
        Case(lesson: "triggers", exercise: "empty-family",
             answer: "UPDATE reminders SET status = 1 WHERE remindersListID IN (SELECT id FROM remindersLists WHERE title = 'Family')",
             verdict: "a counterexample with 2 rows in all"),
        Case(lesson: "triggers", exercise: "empty-family",
             answer: "DELETE FROM reminders WHERE remindersListID = (SELECT id FROM remindersLists WHERE title = 'Family')",
             verdict: "right on every database tried (300 variants)"),
        Case(lesson: "functions", exercise: "numbered-per-list",
             answer: "SELECT l.title, r.title, row_number() OVER (ORDER BY r.position) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID",
             verdict: "a counterexample with 4 rows in all"),
    ]

    @Test(arguments: cases)
    func eachAnswerGetsItsVerdict(_ test: Case) throws {
        let text = try #require(Tour.notebook(named: test.lesson))
        let grade = try ExerciseGrader().grade(Notebook(text: text, path: test.lesson), exercise: test.exercise, answer: test.answer)
        #expect(grade.report.last == test.verdict)
        #expect(grade.isRight == test.verdict.hasPrefix("right"))
    }
}

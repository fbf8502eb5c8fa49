import RQLEngine
import RQLRender

/// Grades a learner's answer to an exercise of a notebook: runs the cells
/// before the exercise, then the reference and the answer, compares their
/// rows (`ResultComparison`), and, while they agree, looks for a database
/// on which they would not (`CounterexampleSearch`).
///
///     let grade = try ExerciseGrader().grade(notebook, exercise: "open-per-list", answer: "SELECT …")
///     grade.isRight   // false
///     grade.report    // "open-per-list: wrong: …", then the counterexample
public struct ExerciseGrader: Sendable {
    public var runner: NotebookRunner
    /// How many variant databases to try before saying the answer is right on all of them.
    public var tries: Int
    public static let defaultTries = 300

    public init(runner: NotebookRunner = NotebookRunner(), tries: Int = ExerciseGrader.defaultTries) {
        self.runner = runner
        self.tries = tries
    }

    /// What grading one answer found.
    public struct Grade: Sendable {
        public var exercise: String
        public var isRight: Bool
        /// `right on every database tried (300 variants)`, or `wrong: …` and why, over several lines.
        public var report: [String]
    }

    public func grade(_ notebook: Notebook, exercise name: String, answer text: String) throws -> Grade {
        guard let exercise = notebook.exercises.first(where: { $0.name == name }) else {
            throw NotebookError(path: notebook.path, line: 0, .noSuchExercise(name, exercises: notebook.exercises.map(\.name)))
        }
        let commands = CommandReader.commands(in: text)
        guard commands.count == 1, let answer = commands.first, answer.language != .dot else {
            return Grade(exercise: name, isRight: false, report: [GradeWording.notOneQuery(count: commands.count)])
        }
        let grading = try GradingSession(notebook: notebook, exercise: exercise, runner: runner)
        let reference = notebook.cells[exercise.cellIndex].command
        switch grading.result(of: reference) {
        case .rows(let expected):
            return grade(name, answer: answer, reference: reference, rows: expected, grading)
        case .notAQuery where grading.stateAfter(reference).state != nil:
            return gradeWrite(name, answer: answer, reference: reference, grading)
        case .notAQuery, .failed, .tooManyRows:
            throw NotebookError(path: notebook.path, line: reference.line, .referenceFails(name))
        }
    }

    /// A query exercise: the answer's rows against the reference's.
    private func grade(_ name: String, answer: Command, reference: Command, rows expected: ResultLog.Table,
                       _ grading: GradingSession) -> Grade {
        let ordered = grading.session.setsRowOrder(reference)
        switch grading.result(of: answer) {
        case .failed(let printed):
            return Grade(exercise: name, isRight: false, report: [GradeWording.fails] + GradeWording.lines(printed))
        case .notAQuery:
            return Grade(exercise: name, isRight: false, report: [GradeWording.notAQuery])
        case .tooManyRows:
            return Grade(exercise: name, isRight: false, report: [GradeWording.tooManyRows(GradingSession.rowLimit)])
        case .rows(let given) where given.columns.count != expected.columns.count:
            return Grade(exercise: name, isRight: false,
                         report: [GradeWording.columns(given.columns.count, expected: expected.columns.count)])
        case .rows:
            return search(name, answer: answer, reference: reference, kind: .query(ordered: ordered), grading)
        }
    }

    /// A mutation exercise: what the answer leaves in every table against
    /// what the reference leaves, each run after a savepoint and taken back.
    private func gradeWrite(_ name: String, answer: Command, reference: Command, _ grading: GradingSession) -> Grade {
        let (state, printed) = grading.stateAfter(answer)
        guard state != nil else {
            return Grade(exercise: name, isRight: false, report: [GradeWording.fails] + GradeWording.lines(printed))
        }
        return search(name, answer: answer, reference: reference, kind: .mutation, grading)
    }

    private func search(_ name: String, answer: Command, reference: Command, kind: CounterexampleSearch.Kind,
                        _ grading: GradingSession) -> Grade {
        var search = CounterexampleSearch(grading: grading, reference: reference, answer: answer, kind: kind, tries: tries)
        let (found, tried) = search.find()
        guard let found else {
            return Grade(exercise: name, isRight: true, report: [GradeWording.right(variants: tried)])
        }
        return Grade(exercise: name, isRight: false, report: GradeWording.wrong(found, kind: kind))
    }
}

import ArgumentParser
import FoundationEssentials
import Glibc
import RQLEngine
import RQLNotebook
import RQLRender

/// `rql grade NOTEBOOK --exercise NAME --answer QUERY` or `--answers FILE.rql`.
struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql grade",
        abstract: "Grade answers to a notebook's exercises: right, or wrong with the smallest database where they differ.",
        discussion: """
            An exercise is a cell after -- @exercise NAME: the prose before it is the question, \
            the cell the reference answer. An answer is right when it gives the reference's rows \
            (as a multiset, or in order when the reference orders them; column names aside, \
            1 = 1.0) on the notebook's database and on every variant of it tried (rows deleted, \
            NULLs, rows copied with new keys, empty tables, as the schema allows). A wrong answer \
            comes with a database on which the two differ, shrunk to its fewest rows. \
            --answers reads a file of -- @exercise NAME cells holding the answers. \
            Nothing is written: every query runs after a savepoint that is rolled back.

            Exit status: 0 every answer right, 1 one is wrong, 2 a usage error or a notebook \
            that cannot be read.
            """)

    @Argument(help: ArgumentHelp("The notebook with the exercises (or a sample notebook's name).", valueName: "notebook"))
    var notebook: String

    @Option(help: ArgumentHelp("The exercise the --answer is for.", valueName: "name"))
    var exercise: String?

    @Option(help: ArgumentHelp("The answer: one query, SQL or the DSL.", valueName: "query"))
    var answer: String?

    @Option(help: ArgumentHelp("A file of -- @exercise NAME cells holding the answers.", valueName: "file"))
    var answers: String?

    @Option(help: ArgumentHelp("How many variant databases to try.", valueName: "n"))
    var tries = ExerciseGrader.defaultTries

    @Option(help: ArgumentHelp("Write a JUnit XML report there: a testcase per exercise graded.", valueName: "file"))
    var junit: String?

    @OptionGroup var running: NotebookRunOptions

    func validate() throws {
        switch (exercise, answer, answers) {
        case (.some, .some, nil), (nil, nil, .some): break
        default: throw ValidationError(.gradeWhat)
        }
        guard (1...100_000).contains(tries) else { throw ValidationError(.gradeTries) }
        if let junit, FileIdentity.same(notebook, junit) || answers.map({ FileIdentity.same($0, junit) }) == true {
            throw ValidationError(.overwritesNotebook(option: "--junit", file: junit, notebook: notebook, writes: "the report"))
        }
    }

    func run() throws {
        let console = ByteOutput.standard(STDOUT_FILENO)
        let grader = ExerciseGrader(runner: running.runner(), tries: tries)
        var grades: [ExerciseGrader.Grade] = []
        do {
            let book = try Notebook.loadOrBuiltIn(notebook)
            for (name, query) in try answersGiven() {
                let grade = try grader.grade(book, exercise: name, answer: query)
                console.write(visible: (["\(name): " + (grade.report.first ?? "")] + grade.report.dropFirst()).joined(separator: "\n") + "\n")
                console.flush()
                grades.append(grade)
            }
        } catch let error as NotebookError {
            writeToStandardError(error.description + "\n")
            throw ExitCode(2)
        }
        var status: Int32 = grades.allSatisfy(\.isRight) ? 0 : 1
        if let junit {
            var report = JUnitReport(command: "rql grade")
            report.grades = [(notebook, grades)]
            if !write(report, to: junit) { status = 2 }
        }
        try finish(console, status: status)
    }

    /// The answers to grade, by exercise, in order.
    private func answersGiven() throws -> [(String, String)] {
        if let exercise, let answer { return [(exercise, answer)] }
        guard let answers else { return [] }
        let file = try Notebook.load(answers)
        let given = file.cells.compactMap { cell in cell.exercise.map { ($0, cell.command.text) } }
        if given.isEmpty { throw NotebookError(path: answers, line: 0, .noAnswers) }
        return given
    }
}

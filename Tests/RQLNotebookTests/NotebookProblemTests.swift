import Testing
import RQLEngine
@testable import RQLNotebook

/// The catalogue of notebook errors: a few cases' words pinned as printed,
/// and every case worded, each message its own.
@Suite struct NotebookProblemTests {
    @Test func anErrorSaysWhereThenWhatThenHow() {
        let error = NotebookError(path: "a.rql", line: 3, .needsValue("mode", example: "box"))
        #expect(error.description == "a.rql:3: error: @mode needs a value\nhelp: -- @mode box")
        #expect(NotebookError(path: "a.rql", line: 0, .notUTF8).description == "a.rql: error: the notebook is not UTF-8 text")
    }

    @Test func anUnknownCellSuggestsTheNearestName() {
        #expect(NotebookProblem.noCell("tag", names: ["tags", "lists"]).help == "did you mean tags?")
        #expect(NotebookProblem.noCell("zzz", names: ["tags"]).help == "its cells are named tags")
    }

    @Test func theEnginesWordsPassThrough() {
        #expect(NotebookProblem.sessionFailed(.noSuchFile("x.sqlite")).message == "cannot open x.sqlite: no such file")
        #expect(NotebookProblem.cannotSetParameter("a", value: "1 +", .sqlite("incomplete input")).message
                == "cannot set :a to 1 +: incomplete input")
    }

    @Test func aCommandReportsANotebookErrorWithItsHelpAsANote() {
        let error = NotebookError(path: "a.rql", line: 2, .twoCommands)
        #expect(error.readError.message == "cannot read the notebook: a.rql:2: two commands on one line")
        #expect(error.recordError(into: "b.rql").message == "cannot record into b.rql: line 2: two commands on one line")
        #expect(error.readError.notes.map(\.text)
                == ["help: put each command on a line of its own, so each gets its own output block"])
        #expect(NotebookError.recordError(into: "b.rql", reason: "permission denied").message
                == "cannot record into b.rql: permission denied")
    }

    @Test func everyCaseHasItsOwnMessage() {
        for problem in Self.everyCase {
            #expect(problem.message != String(describing: problem), "not worded: \(problem)")
        }
        let byMessage = Dictionary(grouping: Self.everyCase, by: \.message).filter { $0.value.count > 1 }
        #expect(byMessage.isEmpty, "\(byMessage.keys.sorted())")
    }

    /// One value of each case, its names `x`.
    static let everyCase: [NotebookProblem] = [
        .cannotOpen(reason: "y"), .notUTF8, .crlf(path: "x"), .changedOnDisk, .cannotWrite(reason: "y"), .builtIn("x"),
        .unexpected("Swift's words"), .outputWithoutCommand, .directiveWithoutCommand, .neitherCommandNorComment,
        .unendedStatement, .unendedComment, .twoCommands, .notAtTop("x"), .needsValue("x", example: "y"), .unknownSample("x"),
        .unknownMode("x"), .notAnInstant(.pastMidnight("x")), .expectTakesError, .sortTakesRows, .maxRowsNotANumber,
        .badTimeLimit, .badRequirement, .parameterTwice("x"), .cellNameNotOneWord, .cellNamedTwice("x", firstLine: 1), .exerciseNameNotOneWord, .exerciseNamedTwice("x", firstLine: 1), .noSuchExercise("x", exercises: []), .referenceFails("x"), .noAnswers,
        .unknownDirective("x"), .secondSource, .maskWithoutPattern, .maskWithoutSlashes(name: "x"),
        .maskInvalid(name: "x", pattern: "y"), .maskUnclosed(name: "x", pattern: "y"), .parameterUsage, .badParameterName("x"),
        .notALiteral(name: "x", value: "y"), .databaseOutsideFolder(folder: "x"), .sessionFailed(.sqlite("SQLite's words")),
        .undeclaredParameter("x", declared: []), .cannotSetParameter("x", value: "y", .sqlite("z")), .noCell("x", names: []),
    ]
}

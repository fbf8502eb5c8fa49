import RQLEngine
import RQLRender

/// The words of problems with a notebook's cells and `-- @` directives.
extension NotebookProblem {
    var directiveWording: Wording? {
        switch self {
        case .outputWithoutCommand:
            return Wording("recorded output (-->) with no command above it",
                           help: "an output block goes right under its command, with no blank line between")
        case .directiveWithoutCommand:
            return Wording("this directive has no command after it", help: "a cell directive goes on the line before its command")
        case .neitherCommandNorComment:
            return Wording("this line is neither a command nor a comment")
        case .unendedStatement:
            return Wording("this statement has a string, quoted name or /* comment that does not end",
                           help: "close it before the end of the notebook")
        case .unendedComment:
            return Wording("the /* comment after this statement does not end", help: "close it before the end of the notebook")
        case .twoCommands:
            return Wording("two commands on one line", help: "put each command on a line of its own, so each gets its own output block")
        case .notAtTop(let name):
            return Wording("@\(name) goes at the top of the notebook, before the first command")
        case .needsValue(let name, let example):
            return Wording("@\(name) needs a value", help: "-- @\(name) \(example)")
        case .unknownSample(let name):
            return Wording("no sample named \"\(name)\"", help: "the samples are " + Sample.allCases.map(\.rawValue).joined(separator: ", "))
        case .unknownMode(let name):
            return Wording("no mode named \"\(name)\"", help: "the modes are " + OutputMode.allCases.map(\.rawValue).joined(separator: ", "))
        case .notAnInstant(let error):
            return Wording(error.message, help: "-- @now 2026-01-15T09:00:00Z (UTC)")
        default:
            return cellDirectiveWording ?? maskWording
        }
    }

    /// The words of problems with the directives of a cell, `@param` and the notebook's source.
    private var cellDirectiveWording: Wording? {
        switch self {
        case .expectTakesError:
            return Wording("@expect takes the word error", help: "-- @expect error")
        case .sortTakesRows:
            return Wording("@sort takes the word rows", help: "-- @sort rows")
        case .maxRowsNotANumber:
            return Wording("@maxrows takes a number of rows (0 for all)", help: "-- @maxrows 100")
        case .badTimeLimit:
            return Wording(CellTimeLimit.usage, help: "-- @timeout 2m")
        case .badRequirement:
            return Wording(VersionRequirement.usage, help: "-- @requires sqlite >= 3.44")
        case .parameterTwice(let name):
            return Wording("@param \(name) is declared twice")
        case .cellNameNotOneWord:
            return Wording("a cell name is one word, without commas", help: "-- @name first-query")
        case .cellNamedTwice(let name, let first):
            return Wording("two cells are named \(name): the first at line \(first)",
                           help: "names are unique in a notebook, so that --only and --from find one cell")
        case .exerciseNameNotOneWord:
            return Wording("an exercise name is one word, without commas", help: "-- @exercise open-per-list")
        case .exerciseNamedTwice(let name, let first):
            return Wording("two exercises are named \(name): the first at line \(first)",
                           help: "names are unique in a notebook, so that rql grade --exercise finds one")
        case .noSuchExercise(let name, let exercises):
            return Wording("the notebook has no exercise \(name)",
                           help: exercises.isEmpty ? "an exercise is a cell after -- @exercise NAME" : "its exercises: " + exercises.joined(separator: ", "))
        case .referenceFails(let name):
            return Wording("the reference answer of exercise \(name) fails, or returns too many rows to compare",
                           help: "an exercise's cell is a query or a write that runs: rql check shows what it does")
        case .noAnswers:
            return Wording("the file holds no answer: each is a cell after -- @exercise NAME", help: "-- @exercise open-per-list")
        case .unknownDirective(let name):
            return Wording("unknown directive @\(name)", help: "the directives are @sample, @db, @mode, @now, @mask, @expect, @sort, "
                           + "@maxrows, @skip, @name, @exercise, @timeout, @requires, @param")
        case .secondSource:
            return Wording("a notebook has one @sample or @db")
        default:
            return nil
        }
    }

    /// The words of problems with `@mask` and `@param`.
    private var maskWording: Wording? {
        switch self {
        case .maskWithoutPattern:
            return Wording("@mask takes a name and a /regex/", help: "-- @mask uuid /[0-9a-f]{8}-[0-9a-f-]{27}/")
        case .maskWithoutSlashes(let name):
            return Wording("@mask takes its pattern between slashes", help: "-- @mask \(name) /pattern/")
        case .maskInvalid(let name, let pattern):
            return Wording("@mask \(name): /\(pattern)/ is not a valid regular expression")
        case .maskUnclosed(let name, let pattern):
            return Wording("@mask \(name): /\(pattern)/ ends inside a \\Q quote or a (?x) comment",
                           help: "close a quote with \\E; a # comment in (?x) runs to the end of the mask")
        case .parameterUsage:
            return Wording(NotebookParameter.usage, help: Self.parameterExample)
        case .badParameterName(let name):
            return Wording("@param names a parameter with letters, digits and _, as in :list; not \"\(name)\"", help: Self.parameterExample)
        case .notALiteral(let name, let value):
            return Wording("@param \(name): \(value.isEmpty ? "no value" : value) is not an SQL literal; " + NotebookParameter.usage,
                           help: Self.parameterExample)
        default:
            return nil
        }
    }

    private static let parameterExample = "-- @param list = 'Family'"
}

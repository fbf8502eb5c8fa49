import RQLEngine

/// What can be wrong with a notebook, each worded once: the message and
/// the help. A case holds the names, lines and values its words need; the
/// files `NotebookProblem+…` word the cases of each area.
///
///     NotebookProblem.notUTF8.message // "the notebook is not UTF-8 text"
public enum NotebookProblem: Error, Equatable, Sendable {
    // MARK: The file

    /// The notebook's file cannot be read, in `InputFileError`'s words.
    case cannotOpen(reason: String)
    case notUTF8
    /// CRLF line endings in the notebook at `path`.
    case crlf(path: String)
    case changedOnDisk
    case cannotWrite(reason: String)
    /// `rql update` of a notebook built into rql, by name.
    case builtIn(String)
    /// An error no other case words, as Swift describes it.
    case unexpected(String)

    // MARK: Cells and directives

    case outputWithoutCommand
    case directiveWithoutCommand
    case neitherCommandNorComment
    case unendedStatement
    case unendedComment
    case twoCommands
    /// A directive (`sample`, `db`) below the first command.
    case notAtTop(String)
    /// A directive without a value, and an example of one.
    case needsValue(String, example: String)
    case unknownSample(String)
    case unknownMode(String)
    /// `@now` that is not an instant, and why.
    case notAnInstant(ClockTextError)
    case expectTakesError
    case sortTakesRows
    case maxRowsNotANumber
    case badTimeLimit
    case badRequirement
    case parameterTwice(String)
    case cellNameNotOneWord
    case cellNamedTwice(String, firstLine: Int)
    case exerciseNameNotOneWord
    case exerciseNamedTwice(String, firstLine: Int)
    /// `rql grade --exercise NAME` naming none of the notebook's exercises.
    case noSuchExercise(String, exercises: [String])
    /// An exercise whose reference cell fails, or returns more rows than can be compared.
    case referenceFails(String)
    /// A file of answers with no `-- @exercise` cell.
    case noAnswers
    case unknownDirective(String)
    case secondSource

    // MARK: Masks and parameters

    case maskWithoutPattern
    /// `@mask NAME` whose pattern is not between slashes.
    case maskWithoutSlashes(name: String)
    case maskInvalid(name: String, pattern: String)
    case maskUnclosed(name: String, pattern: String)
    case parameterUsage
    case badParameterName(String)
    /// `@param name = value` whose value is no SQL literal.
    case notALiteral(name: String, value: String)

    // MARK: Running

    /// `@db` outside the notebook's `folder`, in safe mode.
    case databaseOutsideFolder(folder: String)
    /// The notebook's database cannot be opened, in the engine's words.
    case sessionFailed(CommandProblem)
    /// `-p name=…` for a parameter the notebook does not declare.
    case undeclaredParameter(String, declared: [String])
    case cannotSetParameter(String, value: String, CommandProblem)
    /// `--only` or `--from` naming no cell; `names` are the cells' names.
    case noCell(String, names: [String])
}

extension NotebookProblem {
    /// The first line of the error.
    public var message: String { wording.message }
    /// `help: …` after it, when there is help.
    public var help: String? { wording.help }

    /// The words of a problem, from the file of its area.
    struct Wording {
        var message: String
        var help: String?

        init(_ message: String, help: String? = nil) {
            self.message = message
            self.help = help
        }
    }

    /// Each area's file words its own cases and gives nil for the others.
    /// `NotebookProblemTests` checks that some area words every case.
    private var wording: Wording {
        fileWording ?? directiveWording ?? runWording ?? Wording(String(describing: self))
    }
}

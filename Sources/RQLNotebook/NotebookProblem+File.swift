import RQLEngine
import RQLLanguage

/// The words of problems with a notebook's file and with running it.
extension NotebookProblem {
    var fileWording: Wording? {
        switch self {
        case .cannotOpen(let reason):
            return Wording("cannot open the notebook: \(reason)")
        case .notUTF8:
            return Wording("the notebook is not UTF-8 text")
        case .crlf(let path):
            return Wording("the notebook has CRLF (Windows) line endings; rql notebooks use LF",
                           help: "convert it with: sed -i 's/\\r$//' \(path)")
        case .changedOnDisk:
            return Wording("the notebook changed on disk since rql read it; nothing was written",
                           help: "run rql update again to record the outputs in the new text")
        case .cannotWrite(let reason):
            return Wording("cannot write the notebook: \(reason)")
        case .builtIn(let name):
            return Wording("\(name) is one of rql's sample notebooks, built in; update writes notebook files",
                           help: "rql run \(name) and rql check \(name) read it; update a copy of Samples/notebooks/\(name).rql")
        case .unexpected(let description):
            return Wording(description)
        default:
            return nil
        }
    }

    var runWording: Wording? {
        switch self {
        case .databaseOutsideFolder(let folder):
            return Wording("refused by safe mode: @db reads only databases in \(folder) or below it",
                           help: "rql run, check, update and export --execute take --unsafe to lift this")
        case .sessionFailed(let problem):
            return Wording(problem.message)
        case .undeclaredParameter(let name, let declared):
            return Wording("-p \(name): the notebook declares no parameter \(name)",
                           help: declared.isEmpty ? "-- @param \(name) = VALUE at the top declares one"
                               : "it declares " + declared.joined(separator: ", "))
        case .cannotSetParameter(let name, let value, let problem):
            return Wording("cannot set :\(name) to \(value): \(problem.message)")
        case .noCell(let name, let names):
            return Wording("no cell named \(name)", help: names.isEmpty
                ? "this notebook names no cell: -- @name NAME on the line before a command names it"
                : Suggestions.didYouMean(name, in: names) ?? "its cells are named " + names.joined(separator: ", "))
        default:
            return nil
        }
    }
}

extension NotebookError {
    /// This error as `.read` reports it: `cannot read the notebook: PATH:LINE: MESSAGE`.
    var readError: CommandError {
        commandError("cannot read the notebook") { "\(path):\($0): " }
    }

    /// This error as `.record` reports it: `cannot record into FILE: line N: MESSAGE`.
    func recordError(into file: String) -> CommandError {
        commandError("cannot record into \(file)") { "line \($0): " }
    }

    /// A notebook being recorded that cannot be written, for the system's `reason`.
    static func recordError(into file: String, reason: String) -> CommandError {
        CommandError(.notebook("cannot record into \(file): \(reason)", help: nil))
    }

    /// `PREFIX: LOCATION MESSAGE`, where `location` writes the line, and the help.
    private func commandError(_ prefix: String, location: (Int) -> String) -> CommandError {
        CommandError(.notebook("\(prefix): \(line > 0 ? location(line) : "")\(problem.message)", help: problem.help))
    }
}

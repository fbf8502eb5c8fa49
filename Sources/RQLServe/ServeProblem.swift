/// What `rql serve` tells the page or the terminal, worded once.
public enum ServeProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound
    case forbidden
    case badHost
    case badOrigin
    case tooLarge(limit: Int)
    case badRequest(String)
    case noSuchNotebook(String)
    case notANotebookPath(String)
    case changedOnDisk(String)
    case exists(String)
    case cannotWrite(String)
    case noCell
    case severalCommands(Int)
    case noCommand
    case noSuchExercise(String)
    case noSuchResult
    case cannotListen(String)
    case notebookUnreadable(String)
    /// The page's notebook does not parse: `FILE:LINE: error: …`.
    case notebook(String)

    /// The HTTP status that goes with it.
    public var status: Int {
        switch self {
        case .notFound, .noSuchNotebook, .notANotebookPath, .noSuchResult: 404
        case .forbidden, .badHost, .badOrigin: 403
        case .tooLarge: 413
        case .changedOnDisk, .exists: 409
        case .cannotWrite, .cannotListen, .notebookUnreadable: 500
        case .badRequest, .notebook, .noCell, .severalCommands, .noCommand, .noSuchExercise: 400
        }
    }

    public var description: String {
        switch self {
        case .notFound: "not found"
        case .forbidden: "this page needs the address rql serve printed, with its token"
        case .badHost: "the Host header must name 127.0.0.1 or localhost and this server's port"
        case .badOrigin: "requests from other sites are refused"
        case .tooLarge(let limit): "the request is larger than \(limit / (1 << 20)) MiB"
        case .badRequest(let why): "bad request: \(why)"
        case .noSuchNotebook(let path): "no notebook \(path) here"
        case .notANotebookPath(let path):
            "\(path) is not a notebook name here: a path inside the served folder, ending in .rql, without .."
        case .changedOnDisk(let path):
            "\(path) changed on disk since this page loaded it: reload it, or save under another name"
        case .exists(let path): "\(path) exists already: save as another name"
        case .cannotWrite(let reason): reason
        case .noCell: "there is no cell there"
        case .severalCommands(let count):
            "this cell holds \(count) commands: put each in a cell of its own"
        case .noCommand: "this cell holds no command"
        case .noSuchExercise(let name): "no exercise \(name) in this notebook"
        case .noSuchResult: "that result is no longer held: run the cell again"
        case .cannotListen(let reason): "cannot listen on 127.0.0.1: \(reason)"
        case .notebookUnreadable(let reason), .notebook(let reason): reason
        }
    }
}

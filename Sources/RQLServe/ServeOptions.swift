import RQLEngine
import RQLNotebook

/// What `rql serve` serves and how.
public struct ServeOptions: Sendable {
    /// The folder notebooks are served from (a notebook's own folder, or the one given).
    public var folder: String
    /// The notebook the page opens first, by name in the folder; nil for a folder's list or the new notebook.
    public var notebook: String?
    /// Whether the folder was given, so the page lists its notebooks.
    public var listsFolder: Bool
    /// 0 picks a free port.
    public var port: UInt16
    /// `--sample` or `--db`: the database every notebook runs on, in place of its own.
    public var source: Notebook.Source?
    /// Safe mode, time limits and parameters, as `rql run` takes them; it logs results.
    public var runner: NotebookRunner
    /// How many rows of a result the server holds for the page to page through.
    public var loggedRowLimit = 1_000_000
    /// The largest request body taken.
    public var bodyLimit = 8 << 20
    /// The secret every request carries; random unless a test sets it.
    public var token: String

    public init(folder: String, notebook: String?, listsFolder: Bool, port: UInt16, source: Notebook.Source?, runner: NotebookRunner,
                token: String = ServeOptions.randomToken()) {
        self.folder = folder
        self.notebook = notebook
        self.listsFolder = listsFolder
        self.port = port
        self.source = source
        var runner = runner
        runner.logsResults = true
        self.runner = runner
        self.token = token
    }

    /// 32 random bytes, in hex.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The new notebook's text: its database, a heading and a first cell.
    var newNotebookText: String {
        let database = switch source {
        case .file(let path): "-- @db \(path)"
        case .sample(let sample): "-- @sample \(sample.rawValue)"
        case nil: "-- @sample reminders"
        }
        return """
            \(database)
            -- # A new notebook
            --
            -- Type SQL, rql's DSL or a dot-command in a cell; Shift-Enter runs it, Ctrl-S saves.

            .tables

            """
    }
}

import RQLEngine
import RQLRender

/// A `.rql` notebook: the lines of the file as they were read, and what
/// they hold: prose, directives, cells with their recorded output.
/// Parsing keeps every byte, so printing an unchanged notebook gives the
/// file back as it was; `update` replaces only output blocks.
///
///     let notebook = try Notebook(text: text, path: "tour.rql")
///     for cell in notebook.cells { print(cell.command.text) }
public struct Notebook: Sendable {
    public let path: String
    /// The file's lines, without their newlines.
    public let lines: [String]
    /// Whether the last line ended with a newline.
    public let endsWithNewline: Bool
    /// The directives before the first cell.
    public var settings = Settings()
    public var cells: [Cell] = []
    /// Everything in file order, for export.
    public var items: [Item] = []

    /// What the top directives say.
    public struct Settings: Sendable, Equatable {
        public var source: Source = .sample(.reminders)
        /// `-- @mode MODE`.
        public var mode: OutputMode?
        /// `-- @now INSTANT`, as written.
        public var now: String?
        public var masks: [Mask] = []
        /// `-- @timeout` at the top: each cell's time limit.
        public var timeLimit: CellTimeLimit?
        /// `-- @requires` at the top: the SQLite versions every cell runs on.
        public var requirement: VersionRequirement?
        /// `-- @param NAME = VALUE`: each parameter with its default, an SQL literal, in order.
        public var parameters: [NotebookParameter] = []
    }

    /// Where a notebook's private database comes from.
    public enum Source: Sendable, Equatable {
        case sample(Sample)
        /// A file, relative to the notebook's folder unless absolute.
        case file(String)
    }

    public enum Item: Sendable, Equatable {
        /// A comment line that is not a directive (its text after `--`), or a blank line ("").
        case prose(line: Int, text: String)
        case directive(line: Int)
        /// The index of a cell in `cells`.
        case cell(Int)
    }
}

/// One command of a notebook with its directives and recorded output.
public struct Cell: Sendable, Equatable {
    public var command: Command
    /// The lines of the command, as indices into `Notebook.lines`.
    public var source: Range<Int>
    /// The lines of the recorded output block, which starts right after the
    /// source; empty when the cell was never recorded.
    public var outputLines: Range<Int>
    /// The recorded output, each line without its `--> ` prefix; nil when never recorded.
    public var recorded: [String]?
    public var expectsError = false
    public var sortsRows = false
    public var maxRows: Int?
    public var masks: [Mask] = []
    public var skipped = false
    public var name: String?
    /// `-- @exercise NAME`: the cell is the reference answer of an
    /// exercise, whose question is the prose before it.
    public var exercise: String?
    /// `-- @timeout` before the cell.
    public var timeLimit: CellTimeLimit?
    /// `-- @requires` before the cell.
    public var requirement: VersionRequirement?

    /// The 1-based line where the command starts, for `FILE:LINE`.
    public var line: Int { command.line }
}

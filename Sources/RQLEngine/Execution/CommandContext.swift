import RQLRender
import RQLValues

/// What a driver asks of one command it gives `Session.execute`: where
/// its errors say it came from, and how its results are shaped and kept.
/// Nothing of it outlives the command.
///
///     session.execute(cell.command, CommandContext(maxRows: 5, logsResults: true))
public struct CommandContext {
    /// The script the command came from, for `FILE:LINE:` before its errors.
    public var origin: String?
    /// At most this many rows in box and table, instead of `.maxrows`.
    public var maxRows: Int?
    /// Shapes the rows of each result before they are written (a notebook's
    /// masks and sorting).
    public var rowShaping: (any RowShaping)?
    /// What "interrupted" says the command was stopped by (`after 2m`).
    public var interruptionReason: String?
    /// Keep the values of each result it writes, and the pictures of an
    /// `.erd`, in the outcome (for exports).
    public var logsResults = false

    public init(origin: String? = nil, maxRows: Int? = nil, rowShaping: (any RowShaping)? = nil,
                interruptionReason: String? = nil, logsResults: Bool = false) {
        self.origin = origin
        self.maxRows = maxRows
        self.rowShaping = rowShaping
        self.interruptionReason = interruptionReason
        self.logsResults = logsResults
    }
}

/// What one command did, as `Session.execute` returns it.
public struct CommandOutcome {
    public var succeeded: Bool
    /// The errors it reported, in order.
    public var errors: [CommandError] = []
    /// The rows its write changed, for a statement that returns no rows.
    public var changedRows: Int?
    /// The values of the results it wrote, when the context asked for them.
    public var tables: [ResultLog.Table] = []
    /// For an `.erd` drawn in the terminal, when the context logs results.
    public var schemaPictures: SchemaPictures?
}

/// An `.erd`'s diagram as exports draw it.
public struct SchemaPictures: Equatable, Sendable {
    public var mermaid: String
    /// Drawn by Graphviz's dot; nil where it is not installed.
    public var svg: String?
}

/// One command while `Session.execute` runs it: its context, and what it
/// did so far. The session holds one only during `execute`.
final class CommandRun {
    let context: CommandContext
    /// The chart its results are drawn as.
    var chart: ChartKind?
    var outcome = CommandOutcome(succeeded: true)
    let log: ResultLog?
    /// `.tour next` records the step's command instead of itself.
    var recordedInstead: (command: Command, outcome: CommandOutcome)?

    init(_ context: CommandContext, chart: ChartKind?) {
        self.context = context
        self.chart = chart
        log = context.logsResults ? ResultLog(rowLimit: 1_000) : nil
    }
}

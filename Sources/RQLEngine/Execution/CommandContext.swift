import RQLRender

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
    /// What "interrupted" says the command was stopped by (`after 2m`),
    /// asked when the error is written: a notebook cell's time limit says
    /// so only when it, and not a Stop or Ctrl-C, did the interrupting.
    public var interruptionReason: (@Sendable () -> String?)?
    /// Keep the values of each result it writes, and the pictures of an
    /// `.erd`, in the outcome (for exports).
    public var logsResults = false
    /// How many rows of each result the log keeps (the rest are counted).
    public var loggedRowLimit = 1_000
    /// Whether an error says what became of the open transaction; not when
    /// the driver holds the transaction itself (a savepoint of its own).
    public var notesTransactionState = true

    public init(origin: String? = nil, maxRows: Int? = nil, rowShaping: (any RowShaping)? = nil,
                interruptionReason: (@Sendable () -> String?)? = nil, logsResults: Bool = false) {
        self.origin = origin
        self.maxRows = maxRows
        self.rowShaping = rowShaping
        self.interruptionReason = interruptionReason
        self.logsResults = logsResults
    }
}

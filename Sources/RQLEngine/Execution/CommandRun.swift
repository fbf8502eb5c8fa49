import RQLRender
import RQLValues

/// One command while `Session.execute` runs it: its context, the chart its
/// rows are drawn as, its result log and what it did so far. The session
/// holds one only during `execute`.
final class CommandRun {
    let context: CommandContext
    /// The chart its results are drawn as.
    var chart: ChartKind?
    var outcome = CommandOutcome(succeeded: true)
    let log: ResultLog?

    init(_ context: CommandContext, chart: ChartKind?) {
        self.context = context
        self.chart = chart
        log = context.logsResults ? ResultLog(rowLimit: context.loggedRowLimit) : nil
    }
}

/// The kinds of chart a result can be drawn as (`chart KIND`, `.chart KIND`).
public enum ChartKind: String, CaseIterable, Sendable {
    /// Horizontal bars, one a label (and series).
    case bar
    /// Vertical bars, for up to `ChartWriter.maximumColumns` labels.
    case column
    /// Series plotted with braille dots between min and max labels.
    case line
    /// One sparkline a series.
    case spark
}

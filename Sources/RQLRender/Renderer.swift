/// Writes a stream of rows in the chosen output mode.
///
///     var rows = RowArray(columns: ["n"], rows: [[.integer(1)]])
///     try Renderer.render(&rows, settings: settings, to: output)
public enum Renderer {
    @discardableResult
    public static func render<Source: RowSource>(
        _ source: inout Source, settings: RenderSettings, to output: ByteOutput
    ) throws -> RenderSummary {
        if let shaping = settings.shaping { return try renderShaped(&source, by: shaping, settings: settings, to: output) }
        guard let log = settings.log else { return try write(&source, settings: settings, to: output) }
        let shownLimit = settings.chart == nil && settings.mode.isTabular ? settings.maxRows : 0
        var logged = LoggedRows(source, log: log, chart: settings.chart, mode: settings.mode, shownLimit: shownLimit)
        defer { source = logged.base }
        return try write(&logged, settings: settings, to: output)
    }

    private static func write<Source: RowSource>(
        _ source: inout Source, settings: RenderSettings, to output: ByteOutput
    ) throws -> RenderSummary {
        let style = TerminalStyle(isEnabled: settings.usesColor)
        if let chart = settings.chart {
            return try ChartWriter(output: output, settings: settings, kind: chart, style: style).render(&source)
        }
        switch settings.mode {
        case .box, .table, .markdown:
            return try TabularWriter(output: output, settings: settings, style: style).render(&source)
        case .csv:
            return try CSVWriter(output: output, settings: settings).render(&source)
        case .json:
            return try JSONWriter(output: output).render(&source)
        case .list:
            return try ListWriter(output: output, settings: settings).render(&source)
        case .line:
            return try LineWriter(output: output, settings: settings, style: style).render(&source)
        case .html:
            return try HTMLWriter(output: output, settings: settings).render(&source)
        }
    }
}

import RQLValues

/// A chart is the wrong picture for these rows: why, worded here.
public enum ChartError: Error, Equatable, Sendable {
    /// Fewer than a label column and a value column.
    case tooFewColumns(Int)
    /// A value column holding something other than a number, first at `row`.
    case notNumeric(column: String, row: Int)

    public var message: String {
        switch self {
        case .tooFewColumns(let count):
            return "a chart needs a label column and at least one numeric column; this result has \(count)"
        case .notNumeric(let column, let row):
            return "the column \(column) is not numeric (row \(row)): a chart draws numbers"
        }
    }
}

/// Draws a result as a chart in text: the first column labels, each other
/// column a numeric series. NULL is a gap; a negative value extends left of
/// (or below) the axis. The chart fits `maxLineWidth` (80 when unknown, at
/// least 20 and at most `RenderSettings.maximumColumnWidth`);
/// more labels than fit are summarised under it, as tables do.
struct ChartWriter {
    let output: ByteOutput
    let settings: RenderSettings
    let kind: ChartKind
    let style: TerminalStyle

    static let maximumColumns = 40
    static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    typealias Series = ChartData.Series

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let data = try ChartData(&source, nullText: settings.nullText ?? "NULL")
        let (labels, series) = (data.labels, data.series)
        let width = min(max(settings.maxLineWidth ?? 80, 20), RenderSettings.maximumColumnWidth)
        var text: String
        switch kind {
        case .bar: text = bars(labels, series, width: width)
        case .column: text = columnsChart(labels, series, width: width)
        case .line: text = lineChart(labels, series, width: width)
        case .spark: text = sparks(series, width: width)
        }
        if labels.isEmpty { text = "no rows to chart\n" }
        output.write(text)
        return RenderSummary(rowCount: labels.count, shownRowCount: labels.count)
    }

    /// The label cut or padded to `width` display columns.
    static func fit(_ text: String, _ width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(String(character))
            if used + characterWidth > width { break }
            result.append(character)
            used += characterWidth
        }
        if DisplayWidth.of(text) > width, !result.isEmpty {
            while DisplayWidth.of(result) > width - 1 { result.removeLast() }
            result += "…"
            used = DisplayWidth.of(result)
        }
        return result + String(repeating: " ", count: max(0, width - used))
    }

    /// A bar of `cells` eighths, in whole characters and one partial.
    static func bar(eighths: Int) -> String {
        String(repeating: "█", count: eighths / 8) + (eighths % 8 > 0 ? String(ChartWriter.eighths[eighths % 8]) : "")
    }

    private func colored(_ text: String, series index: Int) -> String {
        guard style.isEnabled else { return text }
        let colors = ["\u{1B}[36m", "\u{1B}[35m", "\u{1B}[33m", "\u{1B}[32m", "\u{1B}[34m", "\u{1B}[31m"]
        return colors[index % colors.count] + text + "\u{1B}[0m"
    }

    private func legend(_ series: [Series]) -> String {
        guard series.count > 1 else { return "" }
        return series.enumerated().map { index, one in colored("█", series: index) + " " + one.name }.joined(separator: "  ") + "\n"
    }

    // MARK: bar

    private func bars(_ labels: [String], _ series: [Series], width: Int) -> String {
        let all = series.flatMap { $0.values.compactMap { $0 } }
        let low = min(all.min() ?? 0, 0)
        let scale = ChartScale(low: low, high: max(all.max() ?? 0, 0))
        let labelWidth = min(labels.map { DisplayWidth.of($0) }.max() ?? 0, width / 3)
        let valueWidth = all.map { ChartData.number($0).count }.max() ?? 1
        let room = max(width - labelWidth - valueWidth - 4, 4)
        let negativeRoom = scale.cells(scale.fraction(of: 0), of: room)
        var text = legend(series)
        let shown = min(labels.count, settings.maxRows > 0 ? settings.maxRows : labels.count)
        for (row, label) in labels.prefix(shown).enumerated() {
            for (index, one) in series.enumerated() {
                let name = index == 0 ? ChartWriter.fit(label, labelWidth) : String(repeating: " ", count: labelWidth)
                let axis = String(repeating: " ", count: negativeRoom)
                guard let value = one.values[row] else {
                    let gap: String = name + " " + axis + (low < 0 ? "│" : "")
                    text += ChartWriter.trimmed(gap) + "\n"
                    continue
                }
                let eighths = scale.cells(scale.share(of: value), of: room * 8)
                let drawn = ChartWriter.bar(eighths: eighths)
                let number = ChartData.number(value)
                if value < 0 {
                    let pad = String(repeating: " ", count: max(0, negativeRoom - drawn.count))
                    let line: String = name + " " + pad + colored(String(drawn.reversed()), series: index) + "│ " + number
                    text += line + "\n"
                } else {
                    let start: String = name + " " + axis + (low < 0 ? "│" : "")
                    text += start + colored(drawn, series: index) + " " + number + "\n"
                }
            }
        }
        if shown < labels.count { text += "… \(labels.count) rows, \(shown) shown\n" }
        return text
    }

    // MARK: column

    private func columnsChart(_ labels: [String], _ series: [Series], width: Int) -> String {
        let shown = min(labels.count, ChartWriter.maximumColumns, max((width - 8) / max(series.count + 1, 2), 1))
        let values = series.map { Array($0.values.prefix(shown)) }
        let all = values.flatMap { $0.compactMap { $0 } }
        let scale = ChartScale(low: min(all.min() ?? 0, 0), high: max(all.max() ?? 0, 0))
        let height = 8
        let axisRow = scale.isFlat ? height : scale.cells(1 - scale.fraction(of: 0), of: height)
        let top = ChartData.number(scale.high), bottom = ChartData.number(scale.low)
        let margin = max(top.count, bottom.count) + 1
        var text = legend(series)
        for line in 0..<height {
            // Rows from the top: each is a band of the scale, as fractions from 0 (low) to 1 (high).
            let band = (lower: Double(height - line - 1) / Double(height), upper: Double(height - line) / Double(height))
            var row = line == 0 ? ChartWriter.padLeft(top, margin - 1) + " " : line == height - 1 ? ChartWriter.padLeft(bottom, margin - 1) + " " : String(repeating: " ", count: margin)
            row += "┤"
            for index in 0..<shown {
                for (seriesIndex, one) in values.enumerated() {
                    let fraction = one[index].map { (value: $0, position: scale.fraction(of: $0)) }
                    row += colored(ChartWriter.cell(fraction, band: band, aboveAxis: line < axisRow), series: seriesIndex)
                }
                row += " "
            }
            text += ChartWriter.trimmed(row) + "\n"
        }
        text += String(repeating: " ", count: margin) + "└" + String(repeating: "─", count: shown * (series.count + 1)) + "\n"
        for (index, label) in labels.prefix(shown).enumerated() {
            text += String(repeating: " ", count: margin + 1) + "\(index + 1). " + label + "\n"
        }
        if shown < labels.count { text += "… \(labels.count) rows, \(shown) shown\n" }
        return text
    }

    /// The text without the spaces at its end.
    static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// One character of a column in the band between the fractions `lower`
    /// and `upper` of the scale, for a value at `position` on it.
    static func cell(_ value: (value: Double, position: Double)?, band: (lower: Double, upper: Double), aboveAxis: Bool) -> String {
        guard let (value, position) = value else { return " " }
        if value >= 0 {
            guard aboveAxis, position > band.lower else { return " " }
            if position >= band.upper { return "█" }
            let part = ChartScale.cells((position - band.lower) / (band.upper - band.lower), of: 8, rounding: .down)
            return part <= 0 ? " " : String(levels[part - 1])
        }
        guard !aboveAxis, position < band.upper else { return " " }
        return "█"
    }

    // MARK: line

    private func lineChart(_ labels: [String], _ series: [Series], width: Int) -> String {
        let all = series.flatMap { $0.values.compactMap { $0 } }
        let scale = ChartScale(low: all.min() ?? 0, high: all.max() ?? 0)
        let top = ChartData.number(scale.high), bottom = ChartData.number(scale.low)
        let margin = max(top.count, bottom.count) + 1
        let plotWidth = max(min(width - margin - 2, max(labels.count, 2)), 2)
        let rows = 8
        // Braille cells: 2 dots wide, 4 dots high each.
        var dots = Array(repeating: Array(repeating: UInt8(0), count: plotWidth), count: rows)
        var owner = Array(repeating: Array(repeating: -1, count: plotWidth), count: rows)
        let pointsWide = plotWidth * 2, pointsHigh = rows * 4
        for (seriesIndex, one) in series.enumerated() {
            for (index, value) in one.values.enumerated() {
                guard let value else { continue }
                let x = labels.count > 1 ? ChartScale.cells(Double(index) / Double(labels.count - 1), of: pointsWide - 1) : 0
                let y = scale.isFlat ? pointsHigh / 2 : scale.cells(1 - scale.fraction(of: value), of: pointsHigh - 1)
                let bit: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
                dots[y / 4][x / 2] |= bit[y % 4][x % 2]
                owner[y / 4][x / 2] = seriesIndex
            }
        }
        var text = legend(series)
        for row in 0..<rows {
            var line = row == 0 ? ChartWriter.padLeft(top, margin - 1) + " " : row == rows - 1 ? ChartWriter.padLeft(bottom, margin - 1) + " "
                : String(repeating: " ", count: margin)
            line += "┤"
            for column in 0..<plotWidth {
                let mask = dots[row][column]
                let character = mask == 0 ? " " : String(Character(Unicode.Scalar(0x2800 + UInt32(mask)) ?? " "))
                line += owner[row][column] >= 0 ? colored(character, series: owner[row][column]) : character
            }
            text += ChartWriter.trimmed(line) + "\n"
        }
        text += String(repeating: " ", count: margin) + "└" + String(repeating: "─", count: plotWidth) + "\n"
        if let first = labels.first, let last = labels.last {
            let gap = max(1, plotWidth - DisplayWidth.of(first) - DisplayWidth.of(last) + 1)
            text += String(repeating: " ", count: margin + 1) + first + (labels.count > 1 ? String(repeating: " ", count: gap) + last : "") + "\n"
        }
        return text
    }

    // MARK: spark

    private func sparks(_ series: [Series], width: Int) -> String {
        let nameWidth = min(series.map { DisplayWidth.of($0.name) }.max() ?? 0, width / 3)
        var text = ""
        for (index, one) in series.enumerated() {
            let values = one.values.compactMap { $0 }
            let scale = ChartScale(low: values.min() ?? 0, high: values.max() ?? 0)
            let (low, high) = (scale.low, scale.high)
            let room = max(width - nameWidth - 2 - ChartData.number(low).count - ChartData.number(high).count - 4, 4)
            let shown = one.values.suffix(room)
            let line = shown.map { value -> String in
                guard let value else { return " " }
                let level = scale.isFlat ? 3 : scale.cells(scale.fraction(of: value), of: 7)
                return String(ChartWriter.levels[level])
            }.joined()
            text += ChartWriter.fit(one.name, nameWidth) + "  " + colored(line, series: index)
                + "  " + ChartData.number(low) + "…" + ChartData.number(high)
                + (shown.count < one.values.count ? "  (last \(shown.count) of \(one.values.count))" : "") + "\n"
        }
        return text
    }
}

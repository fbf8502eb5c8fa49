import FoundationEssentials
import Glibc
import RQLRender
import RQLValues

/// A chart cell drawn as inline SVG for `rql export --to html --execute`,
/// from the result's values: the first column labels, each other column a
/// series (classes `s0`, `s1`, … take their colors from the page's light
/// or dark scheme). Nil when a value column holds text, so the export
/// shows the chart's text instead.
public enum ChartSVG {
    typealias Series = ChartData.Series

    public static func render(_ kind: ChartKind, columns: [String], rows: [[SQLValue]]) -> String? {
        var source = RowArray(columns: columns, rows: rows)
        guard let data = try? ChartData(&source, nullText: "NULL") else { return nil }
        let (labels, series) = (data.labels, data.series)
        let body: String
        let size: (width: Int, height: Int)
        switch kind {
        case .bar: (body, size) = bars(labels, series)
        case .column: (body, size) = columnsChart(labels, series)
        case .line: (body, size) = line(labels, series)
        case .spark: (body, size) = sparks(series)
        }
        var svg = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.width)\" height=\"\(size.height)\""
        svg += " viewBox=\"0 0 \(size.width) \(size.height)\" role=\"img\" aria-label=\"\(escape(kind.rawValue + " chart of " + columns.dropFirst().joined(separator: ", ")))\">\n"
        if series.count > 1, kind != .spark {
            for (index, one) in series.enumerated() {
                let x = 8 + index * 120
                svg += "<rect class=\"s\(index % 6)\" x=\"\(x)\" y=\"4\" width=\"10\" height=\"10\"/>"
                svg += "<text x=\"\(x + 14)\" y=\"13\">\(escape(one.name))</text>\n"
            }
        }
        return svg + body + "</svg>\n"
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func escape(_ text: String) -> String {
        HTMLExport.escape(text)
    }

    /// The scale from the lowest value to the highest, zero included (bars and columns).
    private static func scaleFromZero(_ series: [Series]) -> ChartScale {
        let all = series.flatMap { $0.values.compactMap { $0 } }
        return ChartScale(low: min(all.min() ?? 0, 0), high: max(all.max() ?? 0, 0))
    }

    // Horizontal bars: labels at the left, bars from the zero axis, values at their ends.
    private static func bars(_ labels: [String], _ series: [Series]) -> (String, (Int, Int)) {
        let top = series.count > 1 ? 22 : 4, rowHeight = 18, labelWidth = 160, plot = 380, width = labelWidth + plot + 80
        let scale = scaleFromZero(series)
        let axis = Double(labelWidth) + Double(plot) * scale.fraction(of: 0)
        var body = ""
        var y = top
        for (row, label) in labels.enumerated() {
            body += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 13)\" text-anchor=\"end\">\(escape(String(label.prefix(24))))</text>\n"
            for (index, one) in series.enumerated() {
                if let value = one.values[row], !scale.isFlat {
                    let length = Double(plot) * scale.share(of: value)
                    let x = value < 0 ? axis - length : axis
                    body += "<rect class=\"s\(index % 6)\" x=\"\(format(x))\" y=\"\(y + 2)\" width=\"\(format(length))\" height=\"\(rowHeight - 4)\"/>"
                    let end = value < 0 ? axis + 4 : x + length + 4
                    body += "<text x=\"\(format(end))\" y=\"\(y + 13)\">\(ChartData.number(value))</text>\n"
                }
                y += rowHeight
            }
        }
        body += "<line class=\"axis\" x1=\"\(format(axis))\" y1=\"\(top)\" x2=\"\(format(axis))\" y2=\"\(y)\"/>\n"
        return (body, (width, y + 4))
    }

    // Vertical bars over a zero line, the labels under them.
    private static func columnsChart(_ labels: [String], _ series: [Series]) -> (String, (Int, Int)) {
        let top = series.count > 1 ? 24 : 8, plot = 160, left = 72
        let slot = max(12, min(48, 560 / max(labels.count, 1)))
        let barWidth = max(4, (slot - 4) / max(series.count, 1))
        let width = left + slot * labels.count + 8
        let scale = scaleFromZero(series)
        let zero = Double(top) + Double(plot) * (scale.isFlat ? 1 : 1 - scale.fraction(of: 0))
        var body = "<text x=\"\(left - 6)\" y=\"\(top + 10)\" text-anchor=\"end\">\(ChartData.number(scale.high))</text>"
        body += "<text x=\"\(left - 6)\" y=\"\(top + plot)\" text-anchor=\"end\">\(ChartData.number(scale.low))</text>\n"
        for (row, label) in labels.enumerated() {
            let x = left + row * slot
            for (index, one) in series.enumerated() {
                guard let value = one.values[row], !scale.isFlat else { continue }
                let length = Double(plot) * scale.share(of: value)
                let y = value < 0 ? zero : zero - length
                body += "<rect class=\"s\(index % 6)\" x=\"\(x + 2 + index * barWidth)\" y=\"\(format(y))\" width=\"\(barWidth)\" height=\"\(format(length))\"/>\n"
            }
            // Slanted, so that long labels (dates) do not run into each other.
            let labelX = x + slot / 2, labelY = top + plot + 12
            body += "<text x=\"\(labelX)\" y=\"\(labelY)\" text-anchor=\"end\" font-size=\"10\" transform=\"rotate(-35 \(labelX) \(labelY))\">"
                + "\(escape(String(label.prefix(16))))</text>\n"
        }
        body += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(format(zero))\" x2=\"\(width - 4)\" y2=\"\(format(zero))\"/>\n"
        return (body, (width, top + plot + 70))
    }

    // Each series as a polyline between its minimum and maximum labels.
    private static func line(_ labels: [String], _ series: [Series]) -> (String, (Int, Int)) {
        let top = series.count > 1 ? 24 : 8, plot = 160, left = 60, plotWidth = 520
        let all = series.flatMap { $0.values.compactMap { $0 } }
        let scale = ChartScale(low: all.min() ?? 0, high: all.max() ?? 0)
        var body = "<text x=\"\(left - 6)\" y=\"\(top + 10)\" text-anchor=\"end\">\(ChartData.number(scale.high))</text>"
        body += "<text x=\"\(left - 6)\" y=\"\(top + plot)\" text-anchor=\"end\">\(ChartData.number(scale.low))</text>\n"
        body += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plot)\"/>"
        body += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top + plot)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plot)\"/>\n"
        for (index, one) in series.enumerated() {
            var points: [String] = []
            for (row, value) in one.values.enumerated() {
                guard let value else { continue }
                let x = Double(left) + (labels.count > 1 ? Double(plotWidth) * Double(row) / Double(labels.count - 1) : 0)
                let y = Double(top) + Double(plot) * (scale.isFlat ? 0.5 : 1 - scale.fraction(of: value))
                points.append(format(x) + "," + format(y))
            }
            body += "<polyline class=\"line s\(index % 6)\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        if let first = labels.first, let last = labels.last {
            body += "<text x=\"\(left)\" y=\"\(top + plot + 16)\">\(escape(first))</text>"
            body += "<text x=\"\(left + plotWidth)\" y=\"\(top + plot + 16)\" text-anchor=\"end\">\(escape(last))</text>\n"
        }
        return (body, (left + plotWidth + 12, top + plot + 24))
    }

    // One small line a series, with its name and range.
    private static func sparks(_ series: [Series]) -> (String, (Int, Int)) {
        let rowHeight = 28, left = 140, plotWidth = 240
        var body = ""
        for (index, one) in series.enumerated() {
            let values = one.values.compactMap { $0 }
            let scale = ChartScale(low: values.min() ?? 0, high: values.max() ?? 0)
            let top = index * rowHeight + 4
            var points: [String] = []
            for (row, value) in one.values.enumerated() {
                guard let value else { continue }
                let x = Double(left) + (one.values.count > 1 ? Double(plotWidth) * Double(row) / Double(one.values.count - 1) : 0)
                let y = Double(top) + 20 * (scale.isFlat ? 0.5 : 1 - scale.fraction(of: value))
                points.append(format(x) + "," + format(y))
            }
            body += "<text x=\"\(left - 8)\" y=\"\(top + 15)\" text-anchor=\"end\">\(escape(one.name))</text>"
            body += "<polyline class=\"line s\(index % 6)\" points=\"\(points.joined(separator: " "))\"/>"
            body += "<text x=\"\(left + plotWidth + 8)\" y=\"\(top + 15)\">\(ChartData.number(scale.low))…\(ChartData.number(scale.high))</text>\n"
        }
        return (body, (left + plotWidth + 120, series.count * rowHeight + 8))
    }
}

import RQLNotebook
import RQLRender

/// Charts of random reals (the ends of Double, subnormals, infinities,
/// integers at the ends of 64 bits, equal values, mixed signs): every kind
/// draws in text, at small widths, and as SVG, without trapping; the text
/// is UTF-8, a bar is never shorter than the bar of a smaller magnitude,
/// and every coordinate of the SVG is a finite number.
enum ChartCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        var bytes = FuzzBytes(input)
        let kind = ChartKind.allCases[bytes.below(ChartKind.allCases.count)]
        let seriesCount = 1 + bytes.below(3)
        var settings = RenderSettings(mode: .box, showsHeaders: true, maxRows: bytes.below(6), usesColor: bytes.flag())
        settings.maxLineWidth = bytes.flag() ? bytes.below(100) : [nil, 1_000, Int.max][bytes.below(3)]
        settings.chart = kind
        let columns = ["label"] + (0..<seriesCount).map { "s\($0)" + bytes.text(maxLength: 2) }
        var rows: [[RowArray.Value]] = []
        while !bytes.isAtEnd, rows.count < 24 {
            let label: RowArray.Value = bytes.flag() ? .text(bytes.text(maxLength: 6)) : bytes.real()
            rows.append([label] + (0..<seriesCount).map { _ in bytes.real() })
        }
        var source = RowArray(columns: columns, rows: rows)
        let output = ByteOutput(.memory)
        do {
            try Renderer.render(&source, settings: settings, to: output)
        } catch {
            return ["a \(kind) chart of numbers threw \(error)"]
        }
        var problems: [String] = []
        guard let text = String(validating: output.bytes, as: UTF8.self) else { return ["the \(kind) chart is not UTF-8"] }
        if kind == .bar, seriesCount == 1, !settings.usesColor {
            problems += barProblems(text, values: rows.map { $0[1] })
        }
        if let svg = ChartSVG.render(kind, columns: columns, rows: rows) {
            problems += coordinateProblems(svg)
        } else {
            problems.append("the \(kind) chart has no SVG")
        }
        return problems
    }

    /// Bars grow with the magnitude of their values: one line a row (the
    /// labels, text from `FuzzBytes` or numbers, hold no block characters).
    private static func barProblems(_ text: String, values: [RowArray.Value]) -> [String] {
        let eighths: [Character: Int] = ["█": 8, "▉": 7, "▊": 6, "▋": 5, "▌": 4, "▍": 3, "▎": 2, "▏": 1]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { !$0.hasPrefix("… ") }
        let drawn = zip(lines, values).compactMap { line, value in
            value.magnitude.map { (magnitude: $0, eighths: line.reduce(0) { $0 + (eighths[$1] ?? 0) }) }
        }.sorted { $0.magnitude < $1.magnitude }
        for (smaller, larger) in zip(drawn, drawn.dropFirst()) where larger.eighths < smaller.eighths {
            return ["a bar of \(larger.magnitude) is shorter than the bar of \(smaller.magnitude)"]
        }
        return []
    }

    /// Every number in a coordinate attribute of the SVG is finite.
    private static func coordinateProblems(_ svg: String) -> [String] {
        let names: Set<Substring> = ["x", "y", "x1", "x2", "y1", "y2", "width", "height", "points"]
        let parts = svg.split(separator: "\"", omittingEmptySubsequences: false)
        for index in stride(from: 1, to: parts.count, by: 2) {
            let before = parts[index - 1]
            guard before.hasSuffix("="), let name = before.dropLast().split(separator: " ").last, names.contains(name) else { continue }
            for number in parts[index].split(whereSeparator: { $0 == " " || $0 == "," }) {
                guard let value = Double(number), value.isFinite else { return ["the SVG's \(name) is \(parts[index])"] }
            }
        }
        return []
    }
}

extension FuzzBytes {
    /// A number a chart may meet: the ends of Double and of 64-bit
    /// integers, subnormals, infinities, zeros, small numbers, any bit
    /// pattern (NaN read as NULL, as SQLite stores it), or NULL.
    mutating func real() -> RowArray.Value {
        let ends: [Double] = [.greatestFiniteMagnitude, 1e308, 8.9e307, 1.7e308, .leastNonzeroMagnitude, .leastNormalMagnitude,
                              1e-323, .infinity, 0, 1, 7, 0.1]
        switch below(8) {
        case 0: return .null
        case 1: return .integer([Int64.max, Int64.min, Int64.max - 1, 0][below(4)])
        case 2: return .integer(Int64(below(256)) - 128)
        case 3, 4:
            let value = ends[below(ends.count)]
            return .real(flag() ? -value : value)
        default:
            let real = Double(bitPattern: (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) })
            return real.isNaN ? .null : .real(real)
        }
    }
}

extension RowArray.Value {
    /// The magnitude of a finite number, nil for anything else.
    var magnitude: Double? {
        switch self {
        case .integer(let value): return Double(value).magnitude
        case .real(let value): return value.isFinite ? value.magnitude : nil
        default: return nil
        }
    }
}

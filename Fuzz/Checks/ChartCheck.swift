import RQLNotebook
import RQLRender
import RQLValues

/// Charts of random reals (the ends of Double, subnormals, infinities,
/// integers at the ends of 64 bits, equal values, mixed signs): every kind
/// draws in text, at small widths, or as SVG (one of the two an input, to
/// keep runs fast) without trapping; the text is UTF-8, a bar is never
/// shorter than the bar of a smaller magnitude, and every coordinate of the
/// SVG is a finite number.
enum ChartCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        var bytes = FuzzBytes(input)
        let kind = ChartKind.allCases[bytes.below(ChartKind.allCases.count)]
        let asSVG = bytes.flag()
        let seriesCount = 1 + bytes.below(3)
        var settings = RenderSettings(mode: .box, showsHeaders: true, maxRows: bytes.below(6), usesColor: bytes.flag())
        // Small widths keep a run fast (ChartScaleTests draws at any width).
        settings.maxLineWidth = bytes.flag() ? bytes.below(64) : nil
        settings.chart = kind
        let columns = ["label"] + (0..<seriesCount).map { "s\($0)" + bytes.text(maxLength: 2) }
        var rows: [[SQLValue]] = []
        while !bytes.isAtEnd, rows.count < 8 {
            let label: SQLValue = bytes.flag() ? .text(bytes.text(maxLength: 6)) : bytes.real()
            rows.append([label] + (0..<seriesCount).map { _ in bytes.real() })
        }
        if asSVG {
            guard let svg = ChartSVG.render(kind, columns: columns, rows: rows) else { return ["the \(kind) chart has no SVG"] }
            return coordinateProblems(svg)
        }
        var source = RowArray(columns: columns, rows: rows)
        let output = ByteOutput(.memory)
        do {
            try Renderer.render(&source, settings: settings, to: output)
        } catch {
            return ["a \(kind) chart of numbers threw \(error)"]
        }
        guard let text = String(validating: output.bytes, as: UTF8.self) else { return ["the \(kind) chart is not UTF-8"] }
        guard kind == .bar, seriesCount == 1, !settings.usesColor else { return [] }
        let shown = settings.maxRows > 0 ? settings.maxRows : rows.count  // the footer under them is no bar
        return barProblems(text, values: rows.prefix(shown).map { $0[1] })
    }

    /// Bars grow with the magnitude of their values: one line a row (the
    /// labels, text from `FuzzBytes` or numbers, hold no block characters).
    private static func barProblems(_ text: String, values: [SQLValue]) -> [String] {
        var drawn: [(magnitude: Double, eighths: Int)] = []
        var row = 0
        var eighths = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A:
                if row < values.count, let magnitude = values[row].magnitude { drawn.append((magnitude, eighths)) }
                row += 1
                eighths = 0
            case 0x2588: eighths += 8  // █
            case 0x2589...0x258F: eighths += 0x2590 - Int(scalar.value)  // ▉ (7) … ▏ (1)
            default: break
            }
        }
        drawn.sort { $0.magnitude < $1.magnitude }
        for (smaller, larger) in zip(drawn, drawn.dropFirst()) where larger.eighths < smaller.eighths {
            return ["a bar of \(larger.magnitude) is shorter than the bar of \(smaller.magnitude)"]
        }
        return []
    }

    /// Every coordinate attribute of the SVG holds finite numbers: digits,
    /// `-`, `.`, and the spaces and commas between points (`%.1f` writes
    /// `inf` and `nan` otherwise). A scan of the bytes, to keep runs fast.
    private static func coordinateProblems(_ svg: String) -> [String] {
        let names: Set<String> = ["x", "y", "x1", "x2", "y1", "y2", "width", "height", "points"]
        let bytes = Array(svg.utf8)
        var index = 0
        while let quote = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
            guard let end = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            defer { index = end + 1 }
            guard quote > 0, bytes[quote - 1] == UInt8(ascii: "=") else { continue }
            let nameStart = (bytes[..<(quote - 1)].lastIndex(of: UInt8(ascii: " ")) ?? -1) + 1
            guard names.contains(String(decoding: bytes[nameStart..<(quote - 1)], as: UTF8.self)) else { continue }
            let value = bytes[(quote + 1)..<end]
            if value.contains(where: { !"0123456789-., ".utf8.contains($0) }) {
                return ["the SVG's \(String(decoding: bytes[nameStart..<(quote - 1)], as: UTF8.self)) is \(String(decoding: value, as: UTF8.self))"]
            }
        }
        return []
    }
}

extension FuzzBytes {
    /// A number a chart may meet: the ends of Double and of 64-bit
    /// integers, subnormals, infinities, zeros, small numbers, any bit
    /// pattern (NaN read as NULL, as SQLite stores it), or NULL.
    mutating func real() -> SQLValue {
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

extension SQLValue {
    /// The magnitude of a finite number, nil for anything else.
    var magnitude: Double? {
        switch self {
        case .integer(let value): return Double(value).magnitude
        case .real(let value): return value.isFinite ? value.magnitude : nil
        default: return nil
        }
    }
}

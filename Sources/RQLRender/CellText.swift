/// The text a value shows as.
public enum CellText {
    /// Bytes of a blob shown before `…` in box, table and markdown.
    static let tabularBlobLimit = 16
    static let tabStop = 4

    /// The value as plain text: numbers as SQLite prints them, blobs as `x'…'`,
    /// NULL as the empty string.
    public static func plainText(_ cell: Cell) -> String {
        switch cell {
        case .null: return ""
        case .integer(let value): return String(value)
        case .real(let value): return RealFormat.string(value)
        case .text(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .blob(let bytes): return blobLiteral(bytes, limit: nil)
        }
    }

    /// `x'0a1b…'`, cut after `limit` bytes when given.
    static func blobLiteral(_ bytes: UnsafeRawBufferPointer, limit: Int?) -> String {
        if let limit, bytes.count > limit {
            return "x'" + Hex.string(bytes.prefix(limit)) + "…'"
        }
        return "x'" + Hex.string(bytes) + "'"
    }

    /// The value as the lines it shows on a terminal: tabs expanded, other
    /// control characters as visible symbols (U+2400…), so that no value can
    /// move the cursor or break a frame.
    public static func displayText(_ cell: Cell, blobLimit: Int?) -> [String] {
        switch cell {
        case .blob(let bytes): return [blobLiteral(bytes, limit: blobLimit)]
        case .text(let bytes): return displayLines(String(decoding: bytes, as: UTF8.self))
        default: return [plainText(cell)]
        }
    }

    /// Splits text into display lines with control characters made visible.
    public static func displayLines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var column = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A:
                lines.append(line)
                line = ""
                column = 0
            case 0x09:
                let spaces = tabStop - column % tabStop
                line += String(repeating: " ", count: spaces)
                column += spaces
            case 0x00..<0x20:
                line.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
                column += 1
            case 0x7F:
                line += "\u{2421}"
                column += 1
            case 0x80..<0xA0:
                line += "\u{FFFD}"
                column += 1
            default:
                line.unicodeScalars.append(scalar)
                column += 1
            }
        }
        lines.append(line)
        return lines
    }

    /// Text on one line with its control characters made visible, newlines
    /// as `␊` (messages that quote what was typed).
    public static func visibleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        return displayLines(text).joined(separator: "\u{240A}")
    }

    /// `1234567` → `1,234,567`, for footers.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

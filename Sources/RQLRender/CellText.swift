/// The text a value shows as.
public enum CellText {
    /// Bytes of a blob shown before `…` in box, table and markdown.
    static let tabularBlobLimit = 16
    static let tabStop = 4

    /// `x'0a1b…'`, cut after `limit` bytes.
    static func blobLiteral(_ bytes: UnsafeRawBufferPointer, limit: Int) -> String {
        if bytes.count > limit {
            return "x'" + Hex.string(bytes.prefix(limit)) + "…'"
        }
        return "x'" + Hex.string(bytes) + "'"
    }

    /// Splits text into the lines it shows as on a terminal: tabs expanded,
    /// other control characters as their visible symbols (`ControlPictures`),
    /// so that no value can move the cursor or break a frame.
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
            default:
                line.unicodeScalars.append(ControlPictures.symbol(for: scalar.value) ?? scalar)
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

    /// Text with its control characters made visible, newlines and tabs
    /// kept (exported notebooks, which a terminal may show).
    public static func visibleText(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var bytes: [UInt8] = []
        VisibleText().write(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
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

/// Writes text straight from its bytes with every control character shown
/// as its visible symbol (`ControlPictures`), so that no value can move the
/// cursor or recolor the terminal: line mode always, list and csv on a
/// terminal, html always. Newlines stay; tabs stay or become spaces; bytes
/// that are not UTF-8 show as `�`, as they do in box mode.
///
///     VisibleText(expandsTabs: true).write(bytes, to: output)   // "a\u{1B}[31m" → "a␛[31m"
struct VisibleText {
    /// Tabs become spaces up to the next multiple of four characters, as in box mode.
    var expandsTabs = false
    /// Carriage returns stay (HTML written to a file, where they are white space).
    var keepsCarriageReturns = false
    /// `&`, `<`, `>`, `"` and `'` become character references (HTML).
    var escapesHTML = false
    /// `|` becomes `\|` and `\` becomes `\\` (Markdown table cells: GitHub
    /// reads `\|` as a `|` that stays in its cell, and `\\` as a backslash,
    /// so a backslash of the value cannot unescape the pipe after it).
    var escapesMarkdownCells = false

    func write(_ text: String, to output: ByteOutput) {
        var sink = output
        write(text, to: &sink)
    }

    func write<Sink: ByteSink>(_ text: String, to sink: inout Sink) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: &sink) }
    }

    func write(_ bytes: UnsafeRawBufferPointer, to output: ByteOutput) {
        var sink = output
        write(bytes, to: &sink)
    }

    /// Copies runs of bytes that stay as they are in one write each, and
    /// writes a replacement for each byte or sequence that does not.
    func write<Sink: ByteSink>(_ bytes: UnsafeRawBufferPointer, to output: inout Sink) {
        var kept = 0  // where the run of bytes not yet written starts
        var index = 0
        var column = 0  // characters since the last newline, for tab stops
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                if escapesHTML, let reference = VisibleText.htmlReference(byte) {
                    output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
                    output.write(reference)
                    kept = index + 1
                } else if escapesMarkdownCells && (byte == 0x7C || byte == 0x5C) {
                    output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
                    output.write(byte: 0x5C)
                    kept = index  // the `|` or `\` itself goes with the next run
                }
                index += 1
                column += 1
                continue
            }
            if byte < 0x80 {
                if byte == 0x0A || (byte == 0x09 && !expandsTabs) || (byte == 0x0D && keepsCarriageReturns) {
                    index += 1
                    column = byte == 0x0A ? 0 : column + 1
                    continue
                }
                output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
                if byte == 0x09 {
                    let spaces = CellText.tabStop - column % CellText.tabStop
                    output.write(repeating: 0x20, count: spaces)
                    column += spaces
                } else {
                    ControlPictures.write(control: byte, to: &output)
                    column += 1
                }
                index += 1
                kept = index
                continue
            }
            let sequence = UTF8Sequence(in: bytes, at: index)
            let isC1Control = sequence.isValid && byte == 0xC2 && bytes[index + 1] < 0xA0
            if !sequence.isValid || isC1Control {
                output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
                ControlPictures.writeReplacement(to: &output)
                kept = index + sequence.length
            }
            index += sequence.length
            column += 1
        }
        output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
    }

    private static func htmlReference(_ byte: UInt8) -> StaticString? {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        default: nil
        }
    }
}

/// The UTF-8 sequence that starts at a byte of 0x80 or above: its length
/// when it is well formed, or else the length of its longest well-formed
/// start (at least one byte), which shows as one `�`, as Swift's decoding
/// of invalid UTF-8 does.
struct UTF8Sequence {
    let length: Int
    let isValid: Bool

    init(in bytes: UnsafeRawBufferPointer, at index: Int) {
        (length, isValid) = UTF8Sequence.measure(bytes, at: index)
    }

    private static func measure(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (length: Int, isValid: Bool) {
        let count: Int
        // The range the second byte must fall in (Unicode's table of well-formed sequences).
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; high = 0x9F
        case 0xF0: count = 4; low = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; high = 0x8F
        default: return (1, false)
        }
        for length in 1..<count {
            guard index + length < bytes.count, (low...high).contains(bytes[index + length]) else {
                return (length, false)
            }
            (low, high) = (0x80, 0xBF)
        }
        return (count, true)
    }
}

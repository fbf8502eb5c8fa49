/// CSV byte-identical to `sqlite3 -csv`: a field is quoted when it is empty
/// text or holds a control character, space, quote, apostrophe, DEL, a byte
/// of 0x80 or above, or the separator; NULL is the null text, unquoted. On
/// a terminal, control characters other than tab and newline show as their
/// visible symbols (the quoting still follows the bytes).
struct CSVWriter {
    let output: ByteOutput
    let settings: RenderSettings
    private let visible: VisibleText?
    private let separator: [UInt8]
    private let rowSeparator: [UInt8]
    private let nullText: [UInt8]

    init(output: ByteOutput, settings: RenderSettings) {
        self.output = output
        self.settings = settings
        separator = Array(settings.effectiveSeparator.utf8)
        rowSeparator = Array(settings.rowSeparator.utf8)
        nullText = Array(settings.effectiveNullText.utf8)
        visible = output.isTerminal ? VisibleText() : nil
    }

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let columnCount = source.columnNames.count
        if settings.showsHeaders {
            for (index, name) in source.columnNames.enumerated() {
                if index > 0 { output.write(separator) }
                Array(name.utf8).withUnsafeBytes { writeField($0) }
            }
            output.write(rowSeparator)
        }
        var rows = 0
        while try source.step() {
            rows += 1
            for index in 0..<columnCount {
                if index > 0 { output.write(separator) }
                switch source.value(at: index) {
                case .null: output.write(nullText)
                case .integer(let value): output.write(integer: value)
                case .real(let value): RealFormat.write(value, digits: RealFormat.shellDigits, to: output)
                case .text(let bytes), .blob(let bytes): writeField(bytes)
                }
            }
            output.write(rowSeparator)
        }
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }

    private func writeField(_ bytes: UnsafeRawBufferPointer) {
        guard needsQuotes(bytes) else {
            return writeContent(bytes)
        }
        output.write(byte: 0x22)
        var start = 0
        for index in 0..<bytes.count where bytes[index] == 0x22 {
            writeContent(UnsafeRawBufferPointer(rebasing: bytes[start...index]))
            output.write(byte: 0x22)
            start = index + 1
        }
        writeContent(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        output.write(byte: 0x22)
    }

    private func writeContent(_ bytes: UnsafeRawBufferPointer) {
        if let visible { visible.write(bytes, to: output) } else { output.write(bytes) }
    }

    private func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.isEmpty { return true }
        // A one-byte separator (the usual case) is checked in the same pass.
        let single = separator.count == 1 ? separator[0] : 0x22
        for byte in bytes where byte <= 0x20 || byte == 0x22 || byte == 0x27 || byte >= 0x7F || byte == single {
            return true
        }
        return separator.count > 1 && contains(bytes, separator)
    }
}

/// Whether `needle` occurs in `haystack` (both short in practice).
func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
        if haystack[index] == first {
            var matched = true
            for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                matched = false
                break
            }
            if matched { return true }
        }
        index += 1
    }
    return false
}

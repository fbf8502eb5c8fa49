/// Cells of tabular output held compactly: the display bytes of every cell in
/// one array, with an end offset and a few flags per cell. Holding a million
/// rows costs their text plus nine bytes a cell.
struct CellStore {
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let rightAligned = Flags(rawValue: 1)
        static let null = Flags(rawValue: 2)
        /// Printable ASCII on one line: its width is its byte count.
        static let simple = Flags(rawValue: 4)
    }

    /// How cells turn into display text.
    struct Format {
        let nullText: [UInt8]
        let nullIsSimple: Bool
        let escapesPipes: Bool

        init(nullText: String, escapesPipes: Bool) {
            self.nullText = Array(nullText.utf8)
            self.escapesPipes = escapesPipes
            nullIsSimple = CellStore.isSimple(self.nullText, escapesPipes: escapesPipes)
        }
    }

    private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var flags: [Flags] = []

    var count: Int { ends.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        flags.removeAll(keepingCapacity: true)
    }

    mutating func append(_ cell: Cell, format: Format) {
        switch cell {
        case .null:
            bytes.append(contentsOf: format.nullText)
            close(format.nullIsSimple ? [.null, .simple] : [.null])
        case .integer(let value):
            appendDecimal(value)
            close([.rightAligned, .simple])
        case .real(let value):
            RealFormat.append(value, to: &bytes)
            close([.rightAligned, .simple])
        case .text(let text):
            if CellStore.isSimple(text, escapesPipes: format.escapesPipes) {
                bytes.append(contentsOf: text)
                close(.simple)
            } else {
                appendDisplay(CellText.displayLines(String(decoding: text, as: UTF8.self)), format: format)
            }
        case .blob(let blob):
            let literal = CellText.blobLiteral(blob, limit: CellText.tabularBlobLimit)
            bytes.append(contentsOf: literal.utf8)
            close(blob.count > CellText.tabularBlobLimit ? [] : .simple)
        }
    }

    mutating func append(text: String, format: Format) {
        appendDisplay(CellText.displayLines(text), format: format)
    }

    private mutating func appendDisplay(_ lines: [String], format: Format) {
        var joined = lines.joined(separator: "\n")
        if format.escapesPipes { joined = joined.replacingPipes() }
        bytes.append(contentsOf: joined.utf8)
        close([])
    }

    private mutating func close(_ cellFlags: Flags) {
        ends.append(bytes.count)
        flags.append(cellFlags)
    }

    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    func range(at index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    func flags(at index: Int) -> Flags { flags[index] }

    /// Display lines of a cell that is not simple.
    func lines(at index: Int) -> [Substring] {
        String(decoding: bytes[range(at: index)], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    func width(at index: Int) -> Int {
        if flags[index].contains(.simple) { return range(at: index).count }
        return lines(at: index).map { DisplayWidth.of(String($0)) }.max() ?? 0
    }

    static func isSimple<Bytes: Sequence>(_ bytes: Bytes, escapesPipes: Bool) -> Bool where Bytes.Element == UInt8 {
        for byte in bytes where byte < 0x20 || byte >= 0x7F || (escapesPipes && byte == 0x7C) {
            return false
        }
        return true
    }
}

extension String {
    /// Markdown table cells escape `|`.
    func replacingPipes() -> String {
        var result = ""
        for character in self {
            if character == "|" { result += "\\|" } else { result.append(character) }
        }
        return result
    }
}

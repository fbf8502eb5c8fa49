import Glibc

/// Rows of tabular output held compactly until the column widths are known:
/// each cell as a record of its display bytes in chunks of about a megabyte
/// (no copy of everything when the store grows), after one byte that holds
/// its flags and a length below 15, then a longer length and, for text on
/// one line that is not plain ASCII, the columns it takes, measured once. A
/// row never spans two chunks.
///
/// Holding a million rows costs their display text plus a byte a cell, two
/// or three for a long one; each full chunk is then compressed
/// (`ByteCompression`) on a thread of its own while rows go on arriving, and
/// unpacked again one at a time as the rows are written. Copies of a store
/// share its packed chunks: a store is filled in one place, and its copies
/// only read.
struct CellStore {
    /// Four bits: the header byte's other four hold a short length.
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let rightAligned = Flags(rawValue: 1)
        static let null = Flags(rawValue: 2)
        /// Printable ASCII on one line: its width is its byte count.
        static let simple = Flags(rawValue: 4)
        /// One line whose width the record holds.
        static let measured = Flags(rawValue: 8)
    }

    /// How cells turn into display text.
    struct Format {
        let nullText: [UInt8]
        let nullIsSimple: Bool
        let escapesMarkdownCells: Bool
        /// Tabs expanded, controls as their pictures, `|` and `\` escaped in Markdown.
        let text: VisibleText

        init(nullText: String, escapesMarkdownCells: Bool) {
            self.nullText = Array(nullText.utf8)
            self.escapesMarkdownCells = escapesMarkdownCells
            text = VisibleText(expandsTabs: true, escapesMarkdownCells: escapesMarkdownCells)
            nullIsSimple = CellStore.isSimple(self.nullText, escapesMarkdownCells: escapesMarkdownCells)
        }
    }

    /// A held cell, borrowed from the store while a row is read.
    struct Stored {
        let flags: Flags
        /// The columns of its widest line.
        let width: Int
        let bytes: UnsafeRawBufferPointer
    }

    private static let chunkSize = 1 << 20
    /// The length in a header byte that says a longer one follows.
    private static let longLength: UInt8 = 15

    /// The full chunks, packed; none until one fills.
    private var packer: ChunkPacker?
    private var current: [UInt8] = []
    /// Display bytes of the cell being added, when they cannot go straight in.
    private var scratch: [UInt8] = []
    private(set) var count = 0

    /// Forgets every cell, keeping the memory for the next ones.
    mutating func removeAll() {
        packer = nil
        current.removeAll(keepingCapacity: true)
        count = 0
    }

    /// Adds a cell and returns the columns its widest line takes.
    @discardableResult
    mutating func append(_ cell: BorrowedValue, format: Format) -> Int {
        scratch.removeAll(keepingCapacity: true)
        switch cell {
        case .null:
            scratch.append(contentsOf: format.nullText)
            return close(format.nullIsSimple ? [.null, .simple] : [.null])
        case .integer(let value):
            appendDecimal(value)
            return close([.rightAligned, .simple])
        case .real(let value):
            RealFormat.append(value, to: &scratch)
            return close([.rightAligned, .simple])
        case .text(let text):
            if CellStore.isSimple(text, escapesMarkdownCells: format.escapesMarkdownCells) {
                record(.simple, width: text.count, text)
                return text.count
            }
            format.text.write(text, to: &scratch)
            return close([])
        case .blob(let blob):
            scratch.append(contentsOf: CellText.blobLiteral(blob, limit: CellText.tabularBlobLimit).utf8)
            return close(blob.count > CellText.tabularBlobLimit ? [] : .simple)
        }
    }

    /// Adds a text cell (a column name) and returns the columns it takes.
    @discardableResult
    mutating func append(text: String, format: Format) -> Int {
        scratch.removeAll(keepingCapacity: true)
        format.text.write(text, to: &scratch)
        return close([])
    }

    /// Ends a row: the next one may start a new chunk.
    mutating func endRow() {
        guard current.count >= CellStore.chunkSize else { return }
        if packer == nil { packer = ChunkPacker() }
        packer?.add(current)
        current = []
        current.reserveCapacity(CellStore.chunkSize + CellStore.chunkSize / 4)
    }

    /// Calls `body` with each row of `columnCount` cells, in order.
    func forEachRow(columnCount: Int, _ body: ([Stored]) -> Void) {
        var row: [Stored] = []
        row.reserveCapacity(columnCount)
        func read(_ chunk: [UInt8]) {
            chunk.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let header = bytes[offset]
                    let flags = Flags(rawValue: header & 0x0F)
                    offset += 1
                    let length = header >> 4 == CellStore.longLength
                        ? CellStore.readNumber(bytes, at: &offset) : Int(header >> 4)
                    let width = flags.contains(.measured) ? CellStore.readNumber(bytes, at: &offset) : 0
                    let cell = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
                    offset += length
                    let stored = flags.contains(.simple) || flags.contains(.measured)
                        ? Stored(flags: flags, width: flags.contains(.simple) ? length : width, bytes: cell)
                        : Stored(flags: flags, width: CellStore.widestLine(cell).width, bytes: cell)
                    row.append(stored)
                    if row.count == columnCount {
                        body(row)
                        row.removeAll(keepingCapacity: true)
                    }
                }
            }
        }
        packer?.forEachChunk(read)
        read(current)
    }

    /// Records the scratch bytes as a cell and returns its width.
    private mutating func close(_ flags: Flags) -> Int {
        scratch.withUnsafeBytes { bytes in
            if flags.contains(.simple) {
                record(flags, width: bytes.count, bytes)
                return bytes.count
            }
            let (width, isOneLine) = CellStore.widestLine(bytes)
            record(isOneLine ? flags.union(.measured) : flags, width: width, bytes)
            return width
        }
    }

    private mutating func record(_ flags: Flags, width: Int, _ bytes: UnsafeRawBufferPointer) {
        if bytes.count < CellStore.longLength {
            current.append(flags.rawValue | UInt8(bytes.count) << 4)
        } else {
            current.append(flags.rawValue | CellStore.longLength << 4)
            CellStore.appendNumber(bytes.count, to: &current)
        }
        if flags.contains(.measured) { CellStore.appendNumber(width, to: &current) }
        current.append(contentsOf: bytes)
        count += 1
    }

    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 { scratch.append(0x2D) }
        var magnitude = value.magnitude
        let start = scratch.count
        repeat {
            scratch.append(UInt8(truncatingIfNeeded: magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        scratch[start...].reverse()
    }

    /// The columns of the widest of the lines of display text, and whether
    /// there is one line. Measured line by line in place, without
    /// collecting the lines: it runs for every held cell that is not plain ASCII.
    static func widestLine(_ bytes: UnsafeRawBufferPointer) -> (width: Int, isOneLine: Bool) {
        guard let base = bytes.baseAddress else { return (0, true) }
        var widest = 0
        var start = 0
        while true {
            let end = memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer($0) - base } ?? bytes.count
            widest = max(widest, DisplayWidth.of(line: UnsafeRawBufferPointer(rebasing: bytes[start..<end])))
            guard end < bytes.count else { return (widest, start == 0) }
            start = end + 1
        }
    }

    /// The lines of display text, split at newlines.
    static func lines(_ bytes: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        var lines: [UnsafeRawBufferPointer] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
        }
        lines.append(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        return lines
    }

    static func isSimple<Bytes: Sequence>(_ bytes: Bytes, escapesMarkdownCells: Bool) -> Bool where Bytes.Element == UInt8 {
        for byte in bytes where byte < 0x20 || byte >= 0x7F || (escapesMarkdownCells && (byte == 0x7C || byte == 0x5C)) {
            return false
        }
        return true
    }

    /// A length or width in seven-bit groups, low first (LEB128).
    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func readNumber(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}

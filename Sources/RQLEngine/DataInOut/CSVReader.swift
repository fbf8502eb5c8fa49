/// Records of a CSV file as RFC 4180 writes them, chunk by chunk: fields
/// separated by a separator byte (`,` or a tab), a field in double quotes
/// may hold separators, newlines and doubled quotes, records end with LF or
/// CRLF. Blank lines are no records, except in a file whose first record
/// has one field: there a blank line is a record of one empty field, as
/// the sqlite3 shell reads it (a one-column table's empty values and NULLs
/// come back). A quote inside an unquoted field is kept as it is.
///
///     var reader = CSVReader(source, separator: UInt8(ascii: ","))
///     while try reader.next() { reader.fieldCount … reader.bytes[reader.fieldRange(0)] }
public struct CSVReader {
    private let source: ImportSource
    private let separator: UInt8
    private var chunk = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var position = 0
    /// The line being read (1-based): LFs seen so far, plus one.
    private var currentLine = 1
    /// A CR ended the last record: an LF right after it belongs to it.
    private var skipsLineFeed = false
    /// The characters the line being read had in earlier chunks, and how
    /// far into `chunk` (from where the line starts) its characters are
    /// counted: for the column of an error, counted only as far as an error
    /// has needed.
    private var carriedColumns = 0
    private var columnCursor = 0
    private var countedColumns = 0
    private var linesToSkip: Int

    /// The bytes of the last record's fields, one after the other.
    public private(set) var bytes: [UInt8] = []
    /// Where each field of the last record ends in `bytes`.
    private(set) var ends: [Int] = []
    /// The line the last record starts on.
    public private(set) var line = 0
    /// How many fields the first record has, once it is read.
    private var firstWidth: Int?

    /// A record longer than this is an error, not held (a device never ends one).
    private let maximumRecordBytes: Int

    public init(_ source: ImportSource, separator: UInt8, skippingLines: Int = 0,
                maximumRecordBytes: Int = ImportError.maximumRecordBytes) {
        self.source = source
        self.separator = separator
        self.maximumRecordBytes = maximumRecordBytes
        linesToSkip = skippingLines
        bytes.reserveCapacity(1 << 12)
    }

    public var fieldCount: Int { ends.count }

    /// Where field `index` of the last record lies in `bytes`.
    public func fieldRange(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    private enum State { case fieldStart, unquoted, quoted, afterQuote }

    /// Reads the next record; false at the end of the file.
    public mutating func next() throws(CommandError) -> Bool {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var state = State.fieldStart
        var started = false
        var quoteLine = 0
        var quoteColumn = 0
        while true {
            if position == chunk.count {
                guard try refill() else {
                    if state == .quoted {
                        throw ImportError.at(source.path, line: quoteLine, column: quoteColumn, .unclosedQuotedField)
                    }
                    guard started else { return false }
                    ends.append(bytes.count)
                    return recordEnds()
                }
                continue
            }
            let byte = chunk[position]
            if skipsLineFeed {
                skipsLineFeed = false
                if byte == 0x0A {
                    position += 1
                    currentLine += 1
                    startLine(at: position)
                    continue
                }
            }
            if linesToSkip > 0 {
                position += 1
                if byte == 0x0A {
                    currentLine += 1
                    linesToSkip -= 1
                    startLine(at: position)
                }
                continue
            }
            switch state {
            case .fieldStart:
                if byte == 0x0A || byte == 0x0D {
                    if !started, firstWidth == 1 {
                        started = true
                        line = currentLine
                    }
                    endLine(byte)
                    guard started else { continue }  // a blank line
                    ends.append(bytes.count)
                    return recordEnds()
                }
                if !started {
                    started = true
                    line = currentLine
                }
                if byte == 0x22 {
                    state = .quoted
                    quoteLine = currentLine
                    quoteColumn = column(at: position)
                    position += 1
                } else if byte == separator {
                    ends.append(bytes.count)
                    position += 1
                } else {
                    state = .unquoted
                }
            case .unquoted:
                var end = position
                while end < chunk.count, chunk[end] != separator, chunk[end] != 0x0A, chunk[end] != 0x0D { end += 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[position..<end]))
                position = end
                guard end < chunk.count else { continue }
                ends.append(bytes.count)
                if chunk[end] == separator {
                    position += 1
                    state = .fieldStart
                } else {
                    endLine(chunk[end])
                    return recordEnds()
                }
            case .quoted:
                var end = position
                while end < chunk.count, chunk[end] != 0x22 {
                    if chunk[end] == 0x0A {
                        currentLine += 1
                        startLine(at: end + 1)
                    }
                    end += 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[position..<end]))
                position = end
                if end < chunk.count {
                    position += 1
                    state = .afterQuote
                }
            case .afterQuote:
                if byte == 0x22 {
                    bytes.append(0x22)
                    position += 1
                    state = .quoted
                } else if byte == separator {
                    ends.append(bytes.count)
                    position += 1
                    state = .fieldStart
                } else if byte == 0x0A || byte == 0x0D {
                    ends.append(bytes.count)
                    endLine(byte)
                    return recordEnds()
                } else {
                    throw ImportError.at(source.path, line: currentLine, column: column(at: position), .quoteAfterClosingQuote)
                }
            }
        }
    }

    /// A record is read: true, and the first record's width is kept.
    private mutating func recordEnds() -> Bool {
        if firstWidth == nil { firstWidth = ends.count }
        return true
    }

    /// Steps over the LF or CR that ends a line.
    private mutating func endLine(_ byte: UInt8) {
        position += 1
        if byte == 0x0A {
            currentLine += 1
            startLine(at: position)
        } else {
            skipsLineFeed = true
        }
    }

    /// The next chunk; false at the end of the file.
    private mutating func refill() throws(CommandError) -> Bool {
        if let error = ImportError.tooLarge(source.path, line: line, bytes: bytes.count, fields: ends.count,
                                            maximumBytes: maximumRecordBytes) {
            throw error
        }
        carriedColumns = column(at: chunk.count) - 1
        chunk = try source.read()
        position = 0
        columnCursor = 0
        countedColumns = 0
        return !chunk.isEmpty
    }

    /// A new line starts at `index` of `chunk`.
    private mutating func startLine(at index: Int) {
        columnCursor = index
        countedColumns = 0
        carriedColumns = 0
    }

    /// The column (1-based, in characters) of the byte at `index` of
    /// `chunk`, on the line being read; `index` never goes back.
    private mutating func column(at index: Int) -> Int {
        while columnCursor < index {
            if chunk[columnCursor] & 0xC0 != 0x80 { countedColumns += 1 }
            columnCursor += 1
        }
        return carriedColumns + countedColumns + 1
    }
}

import RQLValues

/// One value of the current row, as SQLite holds it.
///
/// Text and blob bytes are borrowed: they stay valid only until the source
/// moves to the next row, so writers copy what they keep.
public enum BorrowedValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(UnsafeRawBufferPointer)
    case blob(UnsafeRawBufferPointer)
}

/// A stream of result rows that renderers pull one at a time.
///
/// The engine implements it over a prepared statement, so rows are never
/// materialized unless a writer needs to hold them (box with all rows).
public protocol RowSource {
    var columnNames: [String] { get }
    /// Moves to the next row; false at the end.
    mutating func step() throws -> Bool
    /// The value at `index` in the current row.
    func value(at index: Int) -> BorrowedValue
    /// Whether the column at `index` reads a table's key (a primary key or a
    /// foreign key column), whose values tabular output never cuts. Asked
    /// only of a result too wide for the terminal, after its last row.
    func isKey(column index: Int) -> Bool
}

extension RowSource {
    public func isKey(column index: Int) -> Bool { false }
}

/// Rows kept in memory, for tests and for results that commands build.
public struct RowArray: RowSource {
    /// Owns the bytes of every text and blob value, so cells can borrow them.
    private final class Storage {
        let bytes: UnsafeMutableRawBufferPointer
        init(count: Int) {
            bytes = .allocate(byteCount: max(count, 1), alignment: 1)
        }
        deinit { bytes.deallocate() }
    }

    public let columnNames: [String]
    private let keyColumns: Set<Int>
    private let rows: [[SQLValue]]
    private let ranges: [[Range<Int>]]
    private let storage: Storage
    private var index = -1

    /// `keyColumns`: the columns that hold keys (see `RowSource.isKey`).
    public init(columns: [String], rows: [[SQLValue]], keyColumns: Set<Int> = []) {
        var ranges: [[Range<Int>]] = []
        var total = 0
        for row in rows {
            ranges.append(row.map { value in
                let count: Int
                switch value {
                case .text(let text): count = text.utf8.count
                case .blob(let bytes): count = bytes.count
                default: count = 0
                }
                defer { total += count }
                return total..<(total + count)
            })
        }
        let storage = Storage(count: total)
        for (row, rowRanges) in zip(rows, ranges) {
            for (value, range) in zip(row, rowRanges) {
                let target = UnsafeMutableRawBufferPointer(rebasing: storage.bytes[range])
                switch value {
                case .text(let text): target.copyBytes(from: text.utf8)
                case .blob(let bytes): target.copyBytes(from: bytes)
                default: break
                }
            }
        }
        self.columnNames = columns
        self.keyColumns = keyColumns
        self.rows = rows
        self.ranges = ranges
        self.storage = storage
    }

    public mutating func step() throws -> Bool {
        index += 1
        return index < rows.count
    }

    public func isKey(column index: Int) -> Bool { keyColumns.contains(index) }

    public func value(at column: Int) -> BorrowedValue {
        let bytes = UnsafeRawBufferPointer(rebasing: storage.bytes[ranges[index][column]])
        switch rows[index][column] {
        case .null: return .null
        case .integer(let value): return .integer(value)
        case .real(let value): return .real(value)
        case .text: return .text(bytes)
        case .blob: return .blob(bytes)
        }
    }
}

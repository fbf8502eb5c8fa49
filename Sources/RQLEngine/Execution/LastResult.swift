import RQLRender
import RQLValues

/// A copy of the rows the last query showed, for `.last`, bounded: past
/// `maximumRows` rows or `maximumBytes` of text and blobs, the copy is
/// dropped and `.last` says the result was too big to keep.
struct LastResult {
    static let maximumRows = 100_000
    static let maximumBytes = 64 << 20

    var columns: [String]
    /// Nil when the result was too big to keep.
    var rows: [[SQLValue]]?
    /// The columns that read a table's key, which box mode never cuts.
    var keyColumns: Set<Int>
}

/// Passes a query's rows through to the renderer, keeping a copy of them.
/// Copies of it (a wrapper holds one) keep into the same store.
struct KeepingRows<Source: RowSource>: RowSource {
    private final class Store {
        var rows: [[SQLValue]]? = []
        var bytes = 0
    }

    private var source: Source
    private let store = Store()

    init(_ source: Source) {
        self.source = source
    }

    var columnNames: [String] { source.columnNames }

    var result: LastResult {
        LastResult(columns: columnNames, rows: store.rows,
                   keyColumns: store.rows == nil ? [] : Set(columnNames.indices.filter(source.isKey)))
    }

    mutating func step() throws -> Bool {
        guard try source.step() else { return false }
        guard store.rows != nil else { return true }
        var row: [SQLValue] = []
        row.reserveCapacity(columnNames.count)
        for index in columnNames.indices {
            switch source.value(at: index) {
            case .null: row.append(.null)
            case .integer(let value): row.append(.integer(value))
            case .real(let value): row.append(.real(value))
            case .text(let text):
                store.bytes += text.count
                row.append(.text(String(decoding: text, as: UTF8.self)))
            case .blob(let blob):
                store.bytes += blob.count
                row.append(.blob([UInt8](blob)))
            }
        }
        if (store.rows?.count ?? 0) >= LastResult.maximumRows || store.bytes > LastResult.maximumBytes {
            store.rows = nil
        } else {
            store.rows?.append(row)
        }
        return true
    }

    func value(at index: Int) -> BorrowedValue { source.value(at: index) }

    func isKey(column index: Int) -> Bool { source.isKey(column: index) }
}

/// Keeps the rows a tabular writer will show: all of them, or with a row
/// limit only the head and a ring buffer of the tail, so memory stays constant
/// however many rows stream past. The head's column widths are measured as
/// its rows arrive.
struct RowCollector {
    let columnCount: Int
    let format: CellStore.Format
    private let headLimit: Int
    private let tailLimit: Int
    private(set) var head = CellStore()
    /// The columns of the widest cell of each column in the head.
    private(set) var headWidths: [Int]
    /// The same over the cells that are never cut: numbers and NULL.
    private(set) var headFixedWidths: [Int]
    /// Whether the column has text or a blob in the head.
    private(set) var headHasText: [Bool]
    private var tail: [CellStore] = []
    private var tailStart = 0
    private(set) var total = 0

    init(columnCount: Int, maxRows: Int, format: CellStore.Format) {
        self.columnCount = columnCount
        self.format = format
        headWidths = Array(repeating: 0, count: columnCount)
        headFixedWidths = headWidths
        headHasText = Array(repeating: false, count: columnCount)
        if maxRows <= 0 {
            headLimit = .max
            tailLimit = 0
        } else {
            tailLimit = maxRows / 2
            headLimit = maxRows - tailLimit
        }
    }

    mutating func add<Source: RowSource>(_ source: Source) {
        defer { total += 1 }
        if total < headLimit {
            for index in 0..<columnCount {
                let cell = source.value(at: index)
                let width = head.append(cell, format: format)
                headWidths[index] = max(headWidths[index], width)
                switch cell {
                case .null, .integer, .real: headFixedWidths[index] = max(headFixedWidths[index], width)
                case .text, .blob: headHasText[index] = true
                }
            }
            head.endRow()
            return
        }
        guard tailLimit > 0 else { return }
        var row = CellStore()
        if tail.count == tailLimit {
            swap(&row, &tail[tailStart])
            row.removeAll()
        }
        for index in 0..<columnCount { row.append(source.value(at: index), format: format) }
        if tail.count < tailLimit {
            tail.append(row)
        } else {
            tail[tailStart] = row
            tailStart = (tailStart + 1) % tailLimit
        }
    }

    var headRowCount: Int { columnCount == 0 ? 0 : head.count / columnCount }

    /// The kept tail rows, oldest first.
    var tailRows: [CellStore] {
        Array(tail[tailStart...] + tail[..<tailStart])
    }

    var shownCount: Int { headRowCount + tail.count }
}

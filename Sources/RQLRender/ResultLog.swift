import RQLValues

/// Keeps the values of the results rendered while it is set on the render
/// settings: what `rql export --execute` draws its tables from (NULL versus
/// the text 'NULL', integers versus text, values whole where a box cut them).
///
///     let log = ResultLog(rowLimit: 1_000)
///     settings.log = log
///     try Renderer.render(&rows, settings: settings, to: output)
///     log.tables[0].rows  // [[.integer(1)], …]
public final class ResultLog {
    public struct Table: Equatable, Sendable {
        public var columns: [String]
        /// The first `rowLimit` rows.
        public var rows: [[SQLValue]]
        /// Every row the result had.
        public var rowCount: Int
        /// The chart the rows were drawn as, when they were.
        public var chart: ChartKind?
        /// The mode the rows were written in.
        public var mode: OutputMode
        /// The rows a box or table showed of the result, its first and
        /// last, as `.maxrows` cuts it; 0 when it showed every row.
        public var shownLimit: Int
        /// The last rows past `rows` that a cut table shows, oldest at `tailStart`.
        var tail: [[SQLValue]] = []
        var tailStart = 0

        /// The rows a box or table of the result showed, in order: all of
        /// them (`tail` empty), or the first and the last ones when it was
        /// cut to `shownLimit`; nil when the log did not keep them all.
        public var shownRows: (head: [[SQLValue]], tail: [[SQLValue]])? {
            guard shownLimit > 0, rowCount > shownLimit else { return rowCount == rows.count ? (rows, []) : nil }
            let tailCount = shownLimit / 2
            let headCount = shownLimit - tailCount
            let last = Array(tail[tailStart...] + tail[..<tailStart])
            guard headCount <= rows.count else { return nil }
            if rowCount == rows.count + last.count { return (Array(rows.prefix(headCount)), Array((rows + last).suffix(tailCount))) }
            return last.count >= tailCount ? (Array(rows.prefix(headCount)), Array(last.suffix(tailCount))) : nil
        }
    }

    public private(set) var tables: [Table] = []
    /// Rows kept per result; the rest are only counted.
    public let rowLimit: Int

    public init(rowLimit: Int) {
        self.rowLimit = rowLimit
    }

    public func clear() {
        tables.removeAll()
    }

    func begin(columns: [String], chart: ChartKind?, mode: OutputMode, shownLimit: Int) {
        tables.append(Table(columns: columns, rows: [], rowCount: 0, chart: chart, mode: mode, shownLimit: max(shownLimit, 0)))
    }

    func add<Source: RowSource>(rowOf source: Source) {
        guard let last = tables.indices.last else { return }
        tables[last].rowCount += 1
        let row = { source.columnNames.indices.map { SQLValue(source.value(at: $0)) } }
        guard tables[last].rows.count == rowLimit else { return tables[last].rows.append(row()) }
        // Past the first rows: a ring of the last ones a cut table shows.
        let tailLimit = min(tables[last].shownLimit / 2, rowLimit)
        guard tailLimit > 0 else { return }
        if tables[last].tail.count < tailLimit {
            tables[last].tail.append(row())
        } else {
            tables[last].tail[tables[last].tailStart] = row()
            tables[last].tailStart = (tables[last].tailStart + 1) % tailLimit
        }
    }
}

/// A row source whose rows are also written to a `ResultLog` as the renderer pulls them.
struct LoggedRows<Base: RowSource>: RowSource {
    var base: Base
    let log: ResultLog

    init(_ base: Base, log: ResultLog, chart: ChartKind?, mode: OutputMode, shownLimit: Int) {
        self.base = base
        self.log = log
        log.begin(columns: base.columnNames, chart: chart, mode: mode, shownLimit: shownLimit)
    }

    var columnNames: [String] { base.columnNames }

    mutating func step() throws -> Bool {
        guard try base.step() else { return false }
        log.add(rowOf: base)
        return true
    }

    func value(at index: Int) -> BorrowedValue {
        base.value(at: index)
    }

    func isKey(column index: Int) -> Bool { base.isKey(column: index) }
}

extension SQLValue {
    /// A cell's value, its bytes copied.
    init(_ cell: BorrowedValue) {
        switch cell {
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .text(let bytes): self = .text(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): self = .blob(Array(bytes))
        }
    }
}

/// Keeps the values of the results rendered while it is set on the render
/// settings: what `rql export --execute` draws its tables from (NULL versus
/// the text 'NULL', integers versus text, values whole where a box cut them).
///
///     let log = ResultLog(rowLimit: 1_000)
///     settings.log = log
///     try Renderer.render(&rows, settings: settings, to: output)
///     log.tables[0].rows  // [[.integer(1)], …]
public final class ResultLog: @unchecked Sendable {
    public struct Table: Equatable, Sendable {
        public var columns: [String]
        /// The first `rowLimit` rows.
        public var rows: [[RowArray.Value]]
        /// Every row the result had.
        public var rowCount: Int
        /// The chart the rows were drawn as, when they were.
        public var chart: ChartKind?
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

    func begin(columns: [String], chart: ChartKind?) {
        tables.append(Table(columns: columns, rows: [], rowCount: 0, chart: chart))
    }

    func add<Source: RowSource>(rowOf source: Source) {
        guard let last = tables.indices.last else { return }
        tables[last].rowCount += 1
        guard tables[last].rows.count < rowLimit else { return }
        tables[last].rows.append(source.columnNames.indices.map { RowArray.Value(source.cell(at: $0)) })
    }
}

/// A row source whose rows are also written to a `ResultLog` as the renderer pulls them.
struct LoggedRows<Base: RowSource>: RowSource {
    var base: Base
    let log: ResultLog

    init(_ base: Base, log: ResultLog, chart: ChartKind?) {
        self.base = base
        self.log = log
        log.begin(columns: base.columnNames, chart: chart)
    }

    var columnNames: [String] { base.columnNames }

    mutating func step() throws -> Bool {
        guard try base.step() else { return false }
        log.add(rowOf: base)
        return true
    }

    func cell(at index: Int) -> Cell {
        base.cell(at: index)
    }

    func isKey(column index: Int) -> Bool { base.isKey(column: index) }
}

extension RowArray.Value {
    /// A cell's value, its bytes copied.
    init(_ cell: Cell) {
        switch cell {
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .text(let bytes): self = .text(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): self = .blob(Array(bytes))
        }
    }
}

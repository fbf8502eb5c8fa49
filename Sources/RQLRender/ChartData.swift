/// A result as a chart reads it: the first column labels, each other column
/// a numeric series in which NULL (and a value that is not finite) is a gap.
/// Both the text charts and the exports' SVG charts draw from it.
public struct ChartData: Sendable {
    public struct Series: Sendable {
        public var name: String
        public var values: [Double?]
    }

    public var labels: [String]
    public var series: [Series]

    /// Reads every row of `source`; NULL labels read `nullText`. Throws a
    /// `ChartError` for fewer than two columns or a value column that holds
    /// text or a blob.
    public init<Source: RowSource>(_ source: inout Source, nullText: String) throws {
        let columns = source.columnNames
        guard columns.count >= 2 else {
            throw ChartError.tooFewColumns(columns.count)
        }
        labels = []
        series = columns.dropFirst().map { Series(name: $0, values: []) }
        while try source.step() {
            labels.append(ChartData.label(source.value(at: 0), nullText: nullText))
            for index in series.indices {
                switch source.value(at: index + 1) {
                case .null: series[index].values.append(nil)
                case .integer(let value): series[index].values.append(Double(value))
                case .real(let value): series[index].values.append(value.isFinite ? value : nil)
                case .text, .blob:
                    throw ChartError.notNumeric(column: series[index].name, row: labels.count)
                }
            }
        }
    }

    /// A value as a chart writes it: whole numbers as they are, others to
    /// six significant digits.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : RealFormat.string(value, digits: 6)
    }

    static func label(_ cell: BorrowedValue, nullText: String) -> String {
        switch cell {
        case .null: return nullText
        case .integer(let value): return String(value)
        case .real(let value): return RealFormat.string(value)
        case .text(let bytes): return CellText.visibleLine(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): return CellText.blobLiteral(bytes, limit: 16)
        }
    }
}

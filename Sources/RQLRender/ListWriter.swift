/// Values joined by the separator, as sqlite3's list mode: no quoting, NULL as
/// the null text, blobs as their raw bytes.
struct ListWriter {
    let output: ByteOutput
    let settings: RenderSettings

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let separator = Array(settings.effectiveSeparator.utf8)
        let rowSeparator = Array(settings.rowSeparator.utf8)
        let nullText = Array(settings.effectiveNullText.utf8)
        if settings.showsHeaders {
            output.write(source.columnNames.joined(separator: settings.effectiveSeparator))
            output.write(rowSeparator)
        }
        let columnCount = source.columnNames.count
        var rows = 0
        while try source.step() {
            rows += 1
            for index in 0..<columnCount {
                if index > 0 { output.write(separator) }
                switch source.cell(at: index) {
                case .null: output.write(nullText)
                case .integer(let value): output.write(integer: value)
                case .real(let value): RealFormat.write(value, digits: RealFormat.shellDigits, to: output)
                case .text(let bytes), .blob(let bytes): output.write(bytes)
                }
            }
            output.write(rowSeparator)
        }
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }
}

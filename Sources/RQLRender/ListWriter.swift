/// Values joined by the separator, as sqlite3's list mode: no quoting, NULL as
/// the null text, blobs as their raw bytes. On a terminal, control
/// characters other than tab and newline show as their visible symbols.
struct ListWriter {
    let output: ByteOutput
    let settings: RenderSettings
    private let visible: VisibleText?

    init(output: ByteOutput, settings: RenderSettings) {
        self.output = output
        self.settings = settings
        visible = output.isTerminal ? VisibleText() : nil
    }

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let separator = Array(settings.effectiveSeparator.utf8)
        let rowSeparator = Array(settings.rowSeparator.utf8)
        let nullText = Array(settings.effectiveNullText.utf8)
        if settings.showsHeaders {
            for (index, name) in source.columnNames.enumerated() {
                if index > 0 { output.write(separator) }
                if let visible { visible.write(name, to: output) } else { output.write(name) }
            }
            output.write(rowSeparator)
        }
        let columnCount = source.columnNames.count
        var rows = 0
        while try source.step() {
            rows += 1
            for index in 0..<columnCount {
                if index > 0 { output.write(separator) }
                switch source.value(at: index) {
                case .null: output.write(nullText)
                case .integer(let value): output.write(integer: value)
                case .real(let value): RealFormat.write(value, digits: RealFormat.shellDigits, to: output)
                case .text(let bytes), .blob(let bytes):
                    if let visible { visible.write(bytes, to: output) } else { output.write(bytes) }
                }
            }
            output.write(rowSeparator)
        }
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }
}

/// One value per line, `column = value`, names right-aligned, a blank line
/// between rows (sqlite3's line mode).
struct LineWriter {
    let output: ByteOutput
    let settings: RenderSettings
    let style: TerminalStyle

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let names = source.columnNames
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        var rows = 0
        while try source.step() {
            if rows > 0 { output.write(byte: 0x0A) }
            rows += 1
            for (index, name) in names.enumerated() {
                output.write(repeating: 0x20, count: nameWidth - DisplayWidth.of(name))
                output.write(name)
                output.write(" = ")
                let cell = source.cell(at: index)
                if case .null = cell {
                    style.write(settings.effectiveNullText, as: .null, to: output)
                } else {
                    output.write(CellText.displayText(cell, blobLimit: nil).joined(separator: "\n"))
                }
                output.write(byte: 0x0A)
            }
        }
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }
}

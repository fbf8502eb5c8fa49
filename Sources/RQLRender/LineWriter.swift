/// One value per line, `column = value`, names right-aligned, a blank line
/// between rows (sqlite3's line mode). Tabs become spaces and other control
/// characters show as their visible symbols, as in box mode; blobs show as
/// `x'…'`, whole.
struct LineWriter {
    let output: ByteOutput
    let settings: RenderSettings
    let style: TerminalStyle
    private let text = VisibleText(expandsTabs: true)

    init(output: ByteOutput, settings: RenderSettings, style: TerminalStyle) {
        self.output = output
        self.settings = settings
        self.style = style
    }

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let prefixes = linePrefixes(source.columnNames)
        var rows = 0
        while try source.step() {
            if rows > 0 { output.write(byte: 0x0A) }
            rows += 1
            for (index, prefix) in prefixes.enumerated() {
                output.write(prefix)
                switch source.value(at: index) {
                case .null: style.write(settings.effectiveNullText, as: .null, to: output)
                case .integer(let value): output.write(integer: value)
                case .real(let value): RealFormat.write(value, digits: RealFormat.shellDigits, to: output)
                case .text(let bytes): text.write(bytes, to: output)
                case .blob(let bytes):
                    output.write("x'")
                    Hex.write(bytes, to: output)
                    output.write(byte: 0x27)
                }
                output.write(byte: 0x0A)
            }
        }
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }

    /// `   id = `, `title = `: each name made visible and right-aligned, then ` = `.
    private func linePrefixes(_ names: [String]) -> [[UInt8]] {
        let shown = names.map { name in
            let visible = ByteOutput(.memory)
            text.write(name, to: visible)
            return visible.text
        }
        let width = shown.map(DisplayWidth.of).max() ?? 0
        return shown.map { name in
            Array(String(repeating: " ", count: width - DisplayWidth.of(name)).utf8) + Array(name.utf8) + Array(" = ".utf8)
        }
    }
}

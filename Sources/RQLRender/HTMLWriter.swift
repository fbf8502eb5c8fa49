/// An HTML `<table>`, every value escaped, NULL marked with a class. Control
/// characters other than tab and newline show as their visible symbols
/// (`␛`), since HTML has no meaning for them; carriage returns stay in a
/// file, where they are white space, but not on a terminal.
struct HTMLWriter {
    let output: ByteOutput
    let settings: RenderSettings
    private let text: VisibleText

    init(output: ByteOutput, settings: RenderSettings) {
        self.output = output
        self.settings = settings
        text = VisibleText(keepsCarriageReturns: !output.isTerminal, escapesHTML: true)
    }

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        output.write("<table>\n")
        if settings.showsHeaders {
            output.write("<tr>")
            for name in source.columnNames {
                output.write("<th>")
                text.write(name, to: output)
                output.write("</th>")
            }
            output.write("</tr>\n")
        }
        let nullCell = ByteOutput(.memory)
        nullCell.write("<td class=\"null\">")
        text.write(settings.effectiveNullText, to: nullCell)
        let nullBytes = nullCell.bytes
        let columnCount = source.columnNames.count
        var rows = 0
        while try source.step() {
            rows += 1
            output.write("<tr>")
            for index in 0..<columnCount {
                switch source.value(at: index) {
                case .null:
                    output.write(nullBytes)
                case .integer(let value):
                    output.write("<td class=\"number\">")
                    output.write(integer: value)
                case .real(let value):
                    output.write("<td class=\"number\">")
                    RealFormat.write(value, digits: RealFormat.shellDigits, to: output)
                case .text(let bytes):
                    output.write("<td>")
                    text.write(bytes, to: output)
                case .blob(let bytes):
                    output.write("<td>x&#39;")
                    Hex.write(bytes, to: output)
                    output.write("&#39;")
                }
                output.write("</td>")
            }
            output.write("</tr>\n")
        }
        output.write("</table>\n")
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }
}

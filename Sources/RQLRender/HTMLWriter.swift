/// An HTML `<table>`, every value escaped, NULL marked with a class.
struct HTMLWriter {
    let output: ByteOutput
    let settings: RenderSettings

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        output.write("<table>\n")
        if settings.showsHeaders {
            output.write("<tr>")
            for name in source.columnNames {
                output.write("<th>")
                output.write(HTMLWriter.escape(name))
                output.write("</th>")
            }
            output.write("</tr>\n")
        }
        let columnCount = source.columnNames.count
        var rows = 0
        while try source.step() {
            rows += 1
            output.write("<tr>")
            for index in 0..<columnCount {
                let cell = source.cell(at: index)
                switch cell {
                case .null:
                    output.write("<td class=\"null\">")
                    output.write(HTMLWriter.escape(settings.effectiveNullText))
                case .integer, .real:
                    output.write("<td class=\"number\">")
                    output.write(CellText.plainText(cell))
                case .text, .blob:
                    output.write("<td>")
                    output.write(HTMLWriter.escape(CellText.plainText(cell)))
                }
                output.write("</td>")
            }
            output.write("</tr>\n")
        }
        output.write("</table>\n")
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }

    /// Escapes text for HTML content and attribute values.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

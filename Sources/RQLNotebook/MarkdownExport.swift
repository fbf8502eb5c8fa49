import RQLLanguage
import RQLRender

/// `rql export --to md`: the prose as Markdown, each cell as a fenced code
/// block, result tables as GitHub tables, errors as quoted notes, other
/// output as preformatted text. Built from the recorded outputs alone.
/// Values and error messages are never read as markup, and control
/// characters show as visible symbols (tab and newline stay).
public enum MarkdownExport {
    /// From the recorded outputs, or from the fresh ones of `run` (`--execute`).
    public static func render(_ notebook: Notebook, run: NotebookRun? = nil) -> String {
        var parts: [String] = []
        for block in NotebookBlock.blocks(of: notebook) {
            switch block {
            case .prose(let lines):
                parts.append(lines.joined(separator: "\n"))
            case .cell(let cell):
                parts.append(fence(cell.command.text, language: cell.command.language == .sql ? "sql" : "rql"))
                for output in notebook.exportedOutputs(of: cell, run: run) { parts.append(render(output)) }
            }
        }
        return CellText.visibleText(parts.joined(separator: "\n\n") + "\n")
    }

    private static func render(_ output: RecordedOutput) -> String {
        switch output {
        case .table(let columns, let rows, let after):
            var lines = [row(columns.map(literal)), "|" + columns.map { _ in "---" }.joined(separator: "|") + "|"]
            // NULL in italics, apart from the text 'NULL' (as the HTML styles it).
            lines += rows.map { row($0.map { $0 == .null ? "*NULL*" : literal($0.text) }) }
            if !after.isEmpty { lines += [""] + after.map { "*\($0)*" } }
            return lines.joined(separator: "\n")
        case .error(let lines):
            var quoted = ["> **error:** " + literal(String((lines.first ?? "").dropFirst("error: ".count)))]
            if lines.count > 1 { quoted += ["> ```"] + lines.dropFirst().map { "> " + $0 } + ["> ```"] }
            return quoted.joined(separator: "\n")
        case .ok(let text):
            return "*\(text)*"
        case .text(let lines), .chart(_, _, _, let lines):
            return fence(lines.joined(separator: "\n"), language: "text")
        case .diagram(let pictures, _):
            // GitHub and many Markdown tools draw a mermaid block.
            return fence(pictures.mermaid.hasSuffix("\n") ? String(pictures.mermaid.dropLast()) : pictures.mermaid, language: "mermaid")
        }
    }

    /// A table row of cells in Markdown, line breaks as `<br>` so a value stays in its cell.
    private static func row(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingASCII { $0 == UInt8(ascii: "\n") ? "<br>" : nil } }.joined(separator: " | ") + " |"
    }

    /// Text that Markdown shows as it is: a backslash before each character
    /// that would start markup (emphasis, code, links, HTML, entities,
    /// strikethrough, math) or end a table cell, and before a backslash.
    static func literal(_ text: String) -> String {
        text.replacingASCII { "\\`*_[<&~$|".utf8.contains($0) ? "\\" + String(UnicodeScalar($0)) : nil }
    }

    /// A fenced block whose fence is longer than any run of backticks inside.
    private static func fence(_ text: String, language: String) -> String {
        var longest = 0
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let marks = String(repeating: "`", count: max(3, longest + 1))
        return marks + language + "\n" + text + "\n" + marks
    }
}

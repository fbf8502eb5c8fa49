import RQLEngine
import RQLLanguage
import RQLRender
import RQLValues

/// The pieces of `rql serve`'s page that come from a notebook, as HTML
/// escaped as `rql export` escapes it: prose, highlighted commands,
/// outputs (long results in pages the server holds), diffs and grades.
public enum PageHTML {
    /// How many rows of a long result a page of it shows.
    public static let pageRows = 200

    /// Prose lines (Markdown, without `--`) as HTML.
    public static func prose(_ markdown: String) -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return CellText.visibleText(Prose.html(lines) { _, text in Prose.slug(text) })
    }

    /// A command's text, over its lines, highlighted as `rql export` highlights it.
    public static func source(_ text: String) -> String {
        guard let (language, _) = InputLanguage.classify(text[...]) else { return CellText.visibleText(HTMLExport.escape(text)) }
        return CellText.visibleText(HTMLExport.highlight(Command(language, text)))
    }

    /// A recorded output block (lines without `--> `).
    public static func recorded(_ lines: [String]?) -> String {
        CellText.visibleText(RecordedOutput.read(lines ?? []).map(HTMLExport.render).joined())
    }

    /// A fresh outcome: charts and diagrams drawn; a result longer than
    /// its box showed as its first `pageRows` rows, with a button for more
    /// when `hold` keeps the result and gives its number.
    public static func outcome(_ outcome: CellOutcome, hold: (ResultLog.Table) -> Int?) -> String {
        // The tables read back are, in order, the results written as boxes (`RecordedOutput.read`).
        var boxes = outcome.tables.filter(\.isBoxed)[...]
        var html = ""
        for output in RecordedOutput.fresh(outcome) {
            switch output {
            case .diagram(let pictures, _) where pictures.svg == nil:
                // Without Graphviz, the diagram as Mermaid, which the reader can paste where it is drawn.
                html += "<pre class=\"output mermaid\">\(HTMLExport.escape(pictures.mermaid))</pre>\n"
            case .table(_, let shown, let after):
                if let result = boxes.popFirst(), result.rowCount > shown.count, result.rows.count == result.rowCount {
                    html += table(result, after: after, hold: hold)
                } else {
                    html += HTMLExport.render(output)
                }
            default:
                html += HTMLExport.render(output)
            }
        }
        return CellText.visibleText(html)
    }

    /// A long result: its first page of rows, and a button for the next
    /// page when the server holds the rest.
    private static func table(_ result: ResultLog.Table, after: [String], hold: (ResultLog.Table) -> Int?) -> String {
        var html = "<div class=\"result\"><table>\n<thead><tr>"
        html += result.columns.map { "<th>\(HTMLExport.escape($0))</th>" }.joined()
        html += "</tr></thead>\n<tbody>\n" + rows(result.rows.prefix(pageRows)) + "</tbody>\n</table>"
        if result.rows.count > pageRows, let number = hold(result) {
            html += "<button class=\"more\" data-result=\"\(number)\" data-offset=\"\(pageRows)\">"
            html += "Show more (\(pageRows) of \(result.rowCount) rows shown)</button>"
        }
        html += "</div>\n"
        // What the box said of the rows and columns it left out; the page shows them all.
        let shown = result.shownRows.map { $0.head.count + $0.tail.count } ?? result.rowCount
        let boxNotes = [TableNote.rowsShown(total: result.rowCount, shown: shown)]
            + (1...max(1, result.columns.count)).map(TableNote.hiddenColumns)
        let notes = after.filter { !boxNotes.contains($0) }
        return html + notes.map { "<p class=\"footer\">\(HTMLExport.escape($0))</p>\n" }.joined()
            + "<p class=\"footer\">\(result.rowCount) rows</p>\n"
    }

    /// Rows as `<tr>` lines.
    public static func rows(_ rows: ArraySlice<[SQLValue]>) -> String {
        CellText.visibleText(rows.map { row in
            "<tr>" + row.map { HTMLExport.cell(TableValue(live: $0)) }.joined() + "</tr>\n"
        }.joined())
    }

    /// The line diff between a recorded output and a fresh one, as
    /// `rql check` shows it (`-`, `+`, and a space for lines in common);
    /// nil when they are the same or there was no recorded output.
    public static func diff(recorded: [String]?, fresh: [String]) -> String? {
        guard let recorded, recorded != fresh else { return nil }
        let old = recorded.map { $0.isEmpty ? "-->" : "--> " + $0 }
        let new = fresh.map { $0.isEmpty ? "-->" : "--> " + $0 }
        return LineDiff.lines(from: old, to: new).map { line in
            switch line {
            case .same(let text): " " + text
            case .removed(let text): "-" + text
            case .added(let text): "+" + text
            }
        }.joined(separator: "\n")
    }

    /// A grade's report lines.
    public static func grade(_ report: [String], isRight: Bool) -> String {
        let verdict = isRight ? "right" : "wrong"
        return "<p class=\"verdict\">\(verdict)</p>\n<pre class=\"output\">\(CellText.visibleText(HTMLExport.escape(report.joined(separator: "\n"))))</pre>\n"
    }
}

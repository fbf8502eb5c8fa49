import Foundation
import RQLEngine
import RQLLanguage
import RQLRender

/// `rql export --to html`: one self-contained page (inline CSS with light
/// and dark schemes, no scripts, nothing fetched), a table of contents
/// from the prose headings, cells with their SQL or DSL highlighted,
/// results as real tables with NULL styled. Every text from the notebook
/// is escaped: a value is never read as markup, and control characters
/// show as visible symbols (tab and newline stay).
public enum HTMLExport {
    /// From the recorded outputs, or from the fresh ones of `run` (`--execute`).
    public static func render(_ notebook: Notebook, run: NotebookRun? = nil) -> String {
        let blocks = NotebookBlock.blocks(of: notebook)
        var headings: [(level: Int, text: String, anchor: String)] = []
        var body = ""
        var anchors: Set<String> = []
        for block in blocks {
            switch block {
            case .prose(let lines):
                body += Prose.html(lines) { level, text in
                    var anchor = Prose.slug(text)
                    var suffix = 2
                    while anchors.contains(anchor) {
                        anchor = Prose.slug(text) + "-\(suffix)"
                        suffix += 1
                    }
                    anchors.insert(anchor)
                    headings.append((level, text, anchor))
                    return anchor
                }
            case .cell(let cell):
                body += "<section class=\"cell\">\n<pre class=\"source\"><code>\(highlight(cell.command))</code></pre>\n"
                for output in notebook.exportedOutputs(of: cell, run: run) { body += render(output) }
                body += "</section>\n"
            }
        }
        let title = headings.first?.text ?? (notebook.path as NSString).lastPathComponent
        var contents = ""
        if headings.count > 1 {
            contents = "<nav class=\"contents\">\n<h2>Contents</h2>\n<ul>\n"
            for heading in headings {
                contents += "<li class=\"level\(heading.level)\"><a href=\"#\(heading.anchor)\">\(Prose.inline(heading.text))</a></li>\n"
            }
            contents += "</ul>\n</nav>\n"
        }
        return CellText.visibleText("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="rql export">
            <title>\(escape(Prose.plain(title)))</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <main>
            \(contents)\(body)</main>
            </body>
            </html>

            """)
    }

    static func render(_ output: RecordedOutput) -> String {
        switch output {
        case .table(let columns, let rows, let after):
            var html = "<div class=\"result\"><table>\n<thead><tr>"
            html += columns.map { "<th>\(escape($0))</th>" }.joined()
            html += "</tr></thead>\n<tbody>\n"
            for row in rows {
                html += "<tr>" + row.map(cell).joined() + "</tr>\n"
            }
            html += "</tbody>\n</table></div>\n"
            html += after.map { "<p class=\"footer\">\(escape($0))</p>\n" }.joined()
            return html
        case .error(let lines):
            return "<pre class=\"error\">\(escape(lines.joined(separator: "\n")))</pre>\n"
        case .ok(let text):
            return "<p class=\"ok\">\(escape(text))</p>\n"
        case .text(let lines):
            return "<pre class=\"output\">\(escape(lines.joined(separator: "\n")))</pre>\n"
        case .chart(let kind, let columns, let rows, let lines):
            guard let svg = ChartSVG.render(kind, columns: columns, rows: rows) else { return render(.text(lines)) }
            return "<figure class=\"chart\">\n\(svg)</figure>\n"
        case .diagram(let pictures, let lines):
            // Drawn by Graphviz from rql's own DOT; without dot, the terminal's drawing.
            guard let svg = pictures.svg else { return render(.text(lines)) }
            return "<figure class=\"diagram\">\n\(svg)</figure>\n"
        }
    }

    /// One value: NULL styled, numbers to the right.
    static func cell(_ value: TableValue) -> String {
        switch value {
        case .null: "<td class=\"null\">NULL</td>"
        case .number(let text): "<td class=\"number\">\(escape(text))</td>"
        case .text(let text): "<td>\(escape(text))</td>"
        }
    }

    /// The command with SQL keywords, strings, numbers and DSL stage words in spans.
    static func highlight(_ command: Command) -> String {
        guard command.language != .dot else { return "<span class=\"dot\">\(escape(command.text))</span>" }
        let text = command.text
        let bytes = Array(text.utf8)
        var html = ""
        var written = 0
        let stages: Set<String> = ["where", "order", "group", "having", "join", "select", "limit", "find", "count",
                                   "update", "delete", "insert", "search", "let", "def", "enum", "alias"]
        for token in SQLTokenizer.tokens(text) {
            let kind: String?
            switch token.kind {
            case .word:
                kind = command.language == .dsl ? (stages.contains(token.text) ? "keyword" : nil)
                    : Session.isKeyword(token.text) ? "keyword" : nil
            case .string: kind = "string"
            case .number: kind = "number"
            case .quotedName, .punctuation: kind = token.isPunctuation("|") && command.language == .dsl ? "pipe" : nil
            }
            guard let kind else { continue }
            html += comments(String(decoding: bytes[written..<token.range.lowerBound], as: UTF8.self))
            html += "<span class=\"\(kind)\">\(escape(String(decoding: bytes[token.range], as: UTF8.self)))</span>"
            written = token.range.upperBound
        }
        return html + comments(String(decoding: bytes[written...], as: UTF8.self))
    }

    /// Text between highlighted tokens, with `-- comments` in a span.
    private static func comments(_ gap: String) -> String {
        guard gap.contains("--") else { return escape(gap) }
        var html = ""
        for (index, line) in gap.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { html += "\n" }
            if let start = line.range(of: "--") {
                html += escape(String(line[..<start.lowerBound]))
                html += "<span class=\"comment\">\(escape(String(line[start.lowerBound...])))</span>"
            } else {
                html += escape(String(line))
            }
        }
        return html
    }

    static func escape(_ text: String) -> String {
        text.replacingASCII { byte in
            switch byte {
            case UInt8(ascii: "&"): return "&amp;"
            case UInt8(ascii: "<"): return "&lt;"
            case UInt8(ascii: ">"): return "&gt;"
            case UInt8(ascii: "\""): return "&quot;"
            case UInt8(ascii: "'"): return "&#39;"
            default: return nil
            }
        }
    }

    public static let style = """
        :root { color-scheme: light dark; --text: #1d1d1f; --muted: #6e6e73; --page: #ffffff; --panel: #f5f5f7;
          --rule: #d2d2d7; --keyword: #ad3da4; --string: #c41a16; --number: #1c00cf; --comment: #5d6c79;
          --error: #b3261e; --error-panel: #fdecea; --null: #8e8e93; --link: #0066cc;
          --s0: #0a84ff; --s1: #bf5af2; --s2: #ff9f0a; --s3: #30b158; --s4: #5e5ce6; --s5: #ff453a; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #f5f5f7; --muted: #a1a1a6; --page: #1c1c1e; --panel: #2c2c2e; --rule: #48484a;
            --keyword: #ff7ab2; --string: #ff8170; --number: #d9c97c; --comment: #7f8c98;
            --error: #ff6b60; --error-panel: #3a1d1b; --null: #8e8e93; --link: #6bb1ff;
            --s0: #409cff; --s1: #da8fff; --s2: #ffb340; --s3: #4cd964; --s4: #7d7aff; --s5: #ff6961; }
        }
        body { margin: 0; background: var(--page); color: var(--text);
          font: 16px/1.55 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; }
        main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
        h1, h2, h3, h4 { line-height: 1.25; margin: 2rem 0 0.75rem; }
        a { color: var(--link); }
        code, pre { font: 0.875rem/1.5 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        p code, li code { background: var(--panel); padding: 0.1rem 0.3rem; border-radius: 4px; }
        nav.contents { background: var(--panel); border-radius: 8px; padding: 0.5rem 1.25rem; margin-bottom: 2rem; }
        nav.contents h2 { font-size: 1rem; margin: 0.5rem 0; }
        nav.contents ul { list-style: none; padding-left: 0; margin: 0 0 0.5rem; }
        nav.contents li.level2 { padding-left: 1rem; }
        nav.contents li.level3, nav.contents li.level4 { padding-left: 2rem; }
        section.cell { margin: 1.25rem 0; }
        pre { margin: 0; padding: 0.75rem 1rem; border-radius: 8px; overflow-x: auto; white-space: pre; }
        pre.source { background: var(--panel); border-left: 4px solid var(--keyword); }
        pre.output { background: var(--panel); color: var(--text); margin-top: 0.5rem; }
        pre.error { background: var(--error-panel); color: var(--error); margin-top: 0.5rem; }
        .keyword { color: var(--keyword); font-weight: 600; }
        .string { color: var(--string); }
        .number { color: var(--number); }
        .comment { color: var(--comment); font-style: italic; }
        .pipe, .dot { color: var(--keyword); }
        div.result { overflow-x: auto; margin-top: 0.5rem; }
        table { border-collapse: collapse; font-size: 0.9rem; }
        th, td { border: 1px solid var(--rule); padding: 0.3rem 0.65rem; text-align: left; vertical-align: top; white-space: pre-wrap; overflow-wrap: anywhere; }
        th { background: var(--panel); }
        td.number { text-align: right; font-variant-numeric: tabular-nums; color: inherit; }
        td.null { color: var(--null); font-style: italic; }
        p.ok, p.footer { color: var(--muted); font-size: 0.9rem; margin: 0.4rem 0 0; }
        figure { margin: 0.5rem 0 0; overflow-x: auto; }
        figure.diagram svg { max-width: 100%; height: auto; background: #ffffff; border-radius: 8px; }
        svg.chart text { fill: var(--text); font-size: 12px; font-family: inherit; }
        svg.chart .axis { stroke: var(--muted); stroke-width: 1; }
        svg.chart .line { fill: none; stroke-width: 2; }
        svg.chart .s0 { fill: var(--s0); stroke: var(--s0); } svg.chart .s1 { fill: var(--s1); stroke: var(--s1); }
        svg.chart .s2 { fill: var(--s2); stroke: var(--s2); } svg.chart .s3 { fill: var(--s3); stroke: var(--s3); }
        svg.chart .s4 { fill: var(--s4); stroke: var(--s4); } svg.chart .s5 { fill: var(--s5); stroke: var(--s5); }
        svg.chart .line.s0, svg.chart .line.s1, svg.chart .line.s2, svg.chart .line.s3, svg.chart .line.s4, svg.chart .line.s5 { fill: none; }
        """
}

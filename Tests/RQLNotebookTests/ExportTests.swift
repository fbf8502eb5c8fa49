import Foundation
import Testing
import RQLRender
@testable import RQLNotebook
import RQLValues

extension TableValue: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { self.init(recorded: text) }
}

/// Markdown and HTML export from recorded outputs.
@Suite struct ExportTests {
    static let notebook = """
        -- @sample reminders
        -- # Tags & <search>
        -- Prose with `code`, **strong**, *emphasis* and [a link](https://sqlite.org).
        -- - one
        -- - two

        SELECT title, NULL AS none FROM tags WHERE title < 'c';
        --> ┌──────────┬──────┐
        --> │ title    │ none │
        --> ├──────────┼──────┤
        --> │ adulting │ NULL │
        --> │ a|b      │ 2    │
        --> └──────────┴──────┘
        --> … 9 rows, 2 shown

        -- ## Errors
        SELECT * FROM nowhere;
        --> error: no such table: nowhere
        reminders | search 'week' | select highlight(title)
        --> ┌──────────────────────────┐
        --> │ highlight(title)         │
        --> ├──────────────────────────┤
        --> │ Send **week**ly <emails> │
        --> └──────────────────────────┘
        .mode list
        --> ok

        """

    @Test func recordedBoxesAreReadBackIntoRows() {
        let outputs = RecordedOutput.read(["┌───┬───┐", "│ a │ b │", "├───┼───┤", "│ 1 │   │", "└───┴───┘", "… 3 rows, 1 shown"])
        #expect(outputs == [.table(columns: ["a", "b"], rows: [["1", ""]], after: ["… 3 rows, 1 shown"])])
        #expect(RecordedOutput.read(["+---+", "| a |", "+---+", "| 1 |", "+---+"]) == [.table(columns: ["a"], rows: [["1"]], after: [])])
        #expect(RecordedOutput.read(["clock: x", "deferred: y"]) == [.text(["clock: x", "deferred: y"])])
        #expect(RecordedOutput.read(["ok, 2 rows changed"]) == [.ok("ok, 2 rows changed")])
    }

    @Test func executedExportsTakeTheirValuesFromTheLiveResults() throws {
        let notebook = try Notebook(text: """
            -- @mask ID /[0-9a-f-]{36}/
            SELECT NULL AS a, 'NULL' AS b, 42 AS c, '42' AS d, printf('%.*c', 120, 'x') AS wide, x'00ff' AS blob;
            --> recorded long ago
            SELECT id FROM remindersLists ORDER BY position LIMIT 1;
            -- @sort rows
            SELECT 'b' AS v UNION ALL SELECT 'a';
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 50) SELECT x FROM n;
            """, path: "live.rql")
        let run = try NotebookRunner(logsResults: true).run(notebook)
        #expect(run.outcomes[0]?.tables.first?.rows == [[.null, .text("NULL"), .integer(42), .text("42"),
                                                          .text(String(repeating: "x", count: 120)), .blob([0, 255])]])
        let outputs = (0..<4).map { notebook.exportedOutputs(of: notebook.cells[$0], run: run) }
        guard case .table(_, let rows, _) = outputs[0].first else { Issue.record("no table"); return }
        #expect(rows == [[.null, .text("NULL"), .number("42"), .text("42"), .text(String(repeating: "x", count: 120)), .text("x'00ff'")]])
        // Masks apply to the values too; sorted rows and cut tables are read from the lines.
        #expect(outputs[1] == [.table(columns: ["id"], rows: [[.text("[ID]")]], after: [])])
        #expect(outputs[2] == [.table(columns: ["v"], rows: [["a"], ["b"]], after: [])])
        guard case .table(_, let cut, let after) = outputs[3].first else { Issue.record("no table"); return }
        #expect(cut.count == 41 && cut[20] == ["…"] && after == ["… 50 rows, 40 shown"])
        // Without a run, the recorded output.
        #expect(notebook.exportedOutputs(of: notebook.cells[0], run: nil) == [.text(["recorded long ago"])])
        let html = HTMLExport.render(notebook, run: run)
        #expect(html.contains("<tr><td class=\"null\">NULL</td><td>NULL</td><td class=\"number\">42</td><td>42</td>"))
    }

    /// The tables of a cell's output take the values of the results logged
    /// as box or table, in order: a result written in another mode before
    /// them, with the same column, is not taken for them.
    @Test func executedTablesAreTheirResultsInOrder() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("rql-modes-\(UUID().uuidString).sql").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try ".mode list\nSELECT 'listed' AS n;\n.mode box\nSELECT NULL AS n;\nSELECT 7 AS n;\n"
            .write(toFile: script, atomically: false, encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.path
        let notebook = try Notebook(text: ".read \(script)\n", path: folder + "/modes.rql")
        let run = try NotebookRunner(logsResults: true).run(notebook)
        let outputs = notebook.exportedOutputs(of: notebook.cells[0], run: run)
        #expect(outputs == [.text(["n", "listed"]), .table(columns: ["n"], rows: [[.null]], after: []),
                            .table(columns: ["n"], rows: [[.number("7")]], after: [])])
    }

    /// From a run, a value of several lines stays one row, and NULL is
    /// told apart from the text 'NULL'.
    @Test func executedMarkdownKeepsMultiLineValuesInOneRow() throws {
        let notebook = try Notebook(text: """
            SELECT 'two' || char(10) || 'lines 東京' AS note, NULL AS a, 'NULL' AS b, 1.5 AS r, 7 AS n;
            """, path: "lines.rql")
        let markdown = MarkdownExport.render(notebook, run: try NotebookRunner(logsResults: true).run(notebook))
        #expect(markdown.contains("""
            | note | a | b | r | n |
            |---|---|---|---|---|
            | two<br>lines 東京 | *NULL* | NULL | 1.5 | 7 |
            """))
    }

    /// Exported from a fresh run, an `.erd` cell is a Mermaid block in
    /// Markdown and Graphviz's SVG in HTML; a chart cell is an SVG drawn
    /// from its values. From the recorded outputs, both keep their text.
    static let pictures = """
            .erd tags

            reminders | group by list.title | select list.title, count() as n | order list.title | chart bar

            .chart line

            SELECT value, value * value AS square FROM generate_series(-3, 3);
            """

    @Test func picturesFromAFreshRun() throws {
        let notebook = try Notebook(text: ExportTests.pictures, path: "pictures.rql")
        let run = try NotebookRunner(logsResults: true).run(notebook)
        let markdown = MarkdownExport.render(notebook, run: run)
        #expect(markdown.contains("```mermaid\nerDiagram\n    remindersTags {\n"))
        #expect(markdown.contains("Personal ████"))
        let html = HTMLExport.render(notebook, run: run)
        #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 2)
        #expect(html.contains("aria-label=\"bar chart of n\""))
        #expect(html.contains("<polyline class=\"line s0\""))
        #expect(!html.lowercased().contains("<script"))
        let recorded = HTMLExport.render(notebook)
        #expect(!recorded.contains("<svg"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"),
                   "skipped: the .erd SVG in HTML, as Graphviz's dot is not installed"))
    func theDiagramIsGraphvizSVGInHTML() throws {
        let notebook = try Notebook(text: ExportTests.pictures, path: "pictures.rql")
        let html = HTMLExport.render(notebook, run: try NotebookRunner(logsResults: true).run(notebook))
        #expect(html.contains("<figure class=\"diagram\">\n<svg"))
    }

    /// Charts of reals at the ends of Double export as SVG whose every
    /// coordinate is a finite number inside the picture.
    @Test(arguments: ChartKind.allCases)
    func chartsOfHugeRealsExportFiniteCoordinates(kind: ChartKind) throws {
        let cases: [[Double]] = [[1e308, -1e308], [1.7976931348623157e308], [8.9e307, -8.9e307, 0], [5e-324, 1e-323], [7, 7]]
        for values in cases {
            let rows = values.enumerated().map { [SQLValue.text("r\($0.offset)"), .real($0.element)] }
            let svg = try #require(ChartSVG.render(kind, columns: ["label", "v"], rows: rows))
            #expect(!svg.contains("inf") && !svg.contains("nan"), "\(values): \(svg)")
            let width = try #require(Double(svg.firstMatch(of: /width="([0-9]+)"/)?.output.1 ?? ""))
            for match in svg.matches(of: /(?:x|x1|x2|width)="(-?[0-9.]+)"/) {
                let coordinate = try #require(Double(match.output.1))
                #expect(coordinate >= 0 && coordinate <= width, "\(values): \(match.output.0)")
            }
        }
    }

    @Test func markdown() throws {
        let markdown = MarkdownExport.render(try Notebook(text: Self.notebook, path: "tags.rql"))
        #expect(markdown == """
            # Tags & <search>
            Prose with `code`, **strong**, *emphasis* and [a link](https://sqlite.org).
            - one
            - two

            ```sql
            SELECT title, NULL AS none FROM tags WHERE title < 'c';
            ```

            | title | none |
            |---|---|
            | adulting | *NULL* |
            | a\\|b | 2 |

            *… 9 rows, 2 shown*

            ## Errors

            ```sql
            SELECT * FROM nowhere;
            ```

            > **error:** no such table: nowhere

            ```rql
            reminders | search 'week' | select highlight(title)
            ```

            | highlight(title) |
            |---|
            | Send \\*\\*week\\*\\*ly \\<emails> |

            ```rql
            .mode list
            ```

            *ok*

            """)
    }

    @Test func html() throws {
        let html = HTMLExport.render(try Notebook(text: Self.notebook, path: "tags.rql"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<title>Tags &amp; &lt;search&gt;</title>"))
        #expect(html.contains("<li class=\"level1\"><a href=\"#tags-search\">Tags &amp; &lt;search&gt;</a></li>\n<li class=\"level2\"><a href=\"#errors\">Errors</a></li>"))
        #expect(html.contains("<h1 id=\"tags-search\">Tags &amp; &lt;search&gt;</h1>"))
        #expect(html.contains("<p>Prose with <code>code</code>, <strong>strong</strong>, <em>emphasis</em> and <a href=\"https://sqlite.org\">a link</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>"))
        #expect(html.contains("<span class=\"keyword\">SELECT</span> title, <span class=\"keyword\">NULL</span>"))
        #expect(html.contains("<span class=\"string\">&#39;c&#39;</span>"))
        #expect(html.contains("<tr><td>adulting</td><td class=\"null\">NULL</td></tr>\n<tr><td>a|b</td><td class=\"number\">2</td></tr>"))
        #expect(html.contains("<p class=\"footer\">… 9 rows, 2 shown</p>"))
        #expect(html.contains("<pre class=\"error\">error: no such table: nowhere</pre>"))
        #expect(html.contains("<td>Send **week**ly &lt;emails&gt;</td>"))
        #expect(html.contains("<span class=\"dot\">.mode list</span>"))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("@import"))
    }

    @Test func proseTables() {
        let html = Prose.html(["Before.", "| Key | Does |", "| --- | ---: |", "| `Shift-Enter` | runs <b> |", "| a \\| b |", "After."]) { _, text in text }
        #expect(html == """
            <p>Before.</p>
            <div class="result"><table>
            <thead><tr><th>Key</th><th style="text-align: right">Does</th></tr>
            </thead>
            <tbody>
            <tr><td><code>Shift-Enter</code></td><td style="text-align: right">runs &lt;b&gt;</td></tr>
            <tr><td>a | b</td><td style="text-align: right"></td></tr>
            </tbody>
            </table></div>
            <p>After.</p>

            """)
        // Without the delimiter line, pipes are text.
        #expect(Prose.html(["| not | a table |"]) { _, text in text } == "<p>| not | a table |</p>\n")
    }

    @Test func unsafeLinksAndMarkupStayText() {
        #expect(Prose.inline("[x](javascript:alert(1)) <b>") == "[x](javascript:alert(1)) &lt;b&gt;")
        #expect(Prose.inline("a `<i>` b") == "a <code>&lt;i&gt;</code> b")
    }

    /// A value is never read as markup: in HTML its text shows as it is,
    /// in Markdown every character Markdown gives a meaning is escaped.
    @Test func valuesAreNeverMarkup() throws {
        let notebook = try Notebook(text: """
            SELECT '**bold**' AS "*b*", '<i>x</i> [l](u) `c` _e_ ~s~ $m$ &amp; a\\|b' AS v;
            """, path: "markup.rql")
        let run = try NotebookRunner(logsResults: true).run(notebook)
        let html = HTMLExport.render(notebook, run: run)
        #expect(html.contains("<th>*b*</th><th>v</th>"))
        #expect(html.contains("<td>**bold**</td><td>&lt;i&gt;x&lt;/i&gt; [l](u) `c` _e_ ~s~ $m$ &amp;amp; a\\|b</td>"))
        #expect(!html.contains("<mark>"))
        let markdown = MarkdownExport.render(notebook, run: run)
        #expect(markdown.contains("""
            | \\*b\\* | v |
            |---|---|
            | \\*\\*bold\\*\\* | \\<i>x\\</i> \\[l](u) \\`c\\` \\_e\\_ \\~s\\~ \\$m\\$ \\&amp; a\\\\\\|b |
            """), "\(markdown)")
    }

    /// Control characters from the database or the notebook (ESC, BS, CR,
    /// DEL, C1, NUL) are visible symbols in both exports, so neither file
    /// can move the cursor of a terminal that shows it; tab and newline stay.
    @Test func exportsShowControlCharactersAsSymbols() throws {
        let notebook = try Notebook(text: """
            -- A heading \u{1B}[2J in the prose
            SELECT 'a' || char(27) || '[2J' || char(8) || char(13) || char(127) || char(155) || char(0) || 'b' || char(9) || 'c' AS "v\u{1B}[31m";

            CREATE TABLE "t\u{1B}[2J" (x);

            .schema

            SELECT char(27) || '[2J' AS e;
            --> ┌──────┐
            --> │ e    │
            --> ├──────┤
            --> │ \u{1B}[2J │
            --> └──────┘
            """, path: "controls.rql")
        let run = try NotebookRunner(logsResults: true).run(notebook)
        for (format, text) in [("md", MarkdownExport.render(notebook, run: run)), ("html", HTMLExport.render(notebook, run: run)),
                               ("recorded md", MarkdownExport.render(notebook)), ("recorded html", HTMLExport.render(notebook))] {
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value) }
            #expect(controls.isEmpty, "\(format): \(controls.map(\.value))")
            #expect(text.contains("␛[2J"), "\(format)")
        }
        let markdown = MarkdownExport.render(notebook, run: run)
        #expect(markdown.contains("| v␛\\[31m |\n|---|\n| a␛\\[2J␈␍␡�␀b\tc |"), "\(markdown)")
        #expect(markdown.contains("CREATE TABLE \"t␛[2J\" (x);"))
    }

    /// `--execute` exports a result whole, as docs/notebooks.md says: the
    /// columns the box hid to fit the width come back, and so do the values
    /// it cut, also in a result cut to its first and last rows.
    @Test func executedExportsShowWideResultsWhole() throws {
        let wide = (1...18).map { "\($0) AS n\($0)" }.joined(separator: ", ")
        let notebook = try Notebook(text: """
            SELECT 'id-' || value AS id, printf('%.*c', 60, 'a') AS a, \(wide), 'end' AS z FROM generate_series(1, 3);

            SELECT value, printf('%.*c', 150, 'w') AS w FROM generate_series(1, 45);
            """, path: "wide.rql")
        let run = try NotebookRunner(logsResults: true).run(notebook)
        #expect(run.outcomes[0]?.lines.contains { $0.contains("hidden to fit") } == true)
        guard case .table(let columns, let rows, let after) = notebook.exportedOutputs(of: notebook.cells[0], run: run).first else {
            Issue.record("no table")
            return
        }
        #expect(columns == ["id", "a"] + (1...18).map { "n\($0)" } + ["z"])
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == 21 })
        #expect(rows[0][1] == .text(String(repeating: "a", count: 60)) && rows[0][12] == .number("11") && rows[2][20] == .text("end"))
        #expect(after.isEmpty)
        guard case .table(_, let tall, let footer) = notebook.exportedOutputs(of: notebook.cells[1], run: run).first else {
            Issue.record("no table")
            return
        }
        let long = TableValue.text(String(repeating: "w", count: 150))
        #expect(tall.count == 41 && tall[0] == [.number("1"), long] && tall[20] == [.text("…"), .text("…")] && tall[40] == [.number("45"), long])
        #expect(footer == ["… 45 rows, 40 shown"])
        let markdown = MarkdownExport.render(notebook, run: run)
        #expect(markdown.contains("| 45 | " + String(repeating: "w", count: 150) + " |"))
    }

    /// A quote, `<` or `|` followed by a combining mark is still one to a
    /// browser and to Markdown: escaped as the character alone would be.
    @Test func markupFollowedByACombiningMarkIsEscaped() throws {
        #expect(HTMLExport.escape("\"\u{301} onclick=x <\u{338}b> &\u{301} 東京 🎉")
                == "&quot;\u{301} onclick=x &lt;\u{338}b&gt; &amp;\u{301} 東京 🎉")
        let notebook = try Notebook(text: "SELECT 'a|\u{301}b' AS \"x|\u{301}\", '```\u{301}' AS y;\n", path: "marks.rql")
        let markdown = MarkdownExport.render(notebook, run: try NotebookRunner(logsResults: true).run(notebook))
        #expect(markdown.contains("| x\\|\u{301} | y |\n|---|---|\n| a\\|\u{301}b | \\`\\`\\`\u{301} |"))
        // The cell's fence is longer than the run of backticks in its text.
        #expect(markdown.contains("````sql\n"))
    }
}

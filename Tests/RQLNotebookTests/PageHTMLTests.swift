@testable import RQLEngine
@testable import RQLNotebook
import RQLRender
import RQLValues
import Testing

/// The HTML `rql serve`'s page shows: values escaped as the export escapes
/// them, a diagram without Graphviz as Mermaid, diffs as `rql check` shows them.
struct PageHTMLTests {
    @Test func rowsShowEachValueByItsType() {
        let html = PageHTML.rows([[.null, .integer(42), .real(2.5), .text("<b>日本</b>\u{1B}"), .blob([0xCA, 0xFE])]][...])
        #expect(html == "<tr><td class=\"null\">NULL</td><td class=\"number\">42</td><td class=\"number\">2.5</td>"
            + "<td>&lt;b&gt;日本&lt;/b&gt;␛</td><td>x&#39;cafe&#39;</td></tr>\n")
    }

    @Test func aDiagramWithoutGraphvizIsItsMermaid() {
        let pictures = SchemaPictures(mermaid: "erDiagram\n    t {\n        TEXT \"<x>\"\n    }", svg: nil)
        let outcome = CellOutcome(lines: ["┌───┐"], failed: false, schemaPictures: pictures)
        #expect(PageHTML.outcome(outcome) { _ in nil }
            == "<pre class=\"output mermaid\">erDiagram\n    t {\n        TEXT &quot;&lt;x&gt;&quot;\n    }</pre>\n")
        let drawn = CellOutcome(lines: [], failed: false, schemaPictures: SchemaPictures(mermaid: "", svg: "<svg></svg>"))
        #expect(PageHTML.outcome(drawn) { _ in nil } == "<figure class=\"diagram\">\n<svg></svg></figure>\n")
    }

    @Test func theDiffIsRqlChecks() {
        #expect(PageHTML.diff(recorded: ["a", "b", ""], fresh: ["a", "c", ""]) == " --> a\n---> b\n+--> c\n -->")
        #expect(PageHTML.diff(recorded: ["a"], fresh: ["a"]) == nil)
        #expect(PageHTML.diff(recorded: nil, fresh: ["a"]) == nil)
    }

    @Test func sourceIsHighlightedAndEscaped() {
        #expect(PageHTML.source("SELECT '<i>' -- why") == "<span class=\"keyword\">SELECT</span> <span class=\"string\">&#39;&lt;i&gt;&#39;</span> <span class=\"comment\">-- why</span>")
        #expect(PageHTML.source("-- only <a comment>") == "-- only &lt;a comment&gt;")
    }
}

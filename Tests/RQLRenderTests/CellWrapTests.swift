import Testing
@testable import RQLRender
import RQLValues

/// `--wrap N`: text wider than its column goes over several lines of its
/// cell, broken at spaces, inside a word only when it must, and never inside
/// a character (CJK, emoji sequences, combining marks).
@Suite struct CellWrapTests {
    private func wrapped(_ text: String, _ width: Int) -> [String] {
        Array(text.utf8).withUnsafeBytes { bytes in
            CellWrap.lines(bytes, width: width).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private func render(_ rows: RowArray, _ settings: RenderSettings) throws -> String {
        var rows = rows
        let output = ByteOutput(.memory)
        try Renderer.render(&rows, settings: settings, to: output)
        return output.text
    }

    @Test func wordsBreakAtSpacesAndLongWordsBetweenCharacters() {
        #expect(wrapped("Tax forms and receipts", 10) == ["Tax forms", "and", "receipts"])
        #expect(wrapped("Supercalifragilistic day", 8) == ["Supercal", "ifragili", "stic day"])
        #expect(wrapped("a  b", 1) == ["a", "b"])
        #expect(wrapped("short", 10) == ["short"])
        #expect(wrapped("", 3) == [""])
    }

    @Test func wideCharactersAndClustersStayWhole() {
        #expect(wrapped("東京都千代田区", 5) == ["東京", "都千", "代田", "区"])
        #expect(wrapped("family 👨‍👩‍👧 family", 8) == ["family", "👨‍👩‍👧", "family"])
        #expect(wrapped("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(wrapped("🇯🇵🇫🇷🇩🇪", 4) == ["🇯🇵🇫🇷", "🇩🇪"])
        #expect(wrapped("नमस्ते दुनिया", 4) == ["नमस्ते", "दुनिया"])
        // A character wider than the column gets a line of its own.
        #expect(wrapped("東京", 1) == ["東", "京"])
    }

    @Test func boxWrapsTextAndKeepsNumbersWhole() throws {
        var settings = RenderSettings(mode: .box, showsHeaders: true)
        settings.wrapWidth = 12
        let rows = RowArray(columns: ["title", "n"], rows: [
            [.text("For Those About To Rock (We Salute You)"), .integer(1234567890123456)],
            [.text("東京都千代田区丸の内"), .null],
        ])
        #expect(try render(rows, settings) == """
            ┌──────────────┬──────────────────┐
            │ title        │ n                │
            ├──────────────┼──────────────────┤
            │ For Those    │ 1234567890123456 │
            │ About To     │                  │
            │ Rock (We     │                  │
            │ Salute You)  │                  │
            │ 東京都千代田 │ NULL             │
            │ 区丸の内     │                  │
            └──────────────┴──────────────────┘

            """)
        settings.wrapWidth = 0
        #expect(try render(rows, settings).contains("│ For Those About To Rock (We Salute You) │"))
    }

    /// Fitting to a narrow terminal wraps instead of cutting: no `…`, and
    /// every word of the value is in the output.
    @Test func fittingTheTerminalWrapsInsteadOfCutting() throws {
        let long = "Angus Young, Malcolm Young, Brian Johnson, and the rest of the band who wrote it"
        let rows = RowArray(columns: ["id", "composer", "note"], rows: [[.integer(1), .text(long), .text("a note that is long too")]])
        var settings = RenderSettings(mode: .table, showsHeaders: true, maxLineWidth: 40)
        #expect(try render(rows, settings).contains("…"))
        settings.wrapWidth = 100
        let output = try render(rows, settings)
        #expect(!output.contains("…"))
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        // The second column's lines, from the rows below the header.
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("|") }.dropFirst()
        let composer = lines.map { $0.split(separator: "|", omittingEmptySubsequences: false)[2].trimmingCharacters(in: .whitespaces) }
        #expect(composer.filter { !$0.isEmpty }.joined(separator: " ") == long)
    }
}

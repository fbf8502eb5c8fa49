import Testing
@testable import RQLRender
import RQLValues

private func render(_ rows: RowArray, _ settings: RenderSettings) throws -> String {
    var rows = rows
    let output = ByteOutput(.memory)
    try Renderer.render(&rows, settings: settings, to: output)
    return output.text
}

private func mixedRows() -> RowArray { RowArray(columns: ["name", "n", "note"], rows: [
    [.text("東京"), .integer(12), .null],
    [.text("café"), .real(1.5), .text("")],
    [.text("e\u{301}clair 🍰"), .integer(-3), .blob([0xDE, 0xAD])],
    [.text("👩‍👩‍👧"), .integer(0), .text("two\nlines")],
]) }

@Suite struct TabularTests {
    @Test func boxAlignsWideCharactersEmojiAndCombiningMarks() throws {
        let actual = try render(mixedRows(), RenderSettings(mode: .box, showsHeaders: true))
        #expect(actual == """
            ┌───────────┬─────┬─────────┐
            │ name      │ n   │ note    │
            ├───────────┼─────┼─────────┤
            │ 東京      │  12 │ NULL    │
            │ café      │ 1.5 │         │
            │ éclair 🍰 │  -3 │ x'dead' │
            │ 👩‍👩‍👧        │   0 │ two     │
            │           │     │ lines   │
            └───────────┴─────┴─────────┘

            """)
    }

    @Test func tableAndMarkdown() throws {
        let rows = RowArray(columns: ["a|b", "c"], rows: [[.text("x|y"), .integer(1)], [.null, .real(2.25)]])
        #expect(try render(rows, RenderSettings(mode: .table, showsHeaders: true)) == """
            +------+------+
            | a|b  | c    |
            +------+------+
            | x|y  |    1 |
            | NULL | 2.25 |
            +------+------+

            """)
        #expect(try render(rows, RenderSettings(mode: .markdown, showsHeaders: true)) == """
            | a\\|b | c    |
            |------|------|
            | x\\|y |    1 |
            | NULL | 2.25 |

            """)
    }

    /// GitHub reads `\|` as a pipe inside a cell and `\\` as a backslash:
    /// a value's backslashes are doubled, so one before a pipe cannot
    /// unescape it and split the cell.
    @Test func markdownEscapesBackslashesSoAPipeStaysInItsCell() throws {
        let rows = RowArray(columns: ["v\\|"], rows: [[.text("a\\|b")], [.text("c:\\x\\")]])
        #expect(try render(rows, RenderSettings(mode: .markdown, showsHeaders: true)) == """
            | v\\\\\\|   |
            |---------|
            | a\\\\\\|b  |
            | c:\\\\x\\\\ |

            """)
    }

    /// Rows past the first chunks are held packed and come back whole, in order.
    @Test func manyMegabytesOfRowsComeBackWhole() throws {
        let words = ["東京", "family 👨‍👩‍👧", "Café", "🇫🇷", "क्षत्रिय", "a|b", "plain"]
        let count = 80_000
        let values: [[SQLValue]] = (0..<count).map { index in
            let title: [String] = (0..<(1 + index % 5)).map { words[(index + $0 * 3) % words.count] }
            return [SQLValue.integer(Int64(index)), SQLValue.text(title.joined(separator: " "))]
        }
        let rows = RowArray(columns: ["n", "title"], rows: values)
        let lines = try render(rows, RenderSettings(mode: .box, showsHeaders: false, maxRows: 0)).split(separator: "\n")
        #expect(lines.count == count + 2)
        let width = DisplayWidth.of(String(lines[1]))
        for (index, line) in lines.dropFirst().dropLast().enumerated() {
            guard case .text(let title) = values[index][1] else { continue }
            #expect(line.hasPrefix("│ \(String(repeating: " ", count: 5 - String(index).count))\(index) │ \(title) "), "row \(index)")
            if index % 97 == 0 { #expect(DisplayWidth.of(String(line)) == width, "row \(index)") }
        }
    }

    @Test func maxRowsShowsHeadAndTailWithAFooter() throws {
        let rows = RowArray(columns: ["n"], rows: (1...1234).map { [.integer(Int64($0))] })
        #expect(try render(rows, RenderSettings(mode: .box, showsHeaders: true, maxRows: 4)) == """
            ┌──────┐
            │ n    │
            ├──────┤
            │    1 │
            │    2 │
            │ …    │
            │ 1233 │
            │ 1234 │
            └──────┘
            … 1,234 rows, 4 shown

            """)
        let few = RowArray(columns: ["n"], rows: [[.integer(1)], [.integer(2)]])
        #expect(try render(few, RenderSettings(mode: .table, showsHeaders: true, maxRows: 4)) == "+---+\n| n |\n+---+\n| 1 |\n| 2 |\n+---+\n")
    }

    @Test func wideTextShrinksInProportionAndShortTextKeepsItsWidth() throws {
        let rows = RowArray(columns: ["id", "title", "list", "notes"], rows: [
            [.integer(1), .text("Call accountant about the taxes"), .text("Family"), .text(String(repeating: "tax forms ", count: 10))],
            [.integer(22), .text("Pick up 東京 tickets 🎫"), .null, .null],
        ])
        #expect(try render(rows, RenderSettings(mode: .box, showsHeaders: true, maxLineWidth: 60)) == """
            ┌────┬───────────────┬────────┬────────────────────────────┐
            │ id │ title         │ list   │ notes                      │
            ├────┼───────────────┼────────┼────────────────────────────┤
            │  1 │ Call account… │ Family │ tax forms tax forms tax f… │
            │ 22 │ Pick up 東京… │ NULL   │ NULL                       │
            └────┴───────────────┴────────┴────────────────────────────┘

            """)
    }

    @Test func numbersNullAndKeysAreNeverCutColumnsInTheMiddleHideInstead() throws {
        let uuid = "00000000-0000-4000-8000-00000000b001"
        let rows = RowArray(columns: ["id", "amount", "title", "memo", "when", "n"], rows: [
            [.text(uuid), .real(12345678.25), .text("Groceries"), .text("first\nsecond\nthird"), .null, .integer(1234567)],
        ], keyColumns: [0])
        #expect(try render(rows, RenderSettings(mode: .box, showsHeaders: true, maxLineWidth: 70)) == """
            ┌──────────────────────────────────────┬─────────────┬───┬─────────┐
            │ id                                   │ amount      │ … │ n       │
            ├──────────────────────────────────────┼─────────────┼───┼─────────┤
            │ 00000000-0000-4000-8000-00000000b001 │ 12345678.25 │ … │ 1234567 │
            └──────────────────────────────────────┴─────────────┴───┴─────────┘
            (3 columns hidden to fit: .mode line shows every column)

            """)
        // Cut with no hiding: the text goes, numbers and NULL stay whole.
        #expect(try render(rows, RenderSettings(mode: .table, showsHeaders: true, maxLineWidth: 100)) == """
            +--------------------------------------+-------------+-----------+--------+------+---------+
            | id                                   | amount      | title     | memo   | when | n       |
            +--------------------------------------+-------------+-----------+--------+------+---------+
            | 00000000-0000-4000-8000-00000000b001 | 12345678.25 | Groceries | first  | NULL | 1234567 |
            |                                      |             |           | second |      |         |
            |                                      |             |           | third  |      |         |
            +--------------------------------------+-------------+-----------+--------+------+---------+

            """)
        let single = RowArray(columns: ["id"], rows: [[.text(uuid)]], keyColumns: [0])
        #expect(try render(single, RenderSettings(mode: .box, showsHeaders: true, maxLineWidth: 20)) == """
            ┌──────────────────┐
            │ id               │
            ├──────────────────┤
            │ 00000000-0000-4… │
            └──────────────────┘
            (too wide for the terminal: try .mode line)

            """)
    }

    @Test func fixedWidthsAndNullText() throws {
        var settings = RenderSettings(mode: .table, showsHeaders: true, nullText: "∅")
        settings.widths = [-6, 3]
        let rows = RowArray(columns: ["a", "b"], rows: [[.text("x"), .text("long text")], [.null, .integer(1)]])
        #expect(try render(rows, settings) == """
            +--------+-----+
            |      a | b   |
            +--------+-----+
            |      x | lo… |
            |      ∅ |   1 |
            +--------+-----+

            """)
    }

    @Test func fixedWidthsBeyondTheMaximumDrawAtTheMaximum() throws {
        let rows = RowArray(columns: ["a", "b"], rows: [[.integer(1), .integer(2)]])
        var settings = RenderSettings(mode: .table, showsHeaders: false)
        settings.widths = [.max, .min]
        let lines = try render(rows, settings).split(separator: "\n")
        let rule = "+" + String(repeating: "-", count: RenderSettings.maximumColumnWidth + 2)
        #expect(lines.first == Substring(rule + rule + "+"))
        #expect(lines.count == 3)
    }

    @Test func controlCharactersCannotEscapeTheFrame() throws {
        let rows = RowArray(columns: ["v"], rows: [[.text("a\tb\u{1B}[2J\rc")]])
        #expect(try render(rows, RenderSettings(mode: .box, showsHeaders: true)) == """
            ┌─────────────┐
            │ v           │
            ├─────────────┤
            │ a   b␛[2J␍c │
            └─────────────┘

            """)
    }

    @Test func nullIsDimmedOnlyWithColor() throws {
        let rows = RowArray(columns: ["v"], rows: [[.null]])
        #expect(try render(rows, RenderSettings(mode: .box, showsHeaders: true, usesColor: true)).contains("\u{1B}[2mNULL\u{1B}[0m"))
        #expect(!(try render(rows, RenderSettings(mode: .box, showsHeaders: true))).contains("\u{1B}"))
    }
}

@Suite struct StreamingModeTests {
    @Test func csvQuotingFollowsTheShell() throws {
        let rows = RowArray(columns: ["plain", "with space"], rows: [
            [.text("abc"), .text("a b")], [.text(""), .null], [.text("say \"hi\""), .text("it's")],
            [.text("a,b"), .text("é")], [.real(0.1 + 0.2), .real(1e15)], [.real(100), .real(-0.0)],
        ])
        #expect(try render(rows, RenderSettings(mode: .csv, showsHeaders: true)) == #"""
            plain,"with space"
            abc,"a b"
            "",
            "say ""hi""","it's"
            "a,b","é"
            0.3,1.0e+15
            100.0,0.0

            """#)
    }

    @Test func jsonEscapesAndTypes() throws {
        let rows = RowArray(columns: ["s", "r", "n", "b"], rows: [
            [.text("a\"\\\n\u{1}"), .real(0.1 + 0.2), .null, .blob([0, 255])],
            [.text("é"), .real(.infinity), .integer(7), .text("")],
        ])
        #expect(try render(rows, RenderSettings(mode: .json, showsHeaders: false)) == #"""
            [{"s":"a\"\\\n\u0001","r":0.3000000000000000444,"n":null,"b":"00ff"},
            {"s":"é","r":1e999,"n":7,"b":""}]

            """#)
        #expect(try render(RowArray(columns: ["x"], rows: []), RenderSettings(mode: .json, showsHeaders: false)) == "[]\n")
    }

    @Test func listLineAndHTML() throws {
        let rows = RowArray(columns: ["id", "title"], rows: [[.integer(1), .text("<b>&")], [.integer(2), .null]])
        #expect(try render(rows, RenderSettings(mode: .list, showsHeaders: true)) == "id|title\n1|<b>&\n2|\n")
        #expect(try render(rows, RenderSettings(mode: .list, showsHeaders: false, nullText: "-", separator: "\t")) == "1\t<b>&\n2\t-\n")
        #expect(try render(rows, RenderSettings(mode: .line, showsHeaders: true)) == "   id = 1\ntitle = <b>&\n\n   id = 2\ntitle = NULL\n")
        #expect(try render(rows, RenderSettings(mode: .html, showsHeaders: true)) == """
            <table>
            <tr><th>id</th><th>title</th></tr>
            <tr><td class="number">1</td><td>&lt;b&gt;&amp;</td></tr>
            <tr><td class="number">2</td><td class="null">NULL</td></tr>
            </table>

            """)
    }
}

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("東京", 4), ("é", 1), ("e\u{301}", 1), ("🍰", 2), ("👩‍👩‍👧", 2), ("🇫🇷", 2),
        ("☺️", 2), ("ｱ", 1), ("Ａ", 2), ("\u{200B}", 0), ("한국어", 6),
    ])
    func widths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func truncation() {
        #expect(DisplayWidth.truncate("東京タワー", to: 5) == "東京…")
        #expect(DisplayWidth.truncate("short", to: 10) == "short")
    }

    @Test func groupedCounts() {
        #expect(CellText.grouped(1_234_567) == "1,234,567")
        #expect(CellText.grouped(999) == "999")
    }
}

@Suite struct ColumnLayoutTests {
    @Test func namesGoDownThenAcross() {
        #expect(ColumnLayout.lines(["a", "bb", "ccc"], width: 12) == ["a    ccc", "bb"])
        #expect(ColumnLayout.lines(["a", "bb", "ccc"], width: 3) == ["a", "bb", "ccc"])
        #expect(ColumnLayout.lines([], width: 80) == [])
    }

    @Test func wideCharactersAreMeasuredByDisplayWidth() {
        #expect(ColumnLayout.lines(["表格", "ab", "c"], width: 12) == ["表格  c", "ab"])
    }
}

@Suite struct TextWrapTests {
    @Test func linesBreakBetweenWordsAndKeepTheirColumn() {
        #expect(TextWrap.lines("usage: a b c d", width: 9) == ["usage: a", "b c d"])
        #expect(TextWrap.lines("  box    aligned columns in a Unicode box", width: 24)
            == ["  box    aligned columns", "         in a Unicode", "         box"])
        #expect(TextWrap.lines(".x on|off   print 東京 each time", width: 21, hangingIndent: 12)
            == [".x on|off   print", "            東京 each", "            time"])
        #expect(TextWrap.lines("short\n\nlines stay", width: 40) == ["short", "", "lines stay"])
        #expect(TextWrap.lines("averyveryverylongword fits nowhere", width: 8) == ["averyveryverylongword", "fits", "nowhere"])
    }
}

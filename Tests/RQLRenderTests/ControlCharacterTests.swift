import Testing
@testable import RQLRender

private func render(_ rows: RowArray, _ mode: OutputMode, terminal: Bool, headers: Bool = true) throws -> String {
    var rows = rows
    let output = ByteOutput(.memory, isTerminal: terminal)
    try Renderer.render(&rows, settings: RenderSettings(mode: mode, showsHeaders: headers), to: output)
    return output.text
}

/// ESC starting a color, a carriage return, DEL, the C1 control CSI (U+009B),
/// a tab and a newline, in a value and in a column name.
private func rowsWithControls() -> RowArray {
    RowArray(columns: ["c\u{1B}[2J"], rows: [[.text("a\u{1B}[31mRED\r\u{7F}\u{9B}x\ty\nz")]])
}

/// Whether `text` holds a character that a terminal takes as a command:
/// a C0 control other than tab and newline, DEL, or a C1 control.
private func movesTheCursor(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F..<0xA0).contains(scalar.value)
    }
}

@Suite struct ControlCharacterTests {
    @Test(arguments: OutputMode.allCases)
    func noValueCanMoveTheCursorOnATerminal(mode: OutputMode) throws {
        let shown = try render(rowsWithControls(), mode, terminal: true)
        #expect(!movesTheCursor(shown))
    }

    @Test func listAndCSVShowVisibleSymbolsOnATerminal() throws {
        #expect(try render(rowsWithControls(), .list, terminal: true) == "c␛[2J\na␛[31mRED␍␡�x\ty\nz\n")
        #expect(try render(rowsWithControls(), .csv, terminal: true) == "\"c␛[2J\"\n\"a␛[31mRED␍␡�x\ty\nz\"\n")
    }

    @Test func pipesAndFilesKeepTheBytes() throws {
        #expect(try render(rowsWithControls(), .list, terminal: false) == "c\u{1B}[2J\na\u{1B}[31mRED\r\u{7F}\u{9B}x\ty\nz\n")
        #expect(try render(rowsWithControls(), .csv, terminal: false) == "\"c\u{1B}[2J\"\n\"a\u{1B}[31mRED\r\u{7F}\u{9B}x\ty\nz\"\n")
        let json = try render(rowsWithControls(), .json, terminal: false)
        #expect(json == "[{\"c\\u001b[2J\":\"a\\u001b[31mRED\\r\u{7F}\u{9B}x\\ty\\nz\"}]\n")
    }

    @Test func jsonOnATerminalEscapesDELAndC1Controls() throws {
        let json = try render(rowsWithControls(), .json, terminal: true)
        #expect(json == "[{\"c\\u001b[2J\":\"a\\u001b[31mRED\\r\\u007f\\u009bx\\ty\\nz\"}]\n")
    }

    @Test func htmlHoldsNoControlCharactersEvenInAFile() throws {
        #expect(try render(rowsWithControls(), .html, terminal: false) == """
            <table>
            <tr><th>c␛[2J</th></tr>
            <tr><td>a␛[31mRED\r␡�x\ty
            z</td></tr>
            </table>

            """)
        // On a terminal the carriage return, which would move the cursor, shows too.
        #expect(try render(rowsWithControls(), .html, terminal: true).contains("<td>a␛[31mRED␍␡�x\ty\nz</td>"))
    }

    @Test func lineModeShowsValuesAndNamesAsBoxModeDoes() throws {
        #expect(try render(rowsWithControls(), .line, terminal: false) == "c␛[2J = a␛[31mRED␍␡�x   y\nz\n")
    }

    /// Line mode writes text straight from its bytes; it must show exactly
    /// what box mode's `CellText.displayLines` shows, invalid UTF-8 included.
    @Test func visibleTextMatchesDisplayLinesOnAnyBytes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x41, 0x7F, 0x80, 0x9B, 0xA9, 0xBF, 0xC2, 0xC3, 0xE0,
                                 0xE2, 0xE6, 0xED, 0xF0, 0xF4, 0xF5, 0x90, 0xA0, 0x8F, 0xFF]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? 0
            }
            let output = ByteOutput(.memory)
            bytes.withUnsafeBytes { VisibleText(expandsTabs: true).write($0, to: output) }
            let expected = CellText.displayLines(String(decoding: bytes, as: UTF8.self)).joined(separator: "\n")
            #expect(output.text == expected, "bytes: \(bytes)")
        }
    }

    @Test func blobsAreWrittenWhole() throws {
        let rows = RowArray(columns: ["b"], rows: [[.blob(Array(0..<20))]])
        let hex = "000102030405060708090a0b0c0d0e0f10111213"
        #expect(try render(rows, .line, terminal: false) == "b = x'\(hex)'\n")
        #expect(try render(rows, .html, terminal: false, headers: false) == "<table>\n<tr><td>x&#39;\(hex)&#39;</td></tr>\n</table>\n")
    }
}

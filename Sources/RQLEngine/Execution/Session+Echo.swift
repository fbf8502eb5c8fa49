import GRDBSQLite
import RQLLanguage
import RQLRender

extension Session {
    /// Writes SQL the session shows (`.echo on`, `.sql on`), its keywords
    /// highlighted when the output is a terminal that takes colors, and
    /// control characters (in a script's strings) shown as symbols there.
    func writeSQL(_ sql: String) {
        let style = style(for: output)
        guard style.isEnabled else { return output.write(visible: sql) }
        let bytes = Array(sql.utf8)
        var written = 0
        for token in SQLTokenizer.tokens(sql) where token.kind == .word && Session.isKeyword(token.text) {
            output.write(visible: String(decoding: bytes[written..<token.range.lowerBound], as: UTF8.self))
            style.write(token.text, as: .keyword, to: output)
            written = token.range.upperBound
        }
        output.write(visible: String(decoding: bytes[written...], as: UTF8.self))
    }

    /// Whether SQLite knows `word` as a keyword (any case).
    public static func isKeyword(_ word: String) -> Bool {
        var bytes = Array(word.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_keyword_check($0.baseAddress, Int32($0.count)) != 0 }
        }
    }
}

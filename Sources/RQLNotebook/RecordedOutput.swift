/// A cell's recorded output read back for export: rql wrote its box and
/// table outputs, so their rows and columns can be recovered; errors and
/// anything else keep their lines.
enum RecordedOutput: Equatable {
    /// A result table, and the lines printed after it (such as `… 120 rows, 40 shown`).
    case table(columns: [String], rows: [[String]], after: [String])
    /// `error: MESSAGE` and the lines that go with it (the statement, the caret, notes).
    case error([String])
    /// `ok` or `ok, 3 rows changed`.
    case ok(String)
    case text([String])

    /// Reads recorded lines: a box (`┌…`) or an ASCII table (`+-…`) at the
    /// start becomes rows; other lines stay text.
    static func read(_ lines: [String]) -> [RecordedOutput] {
        guard let first = lines.first else { return [] }
        if lines.count == 1, first == "ok" || first.hasPrefix("ok, ") { return [.ok(first)] }
        if first.hasPrefix("error: ") { return [.error(lines)] }
        let styles: [(top: String, rule: String, bottom: String, bar: Character)] = [("┌", "├", "└", "│"), ("+", "+", "+", "|")]
        for (top, rule, bottom, bar) in styles where first.hasPrefix(top) {
            guard lines.count >= 4, lines[2].hasPrefix(rule),
                  let end = lines.indices.dropFirst(3).first(where: { lines[$0].hasPrefix(bottom) }) else { break }
            let columns = cells(lines[1], bar: bar)
            let rows = lines[3..<end].map { cells($0, bar: bar) }
            guard rows.allSatisfy({ $0.count == columns.count }) else { break }
            let rest = Array(lines[(end + 1)...])
            let after = rest.prefix { !$0.hasPrefix(top) }
            return [.table(columns: columns, rows: rows, after: Array(after))] + read(Array(rest.dropFirst(after.count)))
        }
        let text = lines.prefix { !$0.hasPrefix("┌") }
        guard text.count < lines.count, !text.isEmpty else { return [.text(lines)] }
        return [.text(Array(text))] + read(Array(lines.dropFirst(text.count)))
    }

    /// The values of one `│ a │ b │` line, without their padding.
    private static func cells(_ line: String, bar: Character) -> [String] {
        var parts = line.split(separator: bar, omittingEmptySubsequences: false).map {
            String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        }
        guard parts.count >= 2 else { return [] }
        parts.removeFirst()
        parts.removeLast()
        return parts
    }
}

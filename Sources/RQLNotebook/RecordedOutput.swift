import FoundationEssentials
import Glibc
import RQLEngine
import RQLRender
import RQLValues

/// A cell's recorded output read back for export: rql wrote its box and
/// table outputs, so their rows and columns can be recovered; errors and
/// anything else keep their lines.
enum RecordedOutput: Equatable {
    /// A result table, and the lines printed after it (such as `… 120 rows, 40 shown`).
    case table(columns: [String], rows: [[TableValue]], after: [String])
    /// `error: MESSAGE` and the lines that go with it (the statement, the caret, notes).
    case error([String])
    /// `ok` or `ok, 3 rows changed`.
    case ok(String)
    case text([String])
    /// A result drawn as a chart (`--execute` only): its values, and the lines the terminal showed.
    case chart(ChartKind, columns: [String], rows: [[SQLValue]], text: [String])
    /// An `.erd` diagram (`--execute` only), and the lines the terminal showed.
    case diagram(SchemaPictures, text: [String])

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
            return [.table(columns: columns, rows: rows.map { $0.map(TableValue.init(recorded:)) }, after: Array(after))]
                + read(Array(rest.dropFirst(after.count)))
        }
        let text = lines.prefix { !$0.hasPrefix("┌") }
        guard text.count < lines.count, !text.isEmpty else { return [.text(lines)] }
        return [.text(Array(text))] + read(Array(lines.dropFirst(text.count)))
    }

    /// Reads fresh output whose results' values were logged (`rql export
    /// --execute`): the tables read back from the lines are, in order, the
    /// results logged as box or table, and take their values, so NULL,
    /// numbers and text are told apart by their type, and every column and
    /// every value comes back whole, in the rows the box showed (its first
    /// and last when it cut them, with a row of `…` between). Numbers keep
    /// the text the box showed them with (`3 (high)`) where its lines are
    /// the rows; a value of several lines takes more, and then they are
    /// written as SQLite writes them. A box whose columns are not its
    /// result's (the same names, or the first and last around a `…` of
    /// hidden ones) keeps what it showed.
    static func read(_ lines: [String], results: [ResultLog.Table]) -> [RecordedOutput] {
        var boxes = results.filter(\.isBoxed)[...]
        return read(lines).map { output in
            guard case .table(let boxColumns, let shown, let after) = output, let result = boxes.popFirst(),
                  let columns = BoxColumns(boxColumns, of: result.columns) else { return output }
            guard let (head, tail) = result.shownRows else { return output }
            let gap = result.rowCount > head.count + tail.count ? [Array(repeating: TableValue.text("…"), count: result.columns.count)] : []
            let rows: [[TableValue]]
            if shown.count == head.count + gap.count + tail.count {
                let values = zip(head + tail, shown.prefix(head.count) + shown.suffix(tail.count)).map { values, line in
                    values.indices.map { index in
                        columns.box[index].map { TableValue(live: values[index], shown: line[$0]) } ?? TableValue(live: values[index])
                    }
                }
                rows = Array(values.prefix(head.count)) + gap + values.suffix(tail.count)
            } else {
                rows = head.map { $0.map(TableValue.init(live:)) } + gap + tail.map { $0.map(TableValue.init(live:)) }
            }
            let hidden = result.columns.count - columns.box.compactMap { $0 }.count
            return .table(columns: result.columns, rows: rows, after: after.filter { hidden == 0 || $0 != TableNote.hiddenColumns(hidden) })
        }
    }

    /// Where each column of a result is in a box that showed it: the same
    /// columns, or the first and last ones around a `…` of hidden ones.
    private struct BoxColumns {
        /// For each column of the result, its index in the box; nil when hidden.
        let box: [Int?]

        init?(_ box: [String], of columns: [String]) {
            if BoxColumns.same(box[...], columns[...]) {
                self.box = Array(columns.indices)
                return
            }
            guard let marker = box.firstIndex(of: "…"), columns.count >= box.count,
                  BoxColumns.same(box[..<marker], columns.prefix(marker)),
                  BoxColumns.same(box[(marker + 1)...], columns.suffix(box.count - marker - 1)) else { return nil }
            let tailStart = columns.count - (box.count - marker - 1)
            self.box = columns.indices.map { index in
                index < marker ? index : index >= tailStart ? marker + 1 + index - tailStart : nil
            }
        }

        /// Names read back from a box against the names it drew, whose
        /// control characters it showed as symbols and tabs as spaces.
        private static func same(_ box: ArraySlice<String>, _ columns: ArraySlice<String>) -> Bool {
            box.count == columns.count && zip(box, columns).allSatisfy { shown, name in
                shown == name || shown == CellText.displayLines(name).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            }
        }
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

/// One value of a result table as an export shows it.
enum TableValue: Equatable {
    case null
    /// Shown as printed (`3.5`, `3 (high)`).
    case number(String)
    case text(String)

    /// A value read from recorded text: `NULL` is taken for null, and text
    /// that starts with a number for a number.
    init(recorded text: String) {
        if text == "NULL" {
            self = .null
        } else if let first = text.split(separator: " ").first, Double(first) != nil {
            self = .number(text)
        } else {
            self = .text(text)
        }
    }

    /// A logged value: its type decides; numbers and blobs keep the text shown.
    init(live value: SQLValue, shown: TableValue) {
        switch value {
        case .null: self = .null
        case .integer, .real: self = .number(shown.text)
        case .text(let text): self = .text(text)
        case .blob: self = .text(shown.text)
        }
    }

    /// A logged value with no line of the box to take its text from.
    init(live value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .number(String(number))
        case .real(let number): self = .number(RealFormat.string(number))
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .text("x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'")
        }
    }

    /// The value as text (`NULL` for null).
    var text: String {
        switch self {
        case .null: "NULL"
        case .number(let text), .text(let text): text
        }
    }
}

extension RecordedOutput {
    /// A fresh outcome whose results were logged: its diagram, its charts,
    /// or its lines with the values of the results they show.
    static func fresh(_ outcome: CellOutcome) -> [RecordedOutput] {
        if let pictures = outcome.schemaPictures { return [.diagram(pictures, text: outcome.lines)] }
        let charts = outcome.tables.compactMap { table in
            table.chart.map { RecordedOutput.chart($0, columns: table.columns, rows: table.rows, text: outcome.lines) }
        }
        if !charts.isEmpty, charts.count == outcome.tables.count { return charts }
        return read(outcome.lines, results: outcome.tables)
    }
}

extension ResultLog.Table {
    /// Written as a box or table, whose lines `RecordedOutput.read` reads back.
    var isBoxed: Bool { chart == nil && (mode == .box || mode == .table) }
}

extension Notebook {
    /// What an export shows under `cell`: its fresh output and values from
    /// `run` (`rql export --execute`), or else its recorded output.
    func exportedOutputs(of cell: Cell, run: NotebookRun?) -> [RecordedOutput] {
        if let run, let index = cells.firstIndex(of: cell), let outcome = run.outcomes[index] {
            return RecordedOutput.fresh(outcome)
        }
        return RecordedOutput.read(cell.recorded ?? [])
    }
}

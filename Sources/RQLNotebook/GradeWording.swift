import RQLRender

/// The words of a grade, each said here once.
enum GradeWording {
    static func right(variants: Int) -> String {
        "right on every database tried (\(variants) \(variants == 1 ? "variant" : "variants"))"
    }

    static let fails = "wrong: your answer fails:"
    static let notAQuery = "wrong: your answer returns no rows; the exercise asks for a query"
    static func notOneQuery(count: Int) -> String {
        count == 0 ? "wrong: the answer is empty; write one query, SQL or the DSL"
            : "wrong: the answer is not one query; write one, SQL or the DSL"
    }

    static func tooManyRows(_ limit: Int) -> String {
        "wrong: your answer returns more than \(CellText.grouped(limit)) rows, more than can be compared"
    }

    static func columns(_ given: Int, expected: Int) -> String {
        "wrong: your answer has \(given) \(given == 1 ? "column" : "columns"); the reference has \(expected)"
    }

    /// `wrong`, the database on which the two differ, table by table, then
    /// both results side by side, then the total.
    static func wrong(_ found: CounterexampleSearch.Counterexample, kind: CounterexampleSearch.Kind) -> [String] {
        var lines = [found.isNotebooksDatabase
            ? "wrong: your answer and the reference differ on the notebook's database; on its smallest part where they still do:"
            : "wrong: your answer and the reference differ on this database, made from the notebook's:"]
        for table in found.tables {
            lines.append("")
            lines.append("\(table.name) (\(table.rows) \(table.rows == 1 ? "row" : "rows"))")
            lines += table.box
        }
        if found.tables.isEmpty { lines += ["", "(every table empty)"] }
        lines.append("")
        let (gives, yours) = kind == .mutation ? ("after the reference:", "after your answer:") : ("the reference gives:", "your answer gives:")
        if let error = found.answerError {
            lines.append(gives)
            lines += found.referenceBox
            lines.append("your answer fails:")
            lines += Self.lines(error)
        } else {
            lines += sideBySide([gives] + found.referenceBox, [yours] + found.answerBox)
        }
        if kind == .query(ordered: true) { lines.append("(the exercise asks for the rows in an order: the reference orders them)") }
        lines.append("")
        let rows = found.rowCount
        lines.append("a counterexample with \(rows) \(rows == 1 ? "row" : "rows") in all")
        return lines
    }

    static func lines(_ printed: String) -> [String] {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func sideBySide(_ left: [String], _ right: [String]) -> [String] {
        let width = left.map(DisplayWidth.of).max() ?? 0
        return (0..<max(left.count, right.count)).map { index in
            let first = index < left.count ? left[index] : ""
            let second = index < right.count ? right[index] : ""
            guard !second.isEmpty else { return first }
            return first + String(repeating: " ", count: width - DisplayWidth.of(first) + 4) + second
        }
    }
}

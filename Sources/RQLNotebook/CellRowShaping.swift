import FoundationEssentials
import Glibc
import RQLRender
import RQLValues

/// A cell's `-- @mask`s and `-- @sort rows`, applied to each result's rows
/// before they are rendered: masks replace what they match in each value
/// (a number is masked as the text it shows), and sorting orders whole
/// rows by their values, so box columns stay aligned around `[NAME]` and a
/// value of several lines stays one row.
final class CellRowShaping: RowShaping {
    private let masks: [Mask.Compiled]
    private let sortsRows: Bool
    /// The matching the masks may still do, over the cell's results and then its other output.
    private var budget = MaskBudget()
    /// How many results were shaped: output that was not a result is masked and sorted as text.
    private(set) var results = 0
    /// The mask that ran past the budget; from then on values are left as they are.
    private(set) var gaveUp: MaskGaveUp?

    init(masks: [Mask], sortsRows: Bool) {
        self.masks = Mask.Compiled.all(masks)
        self.sortsRows = sortsRows
    }

    /// Output that was not a result, masked as text within what is left of the budget.
    func masked(_ text: String) throws(MaskGaveUp) -> String {
        try Mask.apply(masks, to: text, budget: &budget)
    }

    func shape(_ rows: [[SQLValue]]) throws -> [[SQLValue]] {
        results += 1
        var rows = rows
        if !masks.isEmpty, gaveUp == nil {
            do throws(MaskGaveUp) {
                for row in rows.indices {
                    for column in rows[row].indices { rows[row][column] = try masked(rows[row][column]) }
                }
            } catch {
                gaveUp = error
                return rows
            }
        }
        if sortsRows { rows.sort(by: RowSorting.precedes) }
        return rows
    }

    private func masked(_ value: SQLValue) throws(MaskGaveUp) -> SQLValue {
        let shown: String
        switch value {
        case .text(let text): return .text(try masked(text))
        case .integer(let number): shown = String(number)
        case .real(let number): shown = RealFormat.string(number)
        case .null, .blob: return value
        }
        let text = try masked(shown)
        return text == shown ? value : .text(text)
    }
}

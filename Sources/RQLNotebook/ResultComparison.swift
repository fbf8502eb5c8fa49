import RQLRender
import RQLValues

/// When a learner's result is the reference's: the same number of columns
/// (their names aside) and the same rows, as multisets or, when the
/// reference sets an order, in order. A REAL that is a whole number is
/// that integer (`1 = 1.0`); text and blobs compare byte for byte.
enum ResultComparison {
    static func same(_ reference: ResultLog.Table, _ answer: ResultLog.Table, ordered: Bool) -> Bool {
        guard reference.columns.count == answer.columns.count, reference.rowCount == answer.rowCount else { return false }
        return sameRows(reference.rows, answer.rows, ordered: ordered)
    }

    static func sameRows(_ reference: [[SQLValue]], _ answer: [[SQLValue]], ordered: Bool) -> Bool {
        guard reference.count == answer.count else { return false }
        let expected = reference.map(normalized)
        let given = answer.map(normalized)
        if ordered { return expected == given }
        return counts(expected) == counts(given)
    }

    private static func normalized(_ row: [SQLValue]) -> [SQLValue] {
        row.map { value in
            if case .real(let number) = value, let integer = Int64(exactly: number) { return .integer(integer) }
            return value
        }
    }

    private static func counts(_ rows: [[SQLValue]]) -> [[SQLValue]: Int] {
        rows.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}

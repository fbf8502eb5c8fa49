import RQLRender
import RQLValues

/// `-- @sort rows`: the rows of a result in sorted order, so a cell whose
/// query has no ORDER BY records the same output whatever order SQLite
/// picks. A result's rows are sorted by their values (`CellRowShaping`);
/// output that is not a result is sorted line by line.
enum RowSorting {
    /// Whether row `a` sorts before row `b`: value by value, as SQLite
    /// orders them (NULL, then numbers, then text by its bytes, then blobs).
    static func precedes(_ a: [SQLValue], _ b: [SQLValue]) -> Bool {
        for (left, right) in zip(a, b) {
            let order = compare(left, right)
            if order != 0 { return order < 0 }
        }
        return a.count < b.count
    }

    private static func compare(_ a: SQLValue, _ b: SQLValue) -> Int {
        func rank(_ value: SQLValue) -> Int {
            switch value {
            case .null: 0
            case .integer, .real: 1
            case .text: 2
            case .blob: 3
            }
        }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y ? -1 : x > y ? 1 : 0
        case (.integer, .real), (.real, .integer), (.real, .real):
            let x = number(a), y = number(b)
            return x < y ? -1 : x > y ? 1 : 0
        case (.text(let x), .text(let y)): return bytes(Array(x.utf8), Array(y.utf8))
        case (.blob(let x), .blob(let y)): return bytes(x, y)
        default: return rank(a) - rank(b)
        }
    }

    private static func number(_ value: SQLValue) -> Double {
        switch value {
        case .integer(let number): Double(number)
        case .real(let number): number
        default: 0
        }
    }

    private static func bytes(_ x: [UInt8], _ y: [UInt8]) -> Int {
        x.lexicographicallyPrecedes(y) ? -1 : y.lexicographicallyPrecedes(x) ? 1 : 0
    }

    /// Lines in sorted order.
    static func sorted(_ lines: [String]) -> [String] {
        lines.sorted()
    }
}

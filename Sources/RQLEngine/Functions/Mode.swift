import GRDB

/// `mode(x)`: the most frequent non-NULL value, ties broken by the smallest
/// (in SQLite's order: numbers, then text, then blobs); NULL when there is none.
struct Mode: DatabaseAggregate {
    private var counts: [DatabaseValue: Int] = [:]

    mutating func step(_ dbValues: [DatabaseValue]) {
        let value = dbValues[0]
        guard !value.isNull else { return }
        counts[value, default: 0] += 1
    }

    func finalize() -> (any DatabaseValueConvertible)? {
        counts.max { a, b in
            a.value != b.value ? a.value < b.value : Mode.sortsBefore(b.key, a.key)
        }?.key
    }

    /// SQLite's ordering of values of any storage class.
    static func sortsBefore(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool {
        func rank(_ value: DatabaseValue) -> Int {
            switch value.storage {
            case .null: 0
            case .int64, .double: 1
            case .string: 2
            case .blob: 3
            }
        }
        switch (a.storage, b.storage) {
        case (.int64(let x), .int64(let y)): return x < y
        case (.int64(let x), .double(let y)): return Double(x) < y
        case (.double(let x), .int64(let y)): return x < Double(y)
        case (.double(let x), .double(let y)): return x < y
        case (.string(let x), .string(let y)): return Array(x.utf8).lexicographicallyPrecedes(y.utf8)
        case (.blob(let x), .blob(let y)): return x.lexicographicallyPrecedes(y)
        default: return rank(a) < rank(b)
        }
    }
}

import GRDB

/// `median(x)`: the middle value, or the mean of the two middle values for an
/// even count; NULLs and non-numbers are ignored; NULL when nothing is left.
struct Median: DatabaseAggregate {
    private var values: [Double] = []
    private var allIntegers = true

    mutating func step(_ dbValues: [DatabaseValue]) {
        switch dbValues[0].storage {
        case .int64(let value): values.append(Double(value))
        case .double(let value):
            values.append(value)
            allIntegers = false
        case .string(let text):
            if let value = Double(text) {
                values.append(value)
                allIntegers = allIntegers && Int64(text) != nil
            }
        case .null, .blob: break
        }
    }

    func finalize() -> (any DatabaseValueConvertible)? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 {
            return allIntegers ? Int64(sorted[middle]) : sorted[middle]
        }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }
}

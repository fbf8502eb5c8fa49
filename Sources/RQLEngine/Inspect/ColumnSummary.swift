import FoundationEssentials
import Glibc
import RQLRender
import RQLValues

/// What `.summarize` learns of one result column as the rows go by, each
/// value seen once: how many of each storage class, the least and the
/// greatest in SQLite's order (numbers, then text, then blobs; text in the
/// column's collation), how many different values, the mean of the numbers
/// (their sum over their count, as `avg()` makes it) and their standard
/// deviation (Welford's running sums), and the shortest and
/// longest text in characters (as `length()` counts them).
struct ColumnSummary {
    let collation: TextCollation
    private(set) var nulls = 0
    private(set) var integers = 0
    private(set) var reals = 0
    private(set) var texts = 0
    private(set) var blobs = 0
    private var leastNumber: SQLValue = .null
    private var greatestNumber: SQLValue = .null
    /// Text as it is, and as its collation compares it.
    private var leastText: (value: [UInt8], key: [UInt8])?
    private var greatestText: (value: [UInt8], key: [UInt8])?
    private var leastBlob: [UInt8]?
    private var greatestBlob: [UInt8]?
    private var distinct = DistinctCounter()
    private var sum = 0.0
    /// Welford's running mean, and sum of squared differences from it.
    private var runningMean = 0.0
    private var squares = 0.0
    private(set) var shortest = Int.max
    private(set) var longest = -1
    /// A buffer for collation keys of text the collation changes.
    private var scratch: [UInt8] = []

    init(collation: TextCollation) {
        self.collation = collation
    }

    mutating func add(_ value: BorrowedValue) {
        switch value {
        case .null:
            nulls += 1
        case .integer(let number):
            integers += 1
            distinct.add(DistinctCounter.hash(number))
            addNumber(Double(number), .integer(number))
        case .real(let number):
            reals += 1
            distinct.add(DistinctCounter.hash(number))
            addNumber(number, .real(number))
        case .text(let bytes):
            texts += 1
            let characters = ColumnSummary.characterCount(bytes)
            shortest = min(shortest, characters)
            longest = max(longest, characters)
            if collation == .binary {
                addText(bytes, key: bytes)
            } else {
                collation.key(of: bytes, into: &scratch)
                let key = scratch
                key.withUnsafeBytes { addText(bytes, key: $0) }
            }
        case .blob(let bytes):
            blobs += 1
            distinct.add(DistinctCounter.hash(bytes, seed: DistinctCounter.blobSeed))
            if leastBlob.map({ ColumnSummary.compare(bytes, $0) < 0 }) ?? true { leastBlob = Array(bytes) }
            if greatestBlob.map({ ColumnSummary.compare(bytes, $0) > 0 }) ?? true { greatestBlob = Array(bytes) }
        }
    }

    private mutating func addNumber(_ number: Double, _ value: SQLValue) {
        let count = Double(integers + reals)
        sum += number
        let delta = number - runningMean
        runningMean += delta / count
        squares += delta * (number - runningMean)
        if leastNumber == .null || ColumnSummary.isLess(value, leastNumber) { leastNumber = value }
        if greatestNumber == .null || ColumnSummary.isLess(greatestNumber, value) { greatestNumber = value }
    }

    private mutating func addText(_ bytes: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) {
        distinct.add(DistinctCounter.hash(key, seed: DistinctCounter.textSeed))
        if leastText.map({ ColumnSummary.compare(key, $0.key) < 0 }) ?? true {
            leastText = (Array(bytes), Array(key))
        }
        if greatestText.map({ ColumnSummary.compare(key, $0.key) > 0 }) ?? true {
            greatestText = (Array(bytes), Array(key))
        }
    }

    var rows: Int { nulls + integers + reals + texts + blobs }

    /// The storage classes seen, in SQLite's order: `integer, text`.
    var storage: String? {
        let seen = [("null", nulls), ("integer", integers), ("real", reals), ("text", texts), ("blob", blobs)]
            .filter { $0.1 > 0 }.map(\.0)
        return seen.isEmpty ? nil : seen.joined(separator: ", ")
    }

    /// The least value, as `min()` gives it: a number before any text, text before any blob.
    var least: SQLValue {
        if leastNumber != .null { return leastNumber }
        if let text = leastText { return .text(String(decoding: text.value, as: UTF8.self)) }
        return leastBlob.map { .blob($0) } ?? .null
    }

    /// The greatest value, as `max()` gives it.
    var greatest: SQLValue {
        if let blob = greatestBlob { return .blob(blob) }
        if let text = greatestText { return .text(String(decoding: text.value, as: UTF8.self)) }
        return greatestNumber
    }

    var distinctCount: Int { distinct.count }
    var distinctIsEstimate: Bool { distinct.isEstimate }

    /// The mean of the numbers; nil where there are none, or where it is
    /// not a number (infinities of both signs), as `avg()` gives NULL then.
    var numberMean: Double? {
        guard integers + reals > 0, case let mean = sum / Double(integers + reals), !mean.isNaN else { return nil }
        return mean
    }

    /// The sample standard deviation of the numbers; nil for fewer than
    /// two, or where an infinity leaves it undefined.
    var standardDeviation: Double? {
        let count = integers + reals
        guard count > 1, case let deviation = (squares / Double(count - 1)).squareRoot(), !deviation.isNaN else { return nil }
        return deviation
    }

    /// Characters as SQLite's `length()` counts them: up to the first NUL,
    /// a byte from 0xC0 up with the continuation bytes after it as one, and
    /// any other byte as one (text that is not UTF-8 is counted so too).
    private static func characterCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0 { break }
            index += 1
            if byte >= 0xC0 {
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
            count += 1
        }
        return count
    }

    private static func compare(_ bytes: UnsafeRawBufferPointer, _ other: [UInt8]) -> Int {
        other.withUnsafeBytes { other in
            let common = min(bytes.count, other.count)
            if common > 0, let a = bytes.baseAddress, let b = other.baseAddress {
                let order = memcmp(a, b, common)
                if order != 0 { return Int(order) }
            }
            return bytes.count - other.count
        }
    }

    /// Numbers in SQLite's order: an integer and a REAL by their exact values.
    private static func isLess(_ a: SQLValue, _ b: SQLValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x < y
        case (.real(let x), .real(let y)): x < y
        case (.integer(let x), .real(let y)): order(x, y) < 0
        case (.real(let x), .integer(let y)): order(y, x) > 0
        default: false
        }
    }

    /// -1, 0 or 1 as `integer` is below, equal to or above `real`, exactly,
    /// as SQLite compares them (`Double(integer)` rounds past 2^53).
    static func order(_ integer: Int64, _ real: Double) -> Int {
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        let whole = Int64(real)  // toward zero, and in range
        if integer != whole { return integer < whole ? -1 : 1 }
        let fraction = real - Double(whole)
        return fraction > 0 ? -1 : fraction < 0 ? 1 : 0
    }
}

/// How a column compares text, for its least and greatest values and for
/// which values are the same: SQLite's three built-in collations and rql's
/// `NODIACRITIC`. Each gives a key whose bytes compare as the collation does.
enum TextCollation: Equatable {
    case binary
    /// ASCII letters without case, as SQLite's `NOCASE`.
    case noCase
    /// Trailing spaces ignored.
    case rightTrim
    case noDiacritic

    init?(name: String) {
        switch name.uppercased() {
        case "BINARY": self = .binary
        case "NOCASE": self = .noCase
        case "RTRIM": self = .rightTrim
        case NoDiacritic.name: self = .noDiacritic
        default: return nil
        }
    }

    /// The bytes of `text` as this collation compares them.
    func key(of text: UnsafeRawBufferPointer, into key: inout [UInt8]) {
        key.removeAll(keepingCapacity: true)
        switch self {
        case .binary:
            key.append(contentsOf: text)
        case .noCase:
            for byte in text { key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        case .rightTrim:
            var end = text.count
            while end > 0, text[end - 1] == 0x20 { end -= 1 }
            key.append(contentsOf: text[0..<end])
        case .noDiacritic:
            key.append(contentsOf: NoDiacritic.folded(String(decoding: text, as: UTF8.self)).utf8)
        }
    }
}

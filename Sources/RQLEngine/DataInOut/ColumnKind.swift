import FoundationEssentials
import Glibc

/// What the values of one imported column are, learned from every value:
/// INTEGER when all of them are integers, REAL when all are numbers (and
/// every integer among them is one a REAL holds exactly), TEXT otherwise. A
/// CSV field is a number only when written as one without loss (`42`, `-7`,
/// `3.25`, `1e-3`; not `007`, `1,000`, `+5`, nor `1e-400`, which a REAL
/// would make 0), so codes with leading zeros stay text, and an integer
/// beside a fraction keeps its digits (`9007199254740993` and `1.5` make a
/// TEXT column). Empty CSV fields and JSON nulls say nothing.
struct ColumnKind: Equatable {
    enum Affinity: String { case integer = "INTEGER", real = "REAL", text = "TEXT" }

    private var sawInteger = false
    /// An integer a REAL cannot hold exactly (beyond ±2^53) was seen.
    private var sawInexactInteger = false
    private var sawReal = false
    private var sawText = false

    var affinity: Affinity {
        if sawText || !(sawInteger || sawReal) || (sawReal && sawInexactInteger) { return .text }
        return sawReal ? .real : .integer
    }

    /// Whether no value has said anything yet.
    var isUndecided: Bool { !(sawInteger || sawReal || sawText) }

    mutating func observe(csv field: UnsafeBufferPointer<UInt8>) {
        guard !sawText, !field.isEmpty else { return }
        if let integer = ColumnKind.integer(field) {
            observe(integer)
        } else if ColumnKind.isReal(field) {
            sawReal = true
        } else {
            sawText = true
        }
    }

    mutating func observe(json value: JSONRecordReader.Value) {
        switch value {
        case .null: break
        case .integer(let integer): observe(integer)
        case .real: sawReal = true
        case .text, .json: sawText = true
        }
    }

    private mutating func observe(_ integer: Int64) {
        sawInteger = true
        if integer.magnitude > 1 << 53 { sawInexactInteger = true }
    }

    /// The field as a 64-bit integer when it is written as one: an optional
    /// `-`, then `0` or digits that do not start with `0`.
    static func integer(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = field.startIndex
        let negative = index < field.endIndex && field[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = field[index...]
        guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
              first != UInt8(ascii: "0") || digits.count == 1, digits.count <= 19 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            // Accumulated as a negative number, which reaches Int64.min.
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, underflowed) = shifted.subtractingReportingOverflow(digit)
            guard !overflowed, !underflowed else { return nil }
            value = next
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// The field as a finite 64-bit float when it is written as a number
    /// with a fraction or an exponent: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`,
    /// and is not so small that the float would be 0.
    static func real(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let number = DecimalNumber(field) else { return nil }
        // Clinger's fast path: an integer below 2^53 and a power of ten up to
        // 10^22 are both exact doubles, and one multiplication or division of
        // them is correctly rounded, as parsing the text would be.
        if number.isExact, number.scale >= -22, number.scale <= 22 {
            let magnitude = Double(number.significand)
            let value = number.scale < 0 ? magnitude / powersOfTen[-number.scale] : magnitude * powersOfTen[number.scale]
            return number.isNegative ? -value : value
        }
        // Too large for a REAL (infinity), or too small (a number that is not 0 read as 0).
        guard let value = parsed(field), value.isFinite, value != 0 || !number.hasNonZeroDigit else { return nil }
        return value
    }

    /// Whether `real` would give a value, decided from the text alone where
    /// it can be: a number of at most 40 characters whose exponent is at most
    /// 250 either way is finite and, unless all its digits are 0, not 0.
    static func isReal(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let number = DecimalNumber(field) else { return false }
        if number.isExact && number.scale >= -22 && number.scale <= 22 { return true }
        if field.count <= 40, number.exponent.magnitude <= 250 { return true }
        return real(field) != nil
    }

    /// The text of a number as the C library reads it (rql leaves
    /// LC_NUMERIC as C), through a copy on the stack when it is short.
    private static func parsed(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        guard field.count < 64 else { return Double(String(decoding: field, as: UTF8.self)) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: field.count + 1) { text in
            for (index, byte) in field.enumerated() { text[index] = CChar(bitPattern: byte) }
            text[field.count] = 0
            return text.baseAddress.map { strtod($0, nil) }
        }
    }

    /// A number's text read digit by digit: valid when it matches
    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?` with a fraction or an exponent.
    private struct DecimalNumber {
        var isNegative = false
        /// The digits as one integer while it stays below 2^53.
        var significand: UInt64 = 0
        /// Whether `significand` holds every digit exactly and the exponent is short.
        var isExact = true
        var hasNonZeroDigit = false
        /// The power of ten the significand is scaled by (fraction digits and exponent).
        var scale = 0
        /// The exponent as written (0 without one; past four digits, 10,000).
        var exponent = 0

        init?(_ field: UnsafeBufferPointer<UInt8>) {
            var index = field.startIndex
            isNegative = index < field.endIndex && field[index] == UInt8(ascii: "-")
            if isNegative { index += 1 }
            let whole = index
            let wholeDigits = readDigits(field, &index)
            guard wholeDigits > 0, field[whole] != UInt8(ascii: "0") || wholeDigits == 1 else { return nil }
            var hasFractionOrExponent = false
            if index < field.endIndex, field[index] == UInt8(ascii: ".") {
                index += 1
                let fractionDigits = readDigits(field, &index)
                guard fractionDigits > 0 else { return nil }
                scale -= fractionDigits
                hasFractionOrExponent = true
            }
            if index < field.endIndex, field[index] == UInt8(ascii: "e") || field[index] == UInt8(ascii: "E") {
                index += 1
                let exponentSign = index < field.endIndex && field[index] == UInt8(ascii: "-") ? -1 : 1
                if index < field.endIndex, field[index] == UInt8(ascii: "+") || field[index] == UInt8(ascii: "-") { index += 1 }
                let exponentStart = index
                while index < field.endIndex, field[index] >= UInt8(ascii: "0"), field[index] <= UInt8(ascii: "9") { index += 1 }
                guard index > exponentStart else { return nil }
                if index - exponentStart > 4 {
                    isExact = false
                    exponent = 10_000
                } else {
                    for byte in field[exponentStart..<index] { exponent = exponent * 10 + Int(byte - UInt8(ascii: "0")) }
                    exponent *= exponentSign
                    scale += exponent
                }
                hasFractionOrExponent = true
            }
            guard index == field.endIndex, hasFractionOrExponent else { return nil }
        }

        /// Reads digits from `index` into the significand; returns how many.
        private mutating func readDigits(_ field: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int {
            let start = index
            while index < field.endIndex {
                let digit = field[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if digit != 0 { hasNonZeroDigit = true }
                significand = significand &* 10 &+ UInt64(digit)
                if significand > 1 << 53 { isExact = false }
                index += 1
            }
            return index - start
        }
    }

    /// 10^0 … 10^22, each exact as a double.
    private static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { product, _ in product * 10 }
    }
}

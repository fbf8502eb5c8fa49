import Foundation

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

    mutating func observe(csv field: UnsafeBufferPointer<UInt8>) {
        guard !sawText, !field.isEmpty else { return }
        if let integer = ColumnKind.integer(field) {
            observe(integer)
        } else if ColumnKind.real(field) != nil {
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
        var index = field.startIndex
        // The digits as one integer while it stays below 2^53, and the power of ten it is scaled by.
        var significand: UInt64 = 0
        var exact = true
        var hasNonZeroDigit = false
        var scale = 0
        func digits(counting: Bool) -> Int {
            let start = index
            while index < field.endIndex, field[index] >= UInt8(ascii: "0"), field[index] <= UInt8(ascii: "9") {
                if counting {
                    if field[index] != UInt8(ascii: "0") { hasNonZeroDigit = true }
                    significand = significand &* 10 &+ UInt64(field[index] - UInt8(ascii: "0"))
                    if significand > 1 << 53 { exact = false }
                }
                index += 1
            }
            return index - start
        }
        let negative = index < field.endIndex && field[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let whole = index
        let wholeDigits = digits(counting: true)
        guard wholeDigits > 0, field[whole] != UInt8(ascii: "0") || wholeDigits == 1 else { return nil }
        var hasFractionOrExponent = false
        if index < field.endIndex, field[index] == UInt8(ascii: ".") {
            index += 1
            let fractionDigits = digits(counting: true)
            guard fractionDigits > 0 else { return nil }
            scale -= fractionDigits
            hasFractionOrExponent = true
        }
        if index < field.endIndex, field[index] == UInt8(ascii: "e") || field[index] == UInt8(ascii: "E") {
            index += 1
            let exponentSign = index < field.endIndex && field[index] == UInt8(ascii: "-") ? -1 : 1
            if index < field.endIndex, field[index] == UInt8(ascii: "+") || field[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            let exponentDigits = digits(counting: false)
            guard exponentDigits > 0 else { return nil }
            if exponentDigits > 4 {
                exact = false
            } else {
                var exponent = 0
                for byte in field[exponentStart..<index] { exponent = exponent * 10 + Int(byte - UInt8(ascii: "0")) }
                scale += exponentSign * exponent
            }
            hasFractionOrExponent = true
        }
        guard index == field.endIndex, hasFractionOrExponent else { return nil }
        // Clinger's fast path: an integer below 2^53 and a power of ten up to
        // 10^22 are both exact doubles, and one multiplication or division of
        // them is correctly rounded, as parsing the text would be.
        if exact, scale >= -22, scale <= 22 {
            let value = scale < 0 ? Double(significand) / powersOfTen[-scale] : Double(significand) * powersOfTen[scale]
            return negative ? -value : value
        }
        // Too large for a REAL (infinity), or too small (a number that is not 0 read as 0).
        guard let value = Double(String(decoding: field, as: UTF8.self)), value.isFinite,
              value != 0 || !hasNonZeroDigit else { return nil }
        return value
    }

    /// 10^0 … 10^22, each exact as a double.
    private static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { product, _ in product * 10 }
    }
}

import Foundation

/// What the values of one imported column are, learned from every value:
/// INTEGER when all of them are integers, REAL when all are numbers, TEXT
/// otherwise. A CSV field is a number only when written as one without
/// loss (`42`, `-7`, `3.25`, `1e-3`; not `007`, `1,000` or `+5`), so codes
/// with leading zeros stay text. Empty CSV fields and JSON nulls say nothing.
struct ColumnKind: Equatable {
    enum Affinity: String { case integer = "INTEGER", real = "REAL", text = "TEXT" }

    private var sawInteger = false
    private var sawReal = false
    private var sawText = false

    var affinity: Affinity {
        if sawText || !(sawInteger || sawReal) { return .text }
        return sawReal ? .real : .integer
    }

    mutating func observe(csv field: UnsafeBufferPointer<UInt8>) {
        guard !sawText, !field.isEmpty else { return }
        if ColumnKind.integer(field) != nil {
            sawInteger = true
        } else if ColumnKind.real(field) != nil {
            sawReal = true
        } else {
            sawText = true
        }
    }

    mutating func observe(json value: JSONRecordReader.Value) {
        switch value {
        case .null: break
        case .integer: sawInteger = true
        case .real: sawReal = true
        case .text, .json: sawText = true
        }
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
    /// with a fraction or an exponent: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func real(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = field.startIndex
        func digits() -> Int {
            let start = index
            while index < field.endIndex, field[index] >= UInt8(ascii: "0"), field[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < field.endIndex, field[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        let wholeDigits = digits()
        guard wholeDigits > 0, field[whole] != UInt8(ascii: "0") || wholeDigits == 1 else { return nil }
        var hasFractionOrExponent = false
        if index < field.endIndex, field[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
            hasFractionOrExponent = true
        }
        if index < field.endIndex, field[index] == UInt8(ascii: "e") || field[index] == UInt8(ascii: "E") {
            index += 1
            if index < field.endIndex, field[index] == UInt8(ascii: "+") || field[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
            hasFractionOrExponent = true
        }
        guard index == field.endIndex, hasFractionOrExponent,
              let value = Double(String(decoding: field, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}

import CSQLiteSupport

/// Reals formatted exactly as the sqlite3 shell formats them, by SQLite itself.
public enum RealFormat {
    /// `%!.15g`: every mode but JSON (`0.1+0.2` → `0.3`, `1e15` → `1.0e+15`).
    public static let shellDigits: Int32 = 15
    /// `%!.20g`: JSON (`0.1+0.2` → `0.3000000000000000444`).
    public static let jsonDigits: Int32 = 20

    /// Writes `value` to `output` without allocating.
    public static func write(_ value: Double, digits: Int32, to output: ByteOutput) {
        withFormatted(value, digits: digits) { output.write($0) }
    }

    /// Appends `value`'s digits to `bytes`.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        withFormatted(value, digits: shellDigits) { bytes.append(contentsOf: $0) }
    }

    private static func withFormatted(_ value: Double, digits: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            let length = (digits == shellDigits ? shortDecimal(value, into: buffer) : nil)
                ?? Int(rql_format_real(value, digits, base, Int32(buffer.count)))
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
        }
    }

    /// `%!.15g` of the reals data mostly holds (a price, a measure: a whole
    /// number of tenths, hundredths… up to millionths, of at most 15 digits,
    /// from 10^-4 up to 10^15, where `%g` writes no exponent), written with
    /// integer arithmetic; nil for any other real. When the value times 10^k
    /// rounds to a whole N below 10^15, the value is within 2^-53 of N / 10^k
    /// relatively, a tenth of the step between 15-digit decimals, so 15
    /// significant digits write N / 10^k exactly. The buffer holds at least
    /// 32 bytes; returns the length written.
    static func shortDecimal(_ value: Double, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4, magnitude < 1e15 else { return nil }  // NaN fails both
        var scale = 1.0
        for places in 0...6 {
            let scaled = magnitude * scale
            guard scaled < 1e15 else { return nil }
            if scaled == scaled.rounded(.towardZero) {
                return write(UInt64(scaled), places: places, negative: value < 0, into: buffer)
            }
            scale *= 10
        }
        return nil
    }

    /// Writes `digits` with a decimal point `places` from the right (`.0` when
    /// none, no trailing zeros after it).
    private static func write(_ digits: UInt64, places: Int, negative: Bool, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var power: UInt64 = 1
        for _ in 0..<places { power *= 10 }
        let (whole, remainder) = digits.quotientAndRemainder(dividingBy: power)
        var (fraction, places) = (remainder, places)
        while places > 0, fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        var length = 0
        if negative {
            buffer[0] = 0x2D
            length = 1
        }
        length += writeDecimal(whole, minimumDigits: 1, into: buffer, at: length)
        buffer[length] = 0x2E
        length += 1
        return length + (places == 0 ? writeDecimal(0, minimumDigits: 1, into: buffer, at: length)
            : writeDecimal(fraction, minimumDigits: places, into: buffer, at: length))
    }

    /// Writes `value` in decimal, zero-padded to `minimumDigits`, and returns how many bytes.
    private static func writeDecimal(_ value: UInt64, minimumDigits: Int, into buffer: UnsafeMutableRawBufferPointer,
                                     at start: Int) -> Int {
        var count = 0
        var rest = value
        while rest > 0 || count < minimumDigits {
            rest /= 10
            count += 1
        }
        rest = value
        for position in stride(from: start + count - 1, through: start, by: -1) {
            buffer[position] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
            rest /= 10
        }
        return count
    }

    public static func string(_ value: Double, digits: Int32 = shellDigits) -> String {
        let output = ByteOutput(.memory)
        write(value, digits: digits, to: output)
        return output.text
    }
}

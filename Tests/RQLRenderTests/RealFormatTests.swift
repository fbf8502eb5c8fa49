import CSQLiteSupport
import Testing
@testable import RQLRender

/// Reals written without SQLite's formatting are written as `%!.15g` writes them.
@Suite struct RealFormatTests {
    static func sqlite(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = Int(rql_format_real(value, RealFormat.shellDigits, &buffer, Int32(buffer.count)))
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func short(_ value: Double) -> String? {
        var buffer = [UInt8](repeating: 0, count: 64)
        return buffer.withUnsafeMutableBytes { bytes in
            RealFormat.shortDecimal(value, into: bytes).map { String(decoding: bytes[0..<$0], as: UTF8.self) }
        }
    }

    @Test(arguments: [
        1428.57, 12.5, 3.0, -3.0, 0.1, 0.3, 2.675, 1e-4, 0.000123, 123456789012345.0, 99999999999999.9,
        999999999999999.0, 0.1 + 0.2, 1e15, 1e-5, 0.0, -0.0, 1234.5678, -0.5, 100.0, 1e14, 3.14159265358979,
        .infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 4503599627370497.5, 0.1234567,
    ])
    func writesAsSQLiteDoes(value: Double) {
        if let short = RealFormatTests.short(value) { #expect(short == RealFormatTests.sqlite(value)) }
    }

    @Test func theCommonValuesTakeTheShortPath() {
        #expect(RealFormatTests.short(1428.57) == "1428.57")
        #expect(RealFormatTests.short(-3.0) == "-3.0")
        #expect(RealFormatTests.short(0.0625) == "0.0625")
        #expect(RealFormatTests.short(0.1 + 0.2) == nil)
        #expect(RealFormatTests.short(1e15) == nil)
    }

    /// Decimals of every size and places, their neighbours, and random bit patterns.
    @Test func randomRealsWriteAsSQLiteDoes() {
        var state: UInt64 = 0x5EED_2026
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let digits = Double(state >> (11 + state % 50))
            var power = 1.0
            for _ in 0..<Int((state >> 4) % 9) { power *= 10 }
            let decimal = (state & 1 == 0 ? 1 : -1) * digits / power
            for value in [decimal, decimal.nextUp, decimal.nextDown, Double(bitPattern: state)] {
                if let short = RealFormatTests.short(value), short != RealFormatTests.sqlite(value) {
                    mismatches.append("\(value): \(short) against \(RealFormatTests.sqlite(value))")
                }
            }
            if mismatches.count > 10 { break }
        }
        #expect(mismatches == [])
    }
}

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
            let length = Int(rql_format_real(value, digits, base, Int32(buffer.count)))
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
        }
    }

    public static func string(_ value: Double, digits: Int32 = shellDigits) -> String {
        let output = ByteOutput(.memory)
        write(value, digits: digits, to: output)
        return output.text
    }
}

/// An array of objects with sqlite3 -json's layout and values; where sqlite3
/// writes invalid JSON, this writes valid JSON (blobs as hex strings, `[]` for
/// no rows). On a terminal, DEL and the C1 controls are escaped too
/// (`\u007f`, `\u009b`), so that no value can move the cursor; the value is
/// the same.
struct JSONWriter {
    let output: ByteOutput

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let keys: [[UInt8]] = source.columnNames.map { name in
            let key = ByteOutput(.memory)
            Array(name.utf8).withUnsafeBytes { writeString($0, to: key) }
            key.write(byte: 0x3A)
            return key.bytes
        }
        var rows = 0
        while try source.step() {
            output.write(rows == 0 ? "[{" : ",\n{")
            rows += 1
            for (index, key) in keys.enumerated() {
                if index > 0 { output.write(byte: 0x2C) }
                output.write(key)
                writeValue(source.value(at: index))
            }
            output.write(byte: 0x7D)
        }
        output.write(rows == 0 ? "[]\n" : "]\n")
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }

    private func writeValue(_ cell: BorrowedValue) {
        switch cell {
        case .null: output.write("null")
        case .integer(let value): output.write(integer: value)
        case .real(let value):
            if value == .infinity {
                output.write("1e999")
            } else if value == -.infinity {
                output.write("-1e999")
            } else {
                RealFormat.write(value, digits: RealFormat.jsonDigits, to: output)
            }
        case .text(let bytes): writeString(bytes, to: output)
        case .blob(let bytes):
            output.write(byte: 0x22)
            Hex.write(bytes, to: output)
            output.write(byte: 0x22)
        }
    }

    /// Copies runs of bytes that need no escape in one write each.
    private func writeString(_ bytes: UnsafeRawBufferPointer, to output: ByteOutput) {
        let escapesAllControls = self.output.isTerminal
        output.write(byte: 0x22)
        var kept = 0  // where the run of bytes not yet written starts
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && (byte < 0x7F || !escapesAllControls) {
                index += 1
                continue
            }
            var length = 1
            switch byte {
            case 0x22, 0x5C, 0x08, 0x0C, 0x0A, 0x0D, 0x09, 0..<0x20, 0x7F: break
            case 0xC2 where index + 1 < bytes.count && (0x80..<0xA0).contains(bytes[index + 1]): length = 2
            default:
                index += 1
                continue
            }
            output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
            switch byte {
            case 0x22: output.write("\\\"")
            case 0x5C: output.write("\\\\")
            case 0x08: output.write("\\b")
            case 0x0C: output.write("\\f")
            case 0x0A: output.write("\\n")
            case 0x0D: output.write("\\r")
            case 0x09: output.write("\\t")
            case 0xC2: JSONWriter.writeEscape(bytes[index + 1], to: output)
            default: JSONWriter.writeEscape(byte, to: output)
            }
            index += length
            kept = index
        }
        output.write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
        output.write(byte: 0x22)
    }

    /// `\u00XX`.
    private static func writeEscape(_ value: UInt8, to output: ByteOutput) {
        output.write("\\u00")
        output.write(byte: Hex.digits[Int(value >> 4)])
        output.write(byte: Hex.digits[Int(value & 0xF)])
    }
}

/// Lowercase hexadecimal, for blobs.
enum Hex {
    static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    static func write(_ bytes: UnsafeRawBufferPointer, to output: ByteOutput) {
        for byte in bytes {
            output.write(byte: digits[Int(byte >> 4)])
            output.write(byte: digits[Int(byte & 0xF)])
        }
    }

    static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text = ""
        for byte in bytes {
            text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
            text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0xF)]))
        }
        return text
    }
}

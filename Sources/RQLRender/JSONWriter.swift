/// An array of objects with sqlite3 -json's layout and values; where sqlite3
/// writes invalid JSON, this writes valid JSON (blobs as hex strings, `[]` for
/// no rows).
struct JSONWriter {
    let output: ByteOutput

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let keys: [[UInt8]] = source.columnNames.map { name in
            let key = ByteOutput(.memory)
            JSONWriter.writeString(Array(name.utf8), to: key)
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
                writeValue(source.cell(at: index))
            }
            output.write(byte: 0x7D)
        }
        output.write(rows == 0 ? "[]\n" : "]\n")
        return RenderSummary(rowCount: rows, shownRowCount: rows)
    }

    private func writeValue(_ cell: Cell) {
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
        case .text(let bytes): JSONWriter.writeString(bytes, to: output)
        case .blob(let bytes):
            output.write(byte: 0x22)
            Hex.write(bytes, to: output)
            output.write(byte: 0x22)
        }
    }

    static func writeString<Bytes: Collection>(_ bytes: Bytes, to output: ByteOutput) where Bytes.Element == UInt8 {
        output.write(byte: 0x22)
        for byte in bytes {
            switch byte {
            case 0x22: output.write("\\\"")
            case 0x5C: output.write("\\\\")
            case 0x08: output.write("\\b")
            case 0x0C: output.write("\\f")
            case 0x0A: output.write("\\n")
            case 0x0D: output.write("\\r")
            case 0x09: output.write("\\t")
            case 0..<0x20:
                output.write("\\u00")
                output.write(byte: Hex.digits[Int(byte >> 4)])
                output.write(byte: Hex.digits[Int(byte & 0xF)])
            default: output.write(byte: byte)
            }
        }
        output.write(byte: 0x22)
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

import FoundationEssentials
import Glibc
import GRDBSQLite
import RQLRender

/// A column's value as an SQL literal that reads back the same, written by
/// `.dump`: reals exactly (`DumpReals`), blobs in hex, and text
/// quoted with no control character left in it, so that nothing a value
/// holds can end a line, move a terminal's cursor or leave the string. A
/// control character is written as a marker that the text does not hold
/// and put back with `replace()`, as the sqlite3 shell does for CR and LF:
///
///     'plain'                                                    plain
///     replace(replace('d\r\ne','\r',char(13)),'\n',char(10))     d CR LF e
///     replace('esc\u001b[31m','\u001b',char(27))                 esc ESC [31m
///     CAST(X'61FF' AS TEXT)                                      text that is not UTF-8
enum DumpLiteral {
    static func write(_ statement: OpaquePointer, _ column: Int32, reals: DumpReals, to output: ByteOutput) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            output.write(integer: sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement, column)
            if value.isNaN {
                output.write("NULL")
            } else if value.isInfinite {
                output.write(value < 0 ? "-1e999" : "1e999")
            } else {
                output.write(reals.literal(value))
            }
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return output.write("''") }
            writeText(UnsafeBufferPointer(start: text, count: count), to: output)
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            let blob = sqlite3_column_blob(statement, column)?.assumingMemoryBound(to: UInt8.self)
            writeHex(UnsafeBufferPointer(start: blob, count: blob == nil ? 0 : count), to: output)
        default:
            output.write("NULL")
        }
    }

    /// Text as a literal: quoted, with markers for its control characters,
    /// or as a cast blob when it is not UTF-8 (or holds every marker).
    static func writeText(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) {
        guard UTF8Validation.isValid(bytes) else { return writeCastHex(bytes, to: output) }
        let controls = controlCharacters(in: bytes)
        guard !controls.isEmpty else { return writeQuoted(bytes, to: output) }
        var chosen: [(control: UInt32, marker: [UInt8])] = []
        for control in controls {
            guard let marker = marker(for: control, unusedIn: bytes) else { return writeCastHex(bytes, to: output) }
            chosen.append((control, marker))
        }
        var markers = [[UInt8]?](repeating: nil, count: 0xA0)
        for (control, marker) in chosen { markers[Int(control)] = marker }
        for _ in chosen { output.write("replace(") }
        writeQuoted(bytes, markers: markers, to: output)
        for (control, marker) in chosen.reversed() {
            output.write(",'")
            output.write(marker)
            output.write("',char(")
            output.write(integer: Int64(control))
            output.write("))")
        }
    }

    /// `text`'s own literal, with the same markers, for text built here (names).
    static func text(_ text: String) -> String {
        let output = ByteOutput(.memory)
        var text = text
        text.withUTF8 { writeText($0, to: output) }
        return output.text
    }

    /// The control characters in valid UTF-8, in order: C0 but tab, DEL and C1.
    private static func controlCharacters(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var found = Set<UInt32>()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                found.insert(UInt32(byte))
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 {
                found.insert(UInt32(bytes[index + 1]))  // U+0080…U+009F: C2 80…C2 9F
            }
            index += 1
        }
        return found.sorted()
    }

    /// A marker for a control character that `bytes` does not hold: `\n`
    /// and `\r` where they can be, `\u00XX` otherwise. Every marker starts
    /// with a backslash and holds no other, and none is the start of
    /// another, so `replace()` finds each exactly where it was written.
    private static func marker(for control: UInt32, unusedIn bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let digits = Array("0123456789abcdef".utf8)
        let escape = Array("\\u00".utf8) + [digits[Int(control >> 4)], digits[Int(control & 0x0F)]]
        let candidates = switch control {
        case 0x0A: [Array("\\n".utf8), escape]
        case 0x0D: [Array("\\r".utf8), escape]
        default: [escape]
        }
        return candidates.first { marker in
            // Only where a backslash is can a marker start.
            !bytes.indices.contains { bytes[$0] == 0x5C && bytes[$0...].starts(with: marker) }
        }
    }

    /// `'…'` with each quote doubled.
    private static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) {
        output.write(byte: 0x27)
        // Each quote is written twice: up to and with it, then from it on.
        var rest = UnsafeRawBufferPointer(bytes)
        while let base = rest.baseAddress, let quote = memchr(base, 0x27, rest.count) {
            let length = base.distance(to: UnsafeRawPointer(quote)) + 1
            output.write(UnsafeRawBufferPointer(start: base, count: length))
            output.write(byte: 0x27)
            rest = UnsafeRawBufferPointer(rebasing: rest[length...])
        }
        output.write(rest)
        output.write(byte: 0x27)
    }

    /// `'…'` with each quote doubled and each control character as its
    /// marker (`markers`, by code point).
    private static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, markers: [[UInt8]?], to output: ByteOutput) {
        output.write(byte: 0x27)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x27 {
                output.write([0x27, 0x27])
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0, let marker = markers[Int(bytes[index + 1])] {
                output.write(marker)
                index += 1
            } else if byte < 0x80, let marker = markers[Int(byte)] {
                output.write(marker)
            } else {
                output.write(byte: byte)
            }
            index += 1
        }
        output.write(byte: 0x27)
    }

    private static func writeCastHex(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) {
        output.write("CAST(")
        writeHex(bytes, to: output)
        output.write(" AS TEXT)")
    }

    private static func writeHex(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.write("X'")
        for byte in bytes {
            output.write(byte: digits[Int(byte >> 4)])
            output.write(byte: digits[Int(byte & 0x0F)])
        }
        output.write(byte: 0x27)
    }
}

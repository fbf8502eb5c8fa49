/// Bytes of a script that are not UTF-8 (a Latin-1 dump piped in), carried
/// through rql's text and given back to SQLite as they were. Each such byte
/// becomes two Unicode noncharacters, which no text for interchange holds:
/// U+FDD0–U+FDD7 for its high bits, then U+FDE0–U+FDEF for its low four.
/// A string literal of SQL holding them goes to SQLite as
/// `(CAST(x'…' AS TEXT))` of its bytes, so the value stored is the bytes
/// the script held, as the sqlite3 shell stores them; elsewhere (a name, a
/// comment) each becomes U+FFFD.
public enum ForeignBytes {
    /// `bytes` as text: UTF-8 as it is, each byte of a sequence that is not
    /// UTF-8 as its two noncharacters.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var index = bytes.startIndex
        var text = String.UnicodeScalarView()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF8.decode(encoded))
                index = bytes.index(index, offsetBy: encoded.count)
            case .error(let length):
                for _ in 0..<length {
                    let byte = bytes[index]
                    text.append(contentsOf: escape(byte))
                    index = bytes.index(after: index)
                }
            case .emptyInput:
                return String(text)
            }
        }
    }

    /// The two noncharacters that stand for `byte` (from 0x80; a lower byte
    /// is never part of a sequence that is not UTF-8, and reads as U+FFFD).
    static func escape(_ byte: UInt8) -> [Unicode.Scalar] {
        guard byte >= 0x80, let high = Unicode.Scalar(0xFDD0 + UInt32(byte >> 4) - 8),
              let low = Unicode.Scalar(0xFDE0 + UInt32(byte & 0x0F)) else { return ["\u{FFFD}"] }
        return [high, low]
    }

    /// The byte a pair of noncharacters at `index` stands for, if they are one.
    private static func byte(at index: Int, in scalars: [Unicode.Scalar]) -> UInt8? {
        guard index + 1 < scalars.count, (0xFDD0...0xFDD7).contains(scalars[index].value),
              (0xFDE0...0xFDEF).contains(scalars[index + 1].value) else { return nil }
        return UInt8((scalars[index].value - 0xFDD0 + 8) << 4 | (scalars[index + 1].value - 0xFDE0))
    }

    /// `sql` as SQLite is to read it: each string literal holding bytes that
    /// are not UTF-8 as `(CAST(x'…' AS TEXT))` of its bytes, any other such
    /// byte as U+FFFD. SQL without them comes back as it is.
    public static func decodedSQL(_ sql: String) -> String {
        guard sql.unicodeScalars.contains(where: { (0xFDD0...0xFDD7).contains($0.value) }) else { return sql }
        let scalars = Array(sql.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        func copy(through end: Int) {
            // Text outside a literal: a byte that is not UTF-8 reads as U+FFFD.
            var at = index
            while at < end {
                if byte(at: at, in: scalars) != nil {
                    result.append("\u{FFFD}")
                    at += 2
                } else {
                    result.append(scalars[at])
                    at += 1
                }
            }
            index = end
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "'":
                // A blob literal (x'…') is hex digits: it is copied as it is.
                let isBlob = index > 0 && (scalars[index - 1] == "x" || scalars[index - 1] == "X")
                var end = index + 1
                var content: [UInt8] = []
                var found = false
                while end < scalars.count {
                    if scalars[end] == "'" {
                        if end + 1 < scalars.count, scalars[end + 1] == "'" {
                            content.append(0x27)
                            end += 2
                            continue
                        }
                        break
                    }
                    if let byte = byte(at: end, in: scalars) {
                        content.append(byte)
                        found = true
                        end += 2
                    } else {
                        content.append(contentsOf: Array(String(scalars[end]).utf8))
                        end += 1
                    }
                }
                guard found, !isBlob, end < scalars.count else {
                    copy(through: min(end + 1, scalars.count))
                    continue
                }
                result.append(contentsOf: "(CAST(x'".unicodeScalars)
                for byte in content {
                    result.append(hexDigits[Int(byte >> 4)])
                    result.append(hexDigits[Int(byte & 0x0F)])
                }
                result.append(contentsOf: "' AS TEXT))".unicodeScalars)
                index = end + 1
            case "\"", "`", "[":
                let close: Unicode.Scalar = scalar == "[" ? "]" : scalar
                var end = index + 1
                while end < scalars.count, scalars[end] != close { end += 1 }
                copy(through: min(end + 1, scalars.count))
            case "-" where index + 1 < scalars.count && scalars[index + 1] == "-":
                var end = index
                while end < scalars.count, scalars[end] != "\n" { end += 1 }
                copy(through: end)
            case "/" where index + 1 < scalars.count && scalars[index + 1] == "*":
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == "*" && scalars[end + 1] == "/") { end += 1 }
                copy(through: min(end + 2, scalars.count))
            default:
                copy(through: index + 1)
            }
        }
        return String(result)
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
}

import Foundation
import RQLRender
import RQLValues

/// The renderer on rows and settings drawn from the input: every output
/// mode writes without crashing, rows without blobs come out as UTF-8, and
/// JSON output parses. And the packing of the rows box, table and markdown
/// hold: the input packs and unpacks to itself, and read as a packed block
/// it unpacks or is refused, without reading or writing out of bounds.
enum RendererCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        var packing: [String] = []
        if ByteCompression.decompress(ByteCompression.compress(input), count: input.count) != input {
            packing.append("the input does not unpack to itself")
        }
        _ = ByteCompression.decompress(input, count: Int(input.first ?? 0) * 16)
        return packing + rendering(input)
    }

    private static func rendering(_ input: [UInt8]) -> [String] {
        var bytes = FuzzBytes(input)
        var settings = RenderSettings(mode: OutputMode.allCases[bytes.below(OutputMode.allCases.count)],
                                      showsHeaders: bytes.flag(), usesColor: bytes.flag())
        if bytes.flag() { settings.nullText = bytes.text(maxLength: 4) }
        if bytes.flag() { settings.separator = bytes.text(maxLength: 3) }
        if bytes.flag() { settings.rowSeparator = bytes.text(maxLength: 2) }
        settings.maxRows = bytes.below(6)
        if bytes.flag() { settings.maxLineWidth = bytes.below(120) }
        let columnCount = 1 + bytes.below(5)
        settings.widths = (0..<bytes.below(columnCount + 1)).map { _ in bytes.below(21) - 10 }
        let columns = (0..<columnCount).map { _ in bytes.text(maxLength: 8) }
        var rows: [[SQLValue]] = []
        var hasBlob = false
        while !bytes.isAtEnd, rows.count < 64 {
            rows.append((0..<columnCount).map { _ in
                let value = bytes.value()
                if case .blob = value { hasBlob = true }
                return value
            })
        }
        var source = RowArray(columns: columns, rows: rows)
        let output = ByteOutput(.memory)
        do {
            try Renderer.render(&source, settings: settings, to: output)
        } catch {
            return ["rendering in \(settings.mode) mode threw \(error)"]
        }
        var problems: [String] = []
        if !hasBlob, String(validating: output.bytes, as: UTF8.self) == nil {
            problems.append("\(settings.mode) output is not UTF-8")
        }
        if settings.mode == .json, !hasBlob, !rows.isEmpty,
           (try? JSONSerialization.jsonObject(with: Data(output.bytes))) == nil {
            problems.append("json output does not parse: \(output.text.debugDescription)")
        }
        return problems
    }
}

/// Reads values out of fuzz input bytes; past the end, every read gives zero.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    mutating func below(_ count: Int) -> Int { Int(byte()) % max(count, 1) }

    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// Up to `maxLength` bytes as text, the odd ones made valid UTF-8 from a
    /// short list of hard characters (wide, combining, control, quoting).
    mutating func text(maxLength: Int) -> String {
        let hard = ["界", "é", "e\u{301}", "\t", "\n", "\r", "\u{1B}", "\"", ",", "|", "<", "&", "\\", "🙂", "\u{200B}", " "]
        var text = ""
        for _ in 0..<below(maxLength + 1) {
            let next = byte()
            text += next & 0x80 != 0 ? hard[Int(next) % hard.count] : String(UnicodeScalar(next & 0x7F))
        }
        return text
    }

    mutating func value() -> SQLValue {
        switch below(6) {
        case 0: return .null
        case 1: return .integer(Int64(bitPattern: (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }))
        case 2:
            // SQLite gives no NaN: it stores NULL instead.
            let real = Double(bitPattern: (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) })
            return real.isNaN ? .null : .real(real)
        case 3: return .blob((0..<below(6)).map { _ in byte() })
        default: return .text(text(maxLength: 12))
        }
    }
}

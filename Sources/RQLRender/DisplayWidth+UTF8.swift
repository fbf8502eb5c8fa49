/// Display width straight from UTF-8 bytes, one scalar at a time, for the
/// text tabular output holds: one line of display text (no controls). Most
/// scalars take the same columns alone as in their grapheme cluster, and
/// common scripts are recognized by range without a property lookup. A line
/// with a scalar whose cluster can take other columns than its scalars do
/// (joiners, emoji modifiers and flags, variation selectors, spacing marks,
/// Hangul jamo, Indic conjuncts, prepended marks) is measured per cluster by
/// `DisplayWidth.of(_: String)`, so both ways give the same widths.
extension DisplayWidth {
    /// Columns the line takes.
    static func of(line bytes: UnsafeRawBufferPointer) -> Int {
        var width = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                width += byte >= 0x20 && byte != 0x7F ? 1 : 0
                index += 1
                continue
            }
            guard let (value, length) = decode(bytes, at: index), let columns = columns(of: value) else {
                return of(String(decoding: bytes, as: UTF8.self))
            }
            width += columns
            index += length
        }
        return width
    }

    /// How many of the line's bytes fit in `width` columns with room left for
    /// `…`, and the columns they take; nil when the whole line fits.
    static func cut(line bytes: UnsafeRawBufferPointer, to width: Int) -> (byteCount: Int, width: Int)? {
        let room = width - 1
        var used = 0
        var index = 0
        var fitting: (byteCount: Int, width: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            let columns: Int
            let length: Int
            if byte < 0x80 {
                (columns, length) = (byte >= 0x20 && byte != 0x7F ? 1 : 0, 1)
            } else if let (value, count) = decode(bytes, at: index), let scalarColumns = self.columns(of: value) {
                (columns, length) = (scalarColumns, count)
            } else {
                return cutByClusters(bytes, to: width)
            }
            if fitting == nil, used + columns > room { fitting = (index, used) }
            used += columns
            if used > width { break }
            index += length
        }
        guard used > width else { return nil }
        return fitting ?? (0, 0)
    }

    private static func cutByClusters(_ bytes: UnsafeRawBufferPointer, to width: Int) -> (byteCount: Int, width: Int)? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard of(text) > width else { return nil }
        var byteCount = 0
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > width - 1 { break }
            byteCount += character.utf8.count
            used += next
        }
        return (byteCount, used)
    }

    /// The scalar that starts at `index` and its length in bytes; nil when the
    /// bytes there are not well-formed UTF-8.
    private static func decode(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int)? {
        let first = bytes[index]
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF: (length, value) = (2, UInt32(first & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(first & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(first & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (value, length)
    }

    /// Columns a scalar takes, when its cluster takes the sum of its scalars'
    /// columns; nil for a scalar that can join a cluster taking otherwise.
    private static func columns(of value: UInt32) -> Int? {
        switch value {
        case 0xAD: return 0  // soft hyphen
        case 0xA0..<0x300, 0x370..<0x483, 0x48A..<0x591, 0x1E00..<0x2000: return 1  // Latin, Greek, Cyrillic, Armenian
        case 0x300..<0x370: return 0  // combining diacritical marks
        case 0x3041..<0x3097, 0x30A1..<0x30FB, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xAC00..<0xD7A4: return 2  // kana, CJK, Hangul syllables
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2: return nil  // prepended concatenation marks
        case 0x0900..<0x1E00, 0xA800..<0xAC00, 0xD7B0..<0xD800: return nil  // Indic and Southeast Asian scripts, jamo
        case 0x200D, 0xFE0F, 0xFF9E, 0xFF9F: return nil  // joiner, emoji presentation, halfwidth voicing marks
        case 0x302A...0x302D, 0x3099...0x309A: return nil  // marks in the wide ranges
        case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return nil  // regional indicators, emoji modifiers
        case 0x10000..<0x1F000, 0x1FB00..<0x20000, 0x40000...: return nil  // other scripts beyond the BMP
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            let properties = scalar.properties
            if properties.generalCategory == .spacingMark { return nil }
            let columns = of(scalar)
            return columns > 0 && properties.isGraphemeExtend ? nil : columns
        }
    }
}

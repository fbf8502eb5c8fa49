/// Display width straight from UTF-8 bytes, one cluster at a time, for the
/// text tabular output holds: one line of display text (no controls). Most
/// scalars are a cluster alone and take their own columns, and common
/// scripts are recognized by range without a property lookup. Emoji
/// clusters (a base with variation selectors, skin tones, keycaps and tags,
/// pictographs joined by ZWJ, flag pairs) and Devanagari syllables are read
/// here too, by the rules that make them one cluster. A scalar whose
/// cluster can take other columns than its scalars do by other rules (the
/// marks and conjuncts of other Indic scripts, Hangul jamo, prepended
/// marks) has the word around it measured per cluster by
/// `DisplayWidth.of(_: String)`: both ways give the same widths.
extension DisplayWidth {
    /// Columns the line takes.
    static func of(line bytes: UnsafeRawBufferPointer) -> Int {
        var width = 0
        var index = 0
        // Where the word being read starts, and the width before it: a word
        // starts after a space that an ASCII byte follows, where a cluster
        // always begins and none goes on.
        var word = (start: 0, width: 0)
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80, index + 1 == bytes.count || bytes[index + 1] < 0x80 {
                width += byte >= 0x20 && byte != 0x7F ? 1 : 0
                index += 1
                if byte == 0x20, index < bytes.count { word = (index, width) }
                continue
            }
            guard let (length, columns) = cluster(bytes, at: index) else {
                let end = wordEnd(bytes, after: index)
                guard let wordWidth = measuredByClusters(bytes, word.start..<end) else {
                    return of(String(decoding: bytes, as: UTF8.self))
                }
                width = word.width + wordWidth
                index = end
                continue
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
            if byte < 0x80, index + 1 == bytes.count || bytes[index + 1] < 0x80 {
                (columns, length) = (byte >= 0x20 && byte != 0x7F ? 1 : 0, 1)
            } else if let cluster = cluster(bytes, at: index) {
                (length, columns) = cluster
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

    /// The end of the word that holds `index`: the next space that an ASCII
    /// byte follows, or the end of the line.
    private static func wordEnd(_ bytes: UnsafeRawBufferPointer, after index: Int) -> Int {
        var end = index
        while end < bytes.count, !(bytes[end] == 0x20 && (end + 1 == bytes.count || bytes[end + 1] < 0x80)) { end += 1 }
        return end
    }

    /// The columns of `range` of the line, per grapheme cluster; nil when
    /// it holds a prepended mark, whose cluster goes on past a space.
    private static func measuredByClusters(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if text.unicodeScalars.contains(where: { isPrepended($0.value) }) { return nil }
        return of(text)
    }

    private static func isPrepended(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02, 0x0D4E:
            return true
        default:
            return false
        }
    }

    /// The cluster that starts at `index`: its length in bytes and its
    /// columns, by the width model of `of(_: Character)`; nil when a rule
    /// read here does not settle it.
    private static func cluster(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (length: Int, columns: Int)? {
        guard let (first, firstLength) = scalar(bytes, at: index) else { return nil }
        if (0x0900...0x097F).contains(first) { return devanagariCluster(bytes, at: index, first: first, length: firstLength) }
        guard let own = ownColumns(first) else { return nil }
        var end = index + firstLength
        // Only a scalar beyond ASCII goes on a cluster.
        guard end < bytes.count, bytes[end] >= 0x80 else { return (firstLength, own) }
        // A scalar of no columns may be a control, where every cluster ends,
        // or a mark that a cluster already began with: not read here.
        if own == 0 { return nil }
        switch joining(first) {
        case .never: return (firstLength, own)
        case .unknown: return nil
        case .yes: break
        }
        var count = 1
        if isRegionalIndicator(first), let (next, length) = scalar(bytes, at: end), isRegionalIndicator(next) {
            end += length
            count = 2
        }
        var selectsEmoji = false
        // Whether a ZWJ here joins the pictograph after it (ExtPict Extend* ZWJ × ExtPict).
        var joins = count == 1 && isPictograph(first)
        while let (next, length) = scalar(bytes, at: end) {
            switch next {
            case 0xFE0F:
                selectsEmoji = true
            case 0xFE0E, 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F:
                break
            case 0x200D:
                if joins, let (after, afterLength) = scalar(bytes, at: end + length), isPictograph(after) {
                    count += 2
                    end += length + afterLength
                    continue
                }
                joins = false
            default:
                // A scalar of no columns of its own may extend the cluster; one
                // that has columns and joins none starts the next.
                guard startsNoCluster(next) else { return (end - index, settled(first, own, count: count, selectsEmoji)) }
                guard let columns = columns(of: next) ?? (isDevanagariMark(next) ? 0 : nil) else { return nil }
                guard columns == 0, isExtending(next) else {
                    return (end - index, settled(first, own, count: count, selectsEmoji))
                }
            }
            count += 1
            end += length
        }
        return (end - index, settled(first, own, count: count, selectsEmoji))
    }

    /// A Devanagari cluster: a letter, sign or digit, then its marks (vowel
    /// signs, nukta, virama, anusvara…), and a consonant a virama links to
    /// the consonant before it (GB9c: क्ष is one cluster). It takes its first
    /// scalar's one column; nil when it starts with a mark.
    private static func devanagariCluster(_ bytes: UnsafeRawBufferPointer, at index: Int, first: UInt32,
                                          length: Int) -> (length: Int, columns: Int)? {
        guard !isDevanagariMark(first) else { return nil }
        var end = index + length
        // Whether the marks since the last consonant allow a link (only
        // non-spacing marks and viramas), and whether a virama links now.
        var afterConsonant = isDevanagariConsonant(first)
        var linked = false
        while let (next, nextLength) = scalar(bytes, at: end) {
            if next == 0x94D {
                linked = afterConsonant
            } else if next == 0x200D || next == 0xFE0E || next == 0xFE0F || isDevanagariMark(next) && !isSpacing(next) {
                // an Extend: the link, if any, holds
            } else if isDevanagariMark(next) {
                (afterConsonant, linked) = (false, false)
            } else if linked, isDevanagariConsonant(next) {
                (afterConsonant, linked) = (true, false)
            } else if !isOtherExtend(next) {
                break
            }
            end += nextLength
        }
        return (end - index, 1)
    }

    /// Whether a scalar may go on the cluster before it; false for ASCII, a
    /// regional indicator (which pairs only with another) and a Devanagari
    /// letter, sign or digit, which each start a cluster after any other.
    private static func startsNoCluster(_ value: UInt32) -> Bool {
        if value < 0x80 || isRegionalIndicator(value) { return false }
        return !(0x0900...0x097F).contains(value) || isDevanagariMark(value)
    }

    /// Scalars outside Devanagari that go on any cluster (Extend): skin
    /// tones, the keycap, tags, and marks of no columns.
    private static func isOtherExtend(_ value: UInt32) -> Bool {
        switch value {
        case 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F: return true
        case ..<0x300: return false
        default: return columns(of: value) == 0 && isExtending(value)
        }
    }

    private static func isDevanagariMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x900...0x903, 0x93A...0x93C, 0x93E...0x94F, 0x951...0x957, 0x962...0x963: return true
        default: return false
        }
    }

    /// Devanagari's spacing marks (SpacingMark, not Extend).
    private static func isSpacing(_ value: UInt32) -> Bool {
        switch value {
        case 0x903, 0x93B, 0x93E...0x940, 0x949...0x94C, 0x94E...0x94F: return true
        default: return false
        }
    }

    private static func isDevanagariConsonant(_ value: UInt32) -> Bool {
        (0x915...0x939).contains(value) || (0x958...0x95F).contains(value) || (0x978...0x97F).contains(value)
    }

    /// The columns of a cluster of `count` scalars that starts with `first`
    /// (`own` columns alone): an emoji selected by U+FE0F takes two; any
    /// other cluster takes its first scalar's columns.
    private static func settled(_ first: UInt32, _ own: Int, count: Int, _ selectsEmoji: Bool) -> Int {
        guard count > 1, selectsEmoji, own < 2 else { return own }
        let isEmoji = first < 0x80 ? first == 0x23 || first == 0x2A || (0x30...0x39).contains(first)
            : Unicode.Scalar(first)?.properties.isEmoji == true
        return isEmoji ? 2 : own
    }

    /// The columns of a scalar that starts a cluster; nil for one whose
    /// cluster can take other columns by a rule not read here.
    private static func ownColumns(_ value: UInt32) -> Int? {
        if value < 0x80 { return value >= 0x20 && value != 0x7F ? 1 : 0 }
        if isRegionalIndicator(value) || (0x1F3FB...0x1F3FF).contains(value) { return 2 }
        return columns(of: value)
    }

    /// Whether what follows a scalar can join its cluster: not after a
    /// control, a format character or a separator, where every cluster
    /// ends; unknown for a scalar Unicode has not assigned.
    private enum Joining { case yes, never, unknown }

    private static func joining(_ value: UInt32) -> Joining {
        switch value {
        case ..<0x2000, 0x3041..<0x3097, 0x30A1..<0x30FB, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xAC00..<0xD7A4: return .yes
        default: break
        }
        if isPictograph(value) || isRegionalIndicator(value) { return .yes }
        switch Unicode.Scalar(value)?.properties.generalCategory {
        case .format?, .control?, .lineSeparator?, .paragraphSeparator?: return .never
        case .unassigned?, .surrogate?, nil: return .unknown
        default: return .yes
        }
    }

    /// Whether a scalar of no columns goes on the cluster before it
    /// (Grapheme_Extend) rather than standing alone (a control, a format
    /// character such as the soft hyphen).
    private static func isExtending(_ value: UInt32) -> Bool {
        (0x300..<0x370).contains(value) || Unicode.Scalar(value)?.properties.isGraphemeExtend == true
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    /// Whether a ZWJ joins the scalar to a pictograph before it: the
    /// scalars Swift's grapheme breaking takes as Extended_Pictographic,
    /// read from it for every scalar from U+00A0 to U+1FFFF (none beyond).
    private static func isPictograph(_ value: UInt32) -> Bool {
        guard value >= 0xA9, value < 0x20000, !(0xAF..<0x203C).contains(value), !(0x329A..<0x1F004).contains(value) else {
            return false
        }
        return contains(value, in: pictographRanges)
    }

    private static let pictographRanges: [ClosedRange<UInt32>] = [
        0xA9...0xA9, 0xAE...0xAE, 0x203C...0x203C, 0x2049...0x2049, 0x2122...0x2122, 0x2139...0x2139,
        0x2194...0x2199, 0x21A9...0x21AA, 0x231A...0x231B, 0x2328...0x2328, 0x23CF...0x23CF, 0x23E9...0x23F3,
        0x23F8...0x23FA, 0x24C2...0x24C2, 0x25AA...0x25AB, 0x25B6...0x25B6, 0x25C0...0x25C0, 0x25FB...0x25FE,
        0x2600...0x2604, 0x260E...0x260E, 0x2611...0x2611, 0x2614...0x2615, 0x2618...0x2618, 0x261D...0x261D,
        0x2620...0x2620, 0x2622...0x2623, 0x2626...0x2626, 0x262A...0x262A, 0x262E...0x262F, 0x2638...0x263A,
        0x2640...0x2640, 0x2642...0x2642, 0x2648...0x2653, 0x265F...0x2660, 0x2663...0x2663, 0x2665...0x2666,
        0x2668...0x2668, 0x267B...0x267B, 0x267E...0x267F, 0x2692...0x2697, 0x2699...0x2699, 0x269B...0x269C,
        0x26A0...0x26A1, 0x26A7...0x26A7, 0x26AA...0x26AB, 0x26B0...0x26B1, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26C8...0x26C8, 0x26CE...0x26CF, 0x26D1...0x26D1, 0x26D3...0x26D4, 0x26E9...0x26EA, 0x26F0...0x26F5,
        0x26F7...0x26FA, 0x26FD...0x26FD, 0x2702...0x2702, 0x2705...0x2705, 0x2708...0x270D, 0x270F...0x270F,
        0x2712...0x2712, 0x2714...0x2714, 0x2716...0x2716, 0x271D...0x271D, 0x2721...0x2721, 0x2728...0x2728,
        0x2733...0x2734, 0x2744...0x2744, 0x2747...0x2747, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
        0x2757...0x2757, 0x2763...0x2764, 0x2795...0x2797, 0x27A1...0x27A1, 0x27B0...0x27B0, 0x27BF...0x27BF,
        0x2934...0x2935, 0x2B05...0x2B07, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x3030...0x3030,
        0x303D...0x303D, 0x3297...0x3297, 0x3299...0x3299, 0x1F004...0x1F004, 0x1F02C...0x1F02F, 0x1F094...0x1F09F,
        0x1F0AF...0x1F0B0, 0x1F0C0...0x1F0C0, 0x1F0CF...0x1F0D0, 0x1F0F6...0x1F0FF, 0x1F170...0x1F171,
        0x1F17E...0x1F17F, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1AE...0x1F1E5, 0x1F201...0x1F20F,
        0x1F21A...0x1F21A, 0x1F22F...0x1F22F, 0x1F232...0x1F23A, 0x1F23C...0x1F23F, 0x1F249...0x1F25F,
        0x1F266...0x1F321, 0x1F324...0x1F393, 0x1F396...0x1F397, 0x1F399...0x1F39B, 0x1F39E...0x1F3F0,
        0x1F3F3...0x1F3F5, 0x1F3F7...0x1F3FA, 0x1F400...0x1F4FD, 0x1F4FF...0x1F53D, 0x1F549...0x1F54E,
        0x1F550...0x1F567, 0x1F56F...0x1F570, 0x1F573...0x1F57A, 0x1F587...0x1F587, 0x1F58A...0x1F58D,
        0x1F590...0x1F590, 0x1F595...0x1F596, 0x1F5A4...0x1F5A5, 0x1F5A8...0x1F5A8, 0x1F5B1...0x1F5B2,
        0x1F5BC...0x1F5BC, 0x1F5C2...0x1F5C4, 0x1F5D1...0x1F5D3, 0x1F5DC...0x1F5DE, 0x1F5E1...0x1F5E1,
        0x1F5E3...0x1F5E3, 0x1F5E8...0x1F5E8, 0x1F5EF...0x1F5EF, 0x1F5F3...0x1F5F3, 0x1F5FA...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CB...0x1F6D2, 0x1F6D5...0x1F6E5, 0x1F6E9...0x1F6E9, 0x1F6EB...0x1F6F0,
        0x1F6F3...0x1F6FF, 0x1F7DA...0x1F7FF, 0x1F80C...0x1F80F, 0x1F848...0x1F84F, 0x1F85A...0x1F85F,
        0x1F888...0x1F88F, 0x1F8AE...0x1F8AF, 0x1F8BC...0x1F8BF, 0x1F8C2...0x1F8CF, 0x1F8D9...0x1F8FF,
        0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA58...0x1FA5F, 0x1FA6E...0x1FAFF,
        0x1FC00...0x1FFFD,
    ]

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

    /// The scalar that starts at `index` and its length in bytes; nil at the
    /// end of the line or where the bytes are not well-formed UTF-8.
    private static func scalar(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int)? {
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        if first < 0x80 { return (UInt32(first), 1) }
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
            // A pictograph is a symbol, neither a mark nor of no width; those
            // East Asian Width does not call wide take two with emoji presentation.
            if isPictograph(value) {
                return isWide(value) || Unicode.Scalar(value)?.properties.isEmojiPresentation == true ? 2 : 1
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            let properties = scalar.properties
            if properties.generalCategory == .spacingMark { return nil }
            let columns = of(scalar)
            return columns > 0 && properties.isGraphemeExtend ? nil : columns
        }
    }
}

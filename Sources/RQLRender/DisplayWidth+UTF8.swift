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
        withScalarClasses { of(line: bytes, $0) }
    }

    private static func of(line bytes: UnsafeRawBufferPointer, _ classes: ScalarClasses) -> Int {
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
            guard let (length, columns) = cluster(bytes, at: index, classes) else {
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
        withScalarClasses { cut(line: bytes, to: width, $0) }
    }

    private static func cut(line bytes: UnsafeRawBufferPointer, to width: Int,
                            _ classes: ScalarClasses) -> (byteCount: Int, width: Int)? {
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
            } else if let cluster = cluster(bytes, at: index, classes) {
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
    private static func cluster(_ bytes: UnsafeRawBufferPointer, at index: Int,
                                _ classes: ScalarClasses) -> (length: Int, columns: Int)? {
        guard let (first, firstLength) = scalar(bytes, at: index) else { return nil }
        if (0x0900...0x097F).contains(first) { return devanagariCluster(bytes, at: index, first: first, length: firstLength, classes) }
        let firstClass = classes[first]
        guard let own = ownColumns(first, firstClass) else { return nil }
        var end = index + firstLength
        // Only a scalar beyond ASCII goes on a cluster.
        guard end < bytes.count, bytes[end] >= 0x80 else { return (firstLength, own) }
        // A scalar of no columns may be a control, where every cluster ends,
        // or a mark that a cluster already began with: not read here.
        if own == 0 { return nil }
        switch firstClass.joining {
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
        var joins = count == 1 && firstClass.isPictograph
        while let (next, length) = scalar(bytes, at: end) {
            switch next {
            case 0xFE0F:
                selectsEmoji = true
            case 0xFE0E, 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F:
                break
            case 0x200D:
                if joins, let (after, afterLength) = scalar(bytes, at: end + length), classes[after].isPictograph {
                    count += 2
                    end += length + afterLength
                    continue
                }
                joins = false
            default:
                // A scalar of no columns of its own may extend the cluster; one
                // that has columns and joins none starts the next.
                guard startsNoCluster(next) else { return (end - index, settled(firstClass, own, count: count, selectsEmoji)) }
                let nextClass = classes[next]
                guard let columns = nextClass.columns ?? (isDevanagariMark(next) ? 0 : nil) else { return nil }
                guard columns == 0, nextClass.isExtending else {
                    return (end - index, settled(firstClass, own, count: count, selectsEmoji))
                }
            }
            count += 1
            end += length
        }
        return (end - index, settled(firstClass, own, count: count, selectsEmoji))
    }

    /// A Devanagari cluster: a letter, sign or digit, then its marks (vowel
    /// signs, nukta, virama, anusvara…), and a consonant a virama links to
    /// the consonant before it (GB9c: क्ष is one cluster). It takes its first
    /// scalar's one column; nil when it starts with a mark.
    private static func devanagariCluster(_ bytes: UnsafeRawBufferPointer, at index: Int, first: UInt32,
                                          length: Int, _ classes: ScalarClasses) -> (length: Int, columns: Int)? {
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
            } else if !isOtherExtend(next, classes) {
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
    private static func isOtherExtend(_ value: UInt32, _ classes: ScalarClasses) -> Bool {
        switch value {
        case 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F: return true
        case ..<0x300: return false
        default:
            let scalarClass = classes[value]
            return scalarClass.columns == 0 && scalarClass.isExtending
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
    private static func settled(_ first: ScalarClass, _ own: Int, count: Int, _ selectsEmoji: Bool) -> Int {
        guard count > 1, selectsEmoji, own < 2 else { return own }
        return first.isEmoji ? 2 : own
    }

    /// The columns of a scalar that starts a cluster; nil for one whose
    /// cluster can take other columns by a rule not read here.
    private static func ownColumns(_ value: UInt32, _ scalarClass: ScalarClass) -> Int? {
        if isRegionalIndicator(value) || (0x1F3FB...0x1F3FF).contains(value) { return 2 }
        return scalarClass.columns
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
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
}

/// Display width straight from UTF-8 bytes, one cluster at a time, for the
/// text tabular output holds: one line of display text (no controls). Each
/// scalar's class (its columns, how it joins a cluster) is one lookup in a
/// table made from Swift's own Unicode data, and clusters are read by the
/// rules that make them (`cluster(_:at:_:)`): accents and vowel signs,
/// Indic conjuncts, Hangul syllables from jamo, emoji with skin tones,
/// variation selectors, keycaps, ZWJ sequences and flags. Only a word
/// holding a prepended mark (which joins the scalar after it), a mark of no
/// columns in a wide range, or a scalar past the table (plane 14's tags,
/// which a subdivision flag holds, and its variation selectors; private
/// use) is measured per cluster by `DisplayWidth.of(_: String)`: both ways
/// give the same widths.
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
        withScalarClasses { cut(line: bytes, to: width, room: width - 1, $0) }
    }

    /// How many of the line's bytes fit in `width` columns, and the columns
    /// they take; nil when the whole line fits. For wrapping, where no `…`
    /// takes a column.
    static func fit(line bytes: UnsafeRawBufferPointer, to width: Int) -> (byteCount: Int, width: Int)? {
        withScalarClasses { cut(line: bytes, to: width, room: width, $0) }
    }

    private static func cut(line bytes: UnsafeRawBufferPointer, to width: Int, room: Int,
                            _ classes: ScalarClasses) -> (byteCount: Int, width: Int)? {
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
                return cutByClusters(bytes, to: width, room: room)
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
    /// columns, by the width model of `of(_: Character)`; nil when it starts
    /// with a scalar not read here. The rules are Unicode's for extended
    /// grapheme clusters (UAX #29) as Swift applies them: marks, vowel signs,
    /// joiners and variation selectors join the cluster before them (GB9,
    /// GB9a); Hangul jamo make syllables (GB6–GB8); a virama links the
    /// consonants around it (GB9c); a ZWJ joins two pictographs (GB11);
    /// regional indicators pair (GB12, GB13).
    private static func cluster(_ bytes: UnsafeRawBufferPointer, at index: Int,
                                _ classes: ScalarClasses) -> (length: Int, columns: Int)? {
        guard let (first, firstLength) = scalar(bytes, at: index) else { return nil }
        let firstClass = classes[first]
        guard let own = firstClass.columns else { return nil }
        var end = index + firstLength
        // Only a scalar beyond ASCII goes on a cluster, and none on a control.
        guard end < bytes.count, bytes[end] >= 0x80, !firstClass.joinsNever else { return (firstLength, own) }
        var count = 1
        if isRegionalIndicator(first), let (next, length) = scalar(bytes, at: end), isRegionalIndicator(next) {
            end += length
            count = 2
        }
        var selectsEmoji = false
        // Whether a ZWJ here joins the pictograph after it (ExtPict Extend* ZWJ × ExtPict).
        var joinsPictograph = count == 1 && firstClass.isPictograph
        var jamo = Jamo(first)
        // Whether a consonant was read with only conjunct extenders since,
        // and whether a virama after it links the next consonant.
        var afterConsonant = firstClass.joining == .consonant
        var linked = false
        while let (next, length) = scalar(bytes, at: end), next >= 0x80 {
            let joining = classes[next].joining
            if next == 0x200D, joinsPictograph, let (after, afterLength) = scalar(bytes, at: end + length),
               classes[after].isPictograph {
                count += 2
                end += length + afterLength
                continue
            }
            switch joining {
            case .extend, .spacingMark, .linker, .conjunctExtend:
                if next == 0xFE0F { selectsEmoji = true }
                switch joining {
                case .linker: linked = linked || afterConsonant
                case .conjunctExtend: break
                default: (afterConsonant, linked) = (false, false)
                }
                // Only Extend keeps a pictograph's ZWJ sequence going, and a ZWJ ends it here.
                if joining == .spacingMark || next == 0x200D { joinsPictograph = false }
                jamo = nil
            case .consonant where linked:
                (afterConsonant, linked, joinsPictograph, jamo) = (true, false, false, nil)
            default:
                guard let current = jamo, let following = Jamo(next), current.isFollowed(by: following) else {
                    return (end - index, settled(firstClass, own, count: count, selectsEmoji))
                }
                jamo = following
                joinsPictograph = false
            }
            count += 1
            end += length
        }
        return (end - index, settled(firstClass, own, count: count, selectsEmoji))
    }

    /// The columns of a cluster of `count` scalars that starts with `first`
    /// (`own` columns): an emoji selected by U+FE0F takes two; any other
    /// cluster takes its first scalar's columns.
    private static func settled(_ first: ScalarClass, _ own: Int, count: Int, _ selectsEmoji: Bool) -> Int {
        guard count > 1, selectsEmoji, own < 2 else { return own }
        return first.isEmoji ? 2 : own
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    /// A Hangul jamo or syllable, by its part in making a syllable.
    private enum Jamo {
        case leading, vowel, trailing, syllableLV, syllableLVT

        init?(_ value: UInt32) {
            switch value {
            case 0x1100...0x115F, 0xA960...0xA97C: self = .leading
            case 0x1160...0x11A7, 0xD7B0...0xD7C6: self = .vowel
            case 0x11A8...0x11FF, 0xD7CB...0xD7FB: self = .trailing
            case 0xAC00...0xD7A3: self = (value - 0xAC00) % 28 == 0 ? .syllableLV : .syllableLVT
            default: return nil
            }
        }

        /// Whether `next` goes on the same syllable (GB6, GB7, GB8).
        func isFollowed(by next: Jamo) -> Bool {
            switch (self, next) {
            case (.leading, .leading), (.leading, .vowel), (.leading, .syllableLV), (.leading, .syllableLVT): return true
            case (.vowel, .vowel), (.vowel, .trailing), (.syllableLV, .vowel), (.syllableLV, .trailing): return true
            case (.trailing, .trailing), (.syllableLVT, .trailing): return true
            default: return false
            }
        }
    }

    private static func cutByClusters(_ bytes: UnsafeRawBufferPointer, to width: Int, room: Int) -> (byteCount: Int, width: Int)? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard of(text) > width else { return nil }
        var byteCount = 0
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > room { break }
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

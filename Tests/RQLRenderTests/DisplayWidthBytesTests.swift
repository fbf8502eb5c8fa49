import Testing
@testable import RQLRender

/// The width measured from UTF-8 bytes scalar by scalar is the width measured
/// per grapheme cluster, for every scalar alone, after a letter, and before
/// each character that can join a cluster; and a cut line is the cluster cut.
@Suite struct DisplayWidthBytesTests {
    /// Scalars that join the one before them into a cluster in some way.
    static let joiners: [String] = [
        "\u{301}", "\u{200D}", "\u{200D}👧", "\u{FE0F}", "\u{FE0E}", "🏽", "🇷", "\u{1161}", "\u{11A8}",
        "\u{93F}", "\u{94D}क", "\u{E33}", "\u{FF9E}", "\u{3099}", "\u{E0067}",
    ]

    static func byteWidth(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { DisplayWidth.of(line: UnsafeRawBufferPointer($0)) }
    }

    @Test func everyScalarAloneAndJoined() {
        var mismatches: [String] = []
        // The BMP and the emoji blocks whole, the rest of the planes sampled.
        let values = Array(UInt32(0xA0)...0xFFFF) + Array(0x1F000...0x1FAFF) + stride(from: 0x10000, through: 0x3FFFF, by: 61)
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(Character(scalar))
            for text in [alone, "a" + alone] + DisplayWidthBytesTests.joiners.map({ alone + $0 })
            where DisplayWidthBytesTests.byteWidth(text) != DisplayWidth.of(text) {
                mismatches.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
            if mismatches.count > 20 { break }
        }
        #expect(mismatches == [])
    }

    @Test(arguments: [
        "東京タワー", "Café crème brûlée", "👨‍👩‍👧 family", "🇫🇷🇩🇪 flags", "क्षत्रिय", "e\u{301}e\u{301}e\u{301}e\u{301}",
        "☕️ coffee", "ｶﾞｷﾞｸﾞ", "한국어 텍스트", "abc", "😀😀😀😀",
    ])
    func cutsAsClustersDo(text: String) {
        var bytes = text
        for width in 0...DisplayWidth.of(text) + 1 {
            let cut = bytes.withUTF8 { DisplayWidth.cut(line: UnsafeRawBufferPointer($0), to: width) }
            let truncated = DisplayWidth.truncate(text, to: width)
            if truncated == text {
                #expect(cut == nil, "\(text) at \(width)")
            } else if width > 0, let cut {
                let kept = String(decoding: Array(text.utf8.prefix(cut.byteCount)), as: UTF8.self)
                #expect(kept + "…" == truncated, "\(text) at \(width)")
                #expect(cut.width == DisplayWidth.of(kept))
            }
        }
    }
}

/// Lines of scalars drawn at random from those that make clusters in
/// different ways: the width read from bytes is the width per cluster.
@Suite struct DisplayWidthRandomLineTests {
    static let pieces: [String] = [
        "a", "1", "#", " ", " ", "é", "e\u{301}", "東", "ｶ", "\u{FF9E}", "한", "\u{1100}", "\u{1161}", "\u{11A8}",
        "क", "\u{94D}", "\u{93F}", "ष", "\u{E33}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{FE0E}",
        "\u{20E3}", "🏻", "🏿", "🇫", "🇷", "👨", "👩", "👧", "💻", "🚀", "❤", "♂", "☕", "©", "🏳", "🌈", "🏴",
        "\u{E0067}", "\u{E007F}", "★", "㊗", "\u{600}", "\u{301}", "😀", "🫱", "🫲", "\u{1F5E8}", "\u{3099}",
        "त", "र", "\u{93C}", "\u{940}", "\u{902}", "\u{903}", "ह", "\u{964}", "१", "অ", "\u{9CD}", "ক",
        // Other Indic scripts, Thai, extended jamo.
        "க", "\u{BCD}", "ஷ", "\u{BBF}", "క", "\u{C4D}", "\u{C3F}", "ക", "\u{D4D}", "ર", "\u{ACD}", "ଗ", "\u{B4D}",
        "ก", "\u{E33}", "\u{E34}", "\u{A960}", "\u{D7B0}", "\u{D7CB}", "가", "각", "\u{1000}", "\u{103A}", "\u{1039}",
    ]

    @Test func randomLinesMeasureAsClustersDo() {
        var state: UInt64 = 0x2026_1127
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var text = ""
            var seed = state
            for _ in 0..<(1 + Int(seed % 9)) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += DisplayWidthRandomLineTests.pieces[Int((seed >> 33) % UInt64(DisplayWidthRandomLineTests.pieces.count))]
            }
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            if DisplayWidthBytesTests.byteWidth(text) != DisplayWidth.of(text) { mismatches.append(scalars) }
            // A cut at a width the line passes keeps the clusters that fit.
            let width = Int(seed % UInt64(DisplayWidth.of(text) + 1)) + 1
            var bytes = text
            if let cut = bytes.withUTF8({ DisplayWidth.cut(line: UnsafeRawBufferPointer($0), to: width) }) {
                let kept = String(decoding: Array(text.utf8.prefix(cut.byteCount)), as: UTF8.self)
                if kept + "…" != DisplayWidth.truncate(text, to: width) || cut.width != DisplayWidth.of(kept) {
                    mismatches.append("cut at \(width): " + scalars)
                }
            } else if DisplayWidth.truncate(text, to: width) != text {
                mismatches.append("no cut at \(width): " + scalars)
            }
            if mismatches.count > 10 { break }
        }
        #expect(mismatches == [])
    }
}

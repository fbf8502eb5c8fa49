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

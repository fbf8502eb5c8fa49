import Testing
@testable import RQLRender

/// Compressed bytes unpack to themselves, and no block, however made,
/// unpacks out of bounds.
@Suite struct ByteCompressionTests {
    static func roundTrips(_ bytes: [UInt8]) -> Bool {
        ByteCompression.decompress(ByteCompression.compress(bytes), count: bytes.count) == bytes
    }

    @Test func textNumbersAndRepeats() {
        #expect(ByteCompressionTests.roundTrips([]))
        #expect(ByteCompressionTests.roundTrips([7]))
        #expect(ByteCompressionTests.roundTrips(Array("abcd".utf8)))
        #expect(ByteCompressionTests.roundTrips([UInt8](repeating: 0x61, count: 100_000)))
        let rows = (0..<20_000).map { "\($0)|2026-11-\($0 % 28 + 1)|東京 family 👨‍👩‍👧 Café|\(Double($0) / 7)\n" }.joined()
        let bytes = Array(rows.utf8)
        #expect(ByteCompressionTests.roundTrips(bytes))
        #expect(ByteCompression.compress(bytes).count < bytes.count / 2)
    }

    /// Random bytes, random runs and matches at every distance and length,
    /// including those past the window and overlapping their own output.
    @Test func randomBytesRoundTrip() {
        var state: UInt64 = 0x2026_1127
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            let target = next(200_000)
            while bytes.count < target {
                if bytes.count > 4, next(2) == 0 {
                    let from = bytes.count - 1 - next(min(bytes.count, 70_000))
                    for offset in 0..<(1 + next(600)) { bytes.append(bytes[from + offset % (bytes.count - from)]) }
                } else {
                    for _ in 0..<(1 + next(40)) { bytes.append(UInt8(next(next(2) == 0 ? 4 : 256))) }
                }
            }
            #expect(ByteCompressionTests.roundTrips(bytes))
        }
    }

    /// Blocks that no compression made: cut short, with distances before the
    /// start, lengths past the end, and random bytes.
    @Test func hostileBlocksAreRefused() {
        let good = ByteCompression.compress(Array(String(repeating: "abcdefgh", count: 100).utf8))
        for end in 0..<good.count { _ = ByteCompression.decompress(Array(good[..<end]), count: 800) }
        #expect(ByteCompression.decompress(good, count: 799) == nil)
        #expect(ByteCompression.decompress(good, count: 801) == nil)
        #expect(ByteCompression.decompress([0x10, 0x61, 0x05, 0x00], count: 5) == nil)  // a distance before the start
        #expect(ByteCompression.decompress([0x1F, 0x61, 0x01, 0x00, 0xFF, 0xFF], count: 600) == nil)  // a length cut short
        #expect(ByteCompression.decompress([0xF0], count: 20) == nil)
        var state: UInt64 = 1
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let block = (0..<Int(state >> 58)).map { UInt8(truncatingIfNeeded: state >> UInt64($0 % 8 * 8)) }
            _ = ByteCompression.decompress(block, count: Int(state >> 50 & 0xFF))
        }
    }
}

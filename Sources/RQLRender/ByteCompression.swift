/// A fast compression of bytes by repeats (LZ77, in the manner of LZ4's
/// blocks), for the rows tabular output holds before it knows its widths:
/// results repeat themselves (dates, words, keys, the same few values of a
/// column), and a megabyte of them commonly packs into a quarter to a third.
///
/// A block is a series of sequences, each a token byte (literal count in
/// its high four bits, match length less four in its low four; 15 says
/// more bytes follow, each added until one is below 255), the literals,
/// then the match's distance back (two bytes, little-endian). The last
/// sequence has literals only. Decompressing checks every count and
/// distance against the bytes at hand, so no block, however made, reads
/// or writes out of bounds.
public enum ByteCompression {
    private static let minimumMatch = 4
    private static let hashBits = 14
    /// Matches reach at most this far back (two bytes of distance).
    private static let window = 65_535

    public static func compress(_ source: [UInt8]) -> [UInt8] {
        source.withUnsafeBytes { compress($0) }
    }

    static func compress(_ source: UnsafeRawBufferPointer) -> [UInt8] {
        let count = source.count
        // Literals take at most one byte more per 255, and a token each sequence.
        let capacity = count + count / 255 + 16
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
            let table = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1 << hashBits)
            defer { table.deallocate() }
            table.initialize(repeating: -1)
            var out = 0
            var anchor = 0
            var index = 0
            // A match starts at least this far before the end: a four-byte read always fits.
            let lastMatchStart = count - minimumMatch
            while index <= lastMatchStart {
                let word = source.loadUnaligned(fromByteOffset: index, as: UInt32.self)
                let slot = Int((word &* 2_654_435_761) >> UInt32(32 - hashBits))
                let candidate = Int(table[slot])
                table[slot] = Int32(index)
                guard candidate >= 0, index - candidate <= window,
                      source.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word else {
                    // Further apart the longer no match is found, as LZ4 steps through data that does not repeat.
                    index += 1 + (index - anchor) >> 6
                    continue
                }
                var length = minimumMatch
                while index + length + 8 <= count {
                    let difference = source.loadUnaligned(fromByteOffset: index + length, as: UInt64.self)
                        ^ source.loadUnaligned(fromByteOffset: candidate + length, as: UInt64.self)
                    if difference != 0 {
                        length += difference.trailingZeroBitCount / 8
                        break
                    }
                    length += 8
                }
                if index + length + 8 > count {
                    while index + length < count, source[index + length] == source[candidate + length] { length += 1 }
                }
                out = writeSequence(source, literals: anchor..<index, match: (index - candidate, length), into: output, at: out)
                index += length
                anchor = index
            }
            out = writeSequence(source, literals: anchor..<count, match: nil, into: output, at: out)
            written = out
        }
    }

    /// A sequence: its token, literals and, but for the last, its match.
    private static func writeSequence(_ source: UnsafeRawBufferPointer, literals: Range<Int>,
                                      match: (distance: Int, length: Int)?,
                                      into output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let literalCount = literals.count
        let matchLength = (match?.length ?? minimumMatch) - minimumMatch
        output[start] = UInt8(min(literalCount, 15)) << 4 | UInt8(min(matchLength, 15))
        var out = start + 1
        if literalCount >= 15 { out = writeLength(literalCount - 15, into: output, at: out) }
        if literalCount > 0, let base = output.baseAddress, let from = source.baseAddress {
            (base + out).update(from: from.advanced(by: literals.lowerBound).assumingMemoryBound(to: UInt8.self),
                                count: literalCount)
        }
        out += literalCount
        guard let match else { return out }
        output[out] = UInt8(truncatingIfNeeded: match.distance)
        output[out + 1] = UInt8(truncatingIfNeeded: match.distance >> 8)
        out += 2
        return matchLength >= 15 ? writeLength(matchLength - 15, into: output, at: out) : out
    }

    private static func writeLength(_ length: Int, into output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var out = start
        var rest = length
        while rest >= 255 {
            output[out] = 255
            out += 1
            rest -= 255
        }
        output[out] = UInt8(rest)
        return out + 1
    }

    /// The bytes `compress` packed into `block`, `count` of them; nil when
    /// the block does not unpack to exactly that many.
    public static func decompress(_ block: [UInt8], count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { output, written in
            block.withUnsafeBufferPointer { input in
                guard let end = decompress(input, into: output), end == count else {
                    failed = true
                    // Every byte is initialized, so that the array may be dropped.
                    output.initialize(repeating: 0)
                    written = count
                    return
                }
                written = end
            }
        }
        return failed ? nil : bytes
    }

    /// Unpacks `input` into `output`; the count written, or nil for a block
    /// that would read or write past either.
    private static func decompress(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard let outputBase = output.baseAddress else { return input.count == 1 && input[0] == 0 ? 0 : nil }
        var at = 0
        var out = 0
        while at < input.count {
            let token = input[at]
            at += 1
            guard let literalCount = readLength(Int(token >> 4), input, at: &at),
                  literalCount <= input.count - at, literalCount <= output.count - out, let inputBase = input.baseAddress
            else { return nil }
            (outputBase + out).update(from: inputBase + at, count: literalCount)
            at += literalCount
            out += literalCount
            if at == input.count { return token & 0x0F == 0 ? out : nil }
            guard input.count - at >= 2 else { return nil }
            let distance = Int(input[at]) | Int(input[at + 1]) << 8
            at += 2
            guard let extra = readLength(Int(token & 0x0F), input, at: &at) else { return nil }
            let length = extra + minimumMatch
            guard distance > 0, distance <= out, length <= output.count - out else { return nil }
            if distance >= length {
                (outputBase + out).update(from: outputBase + out - distance, count: length)
            } else {
                // The match repeats bytes it writes itself.
                for offset in 0..<length { output[out + offset] = output[out - distance + offset] }
            }
            out += length
        }
        return nil
    }

    /// A count whose first part is `nibble`: 15 says bytes follow, each
    /// added until one is below 255.
    private static func readLength(_ nibble: Int, _ input: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int? {
        var length = nibble
        guard nibble == 15 else { return length }
        while index < input.count {
            let byte = input[index]
            index += 1
            length += Int(byte)
            if byte < 255 { return length }
        }
        return nil
    }
}

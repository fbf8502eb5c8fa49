/// A line of a cell wrapped to the width of its column (`.mode box --wrap
/// N`): broken at the last space that fits, and inside a word only when the
/// word alone is wider than the column. The spaces at a break are dropped;
/// every other character is kept, in order.
///
///     CellWrap.lines("Tax forms and receipts", width: 10)   // "Tax forms", "and", "receipts"
enum CellWrap {
    static func lines(_ line: UnsafeRawBufferPointer, width: Int) -> [UnsafeRawBufferPointer] {
        var lines: [UnsafeRawBufferPointer] = []
        var start = 0
        while start < line.count {
            let rest = UnsafeRawBufferPointer(rebasing: line[start...])
            guard let fitting = DisplayWidth.fit(line: rest, to: max(width, 1)) else {
                lines.append(rest)
                break
            }
            var end = fitting.byteCount
            if end == 0 {
                // A character wider than the column: it goes on a line of its own.
                end = DisplayWidth.fit(line: rest, to: 2)?.byteCount ?? rest.count
                end = max(end, 1)
            } else if !isBreak(rest, at: end), let space = lastBreak(rest, before: end) {
                end = space
            }
            lines.append(UnsafeRawBufferPointer(rebasing: rest[..<end]))
            var next = end
            while next < rest.count, isBreak(rest, at: next) { next += 1 }
            start += next
        }
        return lines.isEmpty ? [line] : lines
    }

    /// Whether the byte at `index` is a space that ends a word: not one that
    /// a combining diacritical mark (U+0300–U+036F) follows and belongs to.
    private static func isBreak(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        guard index < bytes.count, bytes[index] == 0x20 else { return false }
        return index + 1 == bytes.count || !(0xCC...0xCD).contains(bytes[index + 1])
    }

    /// The last break before `end`, after some text; nil when there is none.
    private static func lastBreak(_ bytes: UnsafeRawBufferPointer, before end: Int) -> Int? {
        var index = end - 1
        while index > 0 {
            if isBreak(bytes, at: index) { return index }
            index -= 1
        }
        return nil
    }
}

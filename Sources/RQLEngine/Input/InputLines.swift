import Foundation

/// Lines read from a file descriptor as they come (a script on standard
/// input), without their `\n` or `\r\n`, each at most `maximumBytes` long.
/// A longer one ends the lines and is noted in `tooLongLine`, where
/// `readLine` would hold all of it (`rql < /dev/zero`).
public final class InputLines: Sequence, IteratorProtocol {
    public let maximumBytes: Int
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`, and how far it holds no newline.
    private var start = 0
    private var searched = 0
    private var atEnd = false
    private var count = 0
    /// The line that ran past `maximumBytes`; none is read after it.
    public private(set) var tooLongLine: Int?

    public init(descriptor: Int32 = STDIN_FILENO, maximumBytes: Int = Session.maximumCommandBytes) {
        self.descriptor = descriptor
        self.maximumBytes = maximumBytes
    }

    public func next() -> String? {
        while tooLongLine == nil {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let end = newline > start && buffer[newline - 1] == 0x0D ? newline - 1 : newline
                return line(start..<end, next: newline + 1)
            }
            searched = buffer.count
            if buffer.count - start > maximumBytes {
                tooLongLine = count + 1
                buffer = []
                return nil
            }
            if atEnd {
                return start < buffer.count ? line(start..<buffer.count, next: buffer.count) : nil
            }
            fill()
        }
        return nil
    }

    private func line(_ range: Range<Int>, next: Int) -> String {
        let text = ForeignBytes.decode(buffer[range])
        count += 1
        start = next
        searched = next
        // What was read is dropped once it is most of the buffer.
        if start >= 1 << 16, start * 2 >= buffer.count {
            buffer.removeSubrange(..<start)
            start = 0
            searched = 0
        }
        return text
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0, errno == EINTR { continue }
            if read <= 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<read])
            }
            return
        }
    }
}

import Glibc

/// A buffered byte sink. Renderers write into it; it flushes to a file
/// descriptor, or keeps everything in memory (tests, recorded notebook cells).
///
///     let output = ByteOutput.standardOutput
///     output.write("hello\n")
///     output.flush()
public final class ByteOutput {
    public enum Destination {
        /// Writes go to this descriptor; `closes` says whether `close()` closes it.
        case fileDescriptor(Int32, closes: Bool)
        /// Writes are kept; read them back with `text` or `bytes`.
        case memory
        /// Writes go to an object that decides where (a pager).
        case custom(any ByteDestination)
    }

    public let destination: Destination
    /// What the destination is called in errors: a path, `standard output`.
    public let name: String
    /// Whether the destination is a terminal (colors and width fitting apply).
    public let isTerminal: Bool
    /// Bytes not yet flushed: `buffer[0..<count]`.
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var kept: [UInt8] = []
    private let capacity = 1 << 16
    /// The first write error, if any (a closed pipe, a full disk).
    public private(set) var writeError: Int32?
    /// Also receives every byte this output flushes (`.record` keeps what a
    /// command printed this way).
    public var copy: ByteOutput?

    public init(_ destination: Destination, name: String = "the output", isTerminal: Bool = false) {
        self.destination = destination
        self.name = name
        self.isTerminal = isTerminal
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        flush()
        buffer.deallocate()
    }

    /// Standard output (1) or standard error (2).
    public static func standard(_ descriptor: Int32) -> ByteOutput {
        ByteOutput(.fileDescriptor(descriptor, closes: false),
                   name: descriptor == STDERR_FILENO ? "standard error" : "standard output",
                   isTerminal: isatty(descriptor) == 1)
    }

    /// Bytes written so far to a memory output (flushes first).
    public var bytes: [UInt8] {
        flush()
        return kept
    }

    /// Text written so far to a memory output.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets what a memory output holds.
    public func clear() {
        count = 0
        kept.removeAll()
    }

    @inline(__always)
    public func write(byte: UInt8) {
        if count == capacity { flush() }
        buffer[count] = byte
        count += 1
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        if count + bytes.count > capacity { flush() }
        if bytes.count >= capacity {
            emit(bytes)
        } else if let base = bytes.baseAddress {
            (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            count += bytes.count
        }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    public func write(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { write($0) }
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `count` copies of `byte`.
    public func write(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        if self.count + count > capacity { flush() }
        if count >= capacity {
            for _ in 0..<count { write(byte: byte) }
        } else {
            (buffer + self.count).update(repeating: byte, count: count)
            self.count += count
        }
    }

    /// Writes a signed integer in decimal without allocating.
    public func write(integer value: Int64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch space
        withUnsafeMutableBytes(of: &digits) { scratch in
            var magnitude = value.magnitude
            var index = scratch.count
            repeat {
                index -= 1
                scratch[index] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                index -= 1
                scratch[index] = 0x2D
            }
            write(UnsafeRawBufferPointer(rebasing: scratch[index...]))
        }
    }

    public func flush() {
        guard count > 0 else { return }
        emit(UnsafeRawBufferPointer(start: buffer, count: count))
        count = 0
    }

    /// Flushes, and closes the descriptor when this output owns it (a
    /// failed close is a write error: some file systems report a full disk
    /// only then).
    public func close() {
        flush()
        if case .fileDescriptor(let descriptor, closes: true) = destination,
           Glibc.close(descriptor) != 0, writeError == nil {
            writeError = errno
        }
    }

    /// Flushes, then throws if a write failed since the last check (a full
    /// disk, an I/O error); the failure is forgotten, so the next bytes are
    /// tried again. A reader that closed its pipe (`EPIPE`) is no failure to
    /// report: the bytes go nowhere, quietly.
    ///
    ///     try output.checkWrites()   // error: cannot write out.txt: No space left on device
    public func checkWrites() throws(WriteError) {
        flush()
        guard let code = writeError, code != EPIPE else { return }
        writeError = nil
        throw WriteError(name: name, code: code)
    }

    /// Writes `text` to this output alone, not to `copy`: what only the
    /// terminal shows, such as the `FILE:LINE:` before a script's error,
    /// which a notebook cell recorded from it does not hold.
    public func writeUncopied(_ text: String) {
        flush()
        let kept = copy
        copy = nil
        write(text)
        flush()
        copy = kept
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) {
        if let copy {
            copy.write(bytes)
        }
        switch destination {
        case .memory:
            kept.append(contentsOf: bytes)
        case .custom(let destination):
            guard writeError == nil else { return }
            writeError = destination.write(bytes)
        case .fileDescriptor(let descriptor, _):
            guard writeError == nil else { return }
            writeError = ByteOutput.write(bytes, to: descriptor)
        }
    }
}

/// Where a `.custom` output's bytes go.
public protocol ByteDestination: AnyObject {
    /// Takes flushed bytes; returns the `errno` of a failed write, or nil.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32?
}

extension ByteOutput {
    /// Writes all of `bytes` to `descriptor`, retrying after signals;
    /// returns the `errno` of a failed write, or nil.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var base = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            remaining -= written
            base += written
        }
        return nil
    }

    /// Bytes that did not reach an output; `code` is the `errno` of the write.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let name: String
        public let code: Int32

        public var description: String { "cannot write \(name): \(String(cString: strerror(code)))" }
    }
}

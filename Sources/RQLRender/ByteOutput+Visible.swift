/// Text that rql did not write itself (names, schema SQL, values, what a
/// notebook recorded) on its way to an output: on a terminal, its control
/// characters show as visible symbols (`VisibleText`), as they do in
/// results, so that it cannot move the cursor, clear the screen or recolor
/// it; into a file or a pipe, its bytes stay as they are, so that what is
/// written (a `.dump`) reads back the same.
///
///     output.write(visible: "CREATE TABLE \"t\u{1B}[2J\" (x);\n")   // a terminal shows CREATE TABLE "t␛[2J" (x);
extension ByteOutput {
    public func write(visible text: String) {
        guard isTerminal else { return write(text) }
        VisibleText().write(text, to: self)
    }

    public func write(visible bytes: UnsafeRawBufferPointer) {
        guard isTerminal else { return write(bytes) }
        VisibleText().write(bytes, to: self)
    }

    /// This output, or on a terminal an output that writes into it with
    /// control characters as symbols, for writers that copy a database's
    /// bytes as they come (`.dump`). Flush it before writing to this output again.
    public var showingControls: ByteOutput {
        guard isTerminal else { return self }
        return ByteOutput(.custom(VisibleDestination(self)), name: name, isTerminal: true)
    }
}

/// Passes flushed bytes on to a terminal through `VisibleText`. A flush may
/// end inside a UTF-8 sequence: its first bytes wait for the rest.
private final class VisibleDestination: ByteDestination {
    let target: ByteOutput
    private var pending: [UInt8] = []

    init(_ target: ByteOutput) {
        self.target = target
    }

    deinit {
        pending.withUnsafeBytes { VisibleText().write($0, to: target) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        pending.append(contentsOf: bytes)
        let complete = VisibleDestination.completeLength(pending)
        pending.withUnsafeBytes { VisibleText().write(UnsafeRawBufferPointer(rebasing: $0[..<complete]), to: target) }
        pending.removeFirst(complete)
        return nil
    }

    /// The length of `bytes` without a UTF-8 sequence cut short at its end.
    private static func completeLength(_ bytes: [UInt8]) -> Int {
        // A sequence is at most 4 bytes: look back at most 3 for its lead byte.
        for back in 1..<(min(3, bytes.count) + 1) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > back ? bytes.count - back : bytes.count
            }
        }
        return bytes.count
    }
}

/// Where display bytes go: the output itself, or the byte buffer a tabular
/// writer holds its cells in until it knows the column widths.
protocol ByteSink {
    mutating func write(_ bytes: UnsafeRawBufferPointer)
    mutating func write(byte: UInt8)
    mutating func write(repeating byte: UInt8, count: Int)
}

extension ByteSink {
    mutating func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension ByteOutput: ByteSink {}

extension Array: ByteSink where Element == UInt8 {
    mutating func write(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
    mutating func write(byte: UInt8) { append(byte) }
    mutating func write(repeating byte: UInt8, count: Int) {
        if count > 0 { append(contentsOf: repeatElement(byte, count: count)) }
    }
}

/// The visible symbols that stand for control characters wherever a value
/// must not move the cursor, recolor the terminal or break a frame: Unicode's
/// Control Pictures (`␀`…`␟`) for C0, `␡` for DEL, and `�` for the C1
/// controls U+0080…U+009F, which have no pictures.
///
///     ControlPictures.symbol(for: 0x1B)   // "␛"
///     ControlPictures.symbol(for: 0x41)   // nil
enum ControlPictures {
    /// The symbol shown for a control character, nil for any other scalar.
    static func symbol(for value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x00..<0x20: Unicode.Scalar(0x2400 + value)
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0: "\u{FFFD}"
        default: nil
        }
    }

    /// Writes the symbol for a C0 control or DEL (`byte` below 0x20, or 0x7F).
    static func write<Sink: ByteSink>(control byte: UInt8, to output: inout Sink) {
        // U+2400 + byte, and U+2421 for DEL, in UTF-8: E2 90 80+byte, E2 90 A1.
        output.write(byte: 0xE2)
        output.write(byte: 0x90)
        output.write(byte: byte == 0x7F ? 0xA1 : 0x80 + byte)
    }

    /// Writes `�`, for a C1 control or bytes that are not UTF-8.
    static func writeReplacement<Sink: ByteSink>(to output: inout Sink) {
        output.write(byte: 0xEF)
        output.write(byte: 0xBF)
        output.write(byte: 0xBD)
    }
}

/// Replacing ASCII characters in text that SQLite, HTML, Markdown or
/// Graphviz will read. They are found as UTF-8 bytes, not as Characters: a
/// quote, `<` or `|` followed by a combining mark (U+0301) is one Character
/// in Swift, which a loop over Characters or Foundation's
/// `replacingOccurrences` passes over, and still a quote, `<` or `|` to
/// every one of those readers.
extension String {
    /// The text with each ASCII character for which `replacement` gives a
    /// text replaced by it.
    public func replacingASCII(_ replacement: (UInt8) -> String?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for byte in utf8 {
            if byte < 0x80, let text = replacement(byte) {
                bytes.append(contentsOf: text.utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every `target`, an ASCII character, replaced by `replacement`.
    public func replacingAll(_ target: UInt8, with replacement: String) -> String {
        guard utf8.contains(target) else { return self }
        return replacingASCII { $0 == target ? replacement : nil }
    }
}

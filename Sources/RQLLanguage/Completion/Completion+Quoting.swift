import RQLValues

/// Names as Tab writes them: bare when the language reads them bare, in
/// quotes otherwise (`"Order Details"` in SQL, `` `Order Details` `` in the
/// DSL), and a name whose opening quote is already typed continued.
extension Completion {
    /// `name` as SQL reads it: bare when it is a plain word and not one of
    /// `keywords` (lowercased), in double quotes otherwise.
    static func sqlName(_ name: String, keywords: Set<String>) -> String {
        isPlainWord(name) && !keywords.contains(name.lowercased()) ? name : SQLText.identifier(name)
    }

    /// `name` as the DSL reads it: bare when it is a plain word and not one
    /// of the DSL's own words, in backticks otherwise.
    public static func dslName(_ name: String) -> String {
        isPlainWord(name) && !dslExpressionWords.contains(name.lowercased())
            ? name : "`" + name.replacingAll(UInt8(ascii: "`"), with: "``") + "`"
    }

    /// `name` as a word of a dot-command: in double quotes when it holds a
    /// blank or starts with a quote.
    public static func dotCommandWord(_ name: String) -> String {
        let needsQuotes = name.isEmpty || name.unicodeScalars.contains { $0.properties.isWhitespace }
            || name.hasPrefix("'") || name.hasPrefix("\"")
        return needsQuotes ? SQLText.identifier(name) : name
    }

    /// Letters, digits, `_` and `$` (and any character past ASCII), not
    /// starting with a digit or `$`: what SQLite and the DSL read as a bare name.
    static func isPlainWord(_ name: String) -> Bool {
        guard let first = name.utf8.first, Lexer.isNameStart(first) else { return false }
        return name.utf8.allSatisfy(Lexer.isNameContinuation)
    }

    /// When `text` ends inside a name in one of `quotes` (SQL's `"` and
    /// `` ` ``, the DSL's `` ` ``), where that name's opening quote is.
    /// Strings, `--` comments and `/* … */` comments are passed over, and a
    /// doubled quote stays inside its name.
    public static func openName(in text: String, quotes: Set<UInt8>) -> String.Index? {
        openNameOffset(in: text.utf8.prefix(text.utf8.count), quotes: quotes)
            .map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    /// `openName(in:quotes:)` for the first bytes of a text: the opening
    /// quote's byte offset.
    private static func openNameOffset(in text: Substring.UTF8View, quotes: Set<UInt8>) -> Int? {
        let bytes = Array(text)
        var open: (quote: UInt8, at: Int)?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if let current = open {
                if byte == current.quote {
                    if next == current.quote { index += 2; continue }
                    open = nil
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                guard index + 1 < bytes.count else { return nil }  // inside the comment
                index += 2
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                open = (byte, index)
                index += 1
            default:
                index += 1
            }
        }
        guard let open, quotes.contains(open.quote) else { return nil }
        return open.at
    }

    /// The name a typed word or a candidate stands for: without its quotes
    /// (`"…"` and `` `…` `` around names; `'…'` around a dot-command's
    /// word), a doubled quote inside as one.
    static func unquoted(_ word: some StringProtocol) -> String {
        guard let quote = word.utf8.first, [UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "'")].contains(quote) else {
            return String(word)
        }
        let bytes = Array(word.utf8)
        var name: [UInt8] = []
        var index = 1
        while index < bytes.count {
            if bytes[index] == quote {
                guard index + 1 < bytes.count, bytes[index + 1] == quote else { break }  // the closing quote
                index += 1
            }
            name.append(bytes[index])
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The word Tab completes at the end of `text`, and the text before it:
    /// a name whose quote is open (with the quote), or the plain word there,
    /// with the quoted name it qualifies (`"Order Details".Un`).
    static func typedWord(in text: String, nameQuotes: Set<UInt8>) -> (word: String, before: Substring) {
        if let open = openName(in: text, quotes: nameQuotes) { return (String(text[open...]), text[..<open]) }
        let word = word(before: text)
        let before = text.dropLast(word.count)
        // Without its closing quote, the text before the period ends inside the name.
        if word.hasPrefix("."), let quote = before.utf8.last, nameQuotes.contains(quote),
           let offset = openNameOffset(in: before.utf8.dropLast(), quotes: nameQuotes) {
            let open = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            return (String(text[open...]), text[..<open])
        }
        return (word, before)
    }
}

/// Text wrapped at word boundaries to a width, for help that fits the
/// terminal. Each line of the text wraps on its own; its continuation lines
/// start at `hangingIndent`, or else where its text starts after a name and
/// two spaces (`  box   aligned columns…`), or else at its own indent.
///
///     TextWrap.lines("usage: a b c d", width: 9)   // ["usage: a", "b c d"]
public enum TextWrap {
    public static func lines(_ text: String, width: Int, hangingIndent: Int? = nil) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            wrap(String(line), width: width, indent: hangingIndent ?? TextWrap.hangingIndent(of: String(line)))
        }
    }

    private static func wrap(_ line: String, width: Int, indent indentWidth: Int) -> [String] {
        guard DisplayWidth.of(line) > width else { return [line] }
        let indent = String(repeating: " ", count: indentWidth)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        // Words keep the blanks before them, so aligned columns stay aligned.
        for word in words(of: line) {
            let wordWidth = DisplayWidth.of(word)
            if currentWidth + wordWidth > width, !current.allSatisfy(\.isWhitespace) {
                lines.append(current)
                let trimmed = String(word.drop(while: { $0 == " " }))
                current = indent + trimmed
                currentWidth = indent.count + DisplayWidth.of(trimmed)
            } else {
                current += word
                currentWidth += wordWidth
            }
        }
        lines.append(current)
        return lines
    }

    /// The line split before each run of blanks that precedes a word.
    private static func words(of line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in line {
            if character != " ", previous == " ", !current.allSatisfy({ $0 == " " }) {
                // The blanks just read start the next word.
                let blanks = current.reversed().prefix(while: { $0 == " " }).count
                words.append(String(current.dropLast(blanks)))
                current = String(repeating: " ", count: blanks)
            }
            current.append(character)
            previous = character
        }
        words.append(current)
        return words
    }

    /// Where continuation lines start: after a leading name and two or more
    /// spaces within the first half of the line, else at its own indent.
    private static func hangingIndent(of line: String) -> Int {
        let characters = Array(line)
        let leading = characters.prefix(while: { $0 == " " }).count
        var index = leading
        while index < characters.count, characters[index] != " " { index += 1 }
        var blanks = 0
        while index + blanks < characters.count, characters[index + blanks] == " " { blanks += 1 }
        let column = index + blanks
        return blanks >= 2 && column < characters.count && column <= characters.count / 2 ? column : leading
    }
}

/// Splits a dot-command line into words, with SQL's quoting rule: blanks
/// separate words; a word that starts with a single or a double quote runs
/// to the closing quote, and a doubled quote inside stands for one
/// (`'O''Neil'` is `O'Neil`, `"a ""b"""` is `a "b"`). A quote inside a word
/// (`x'00ff'`, `it's`) is an ordinary character.
///
///     try DotCommandWords.split("fts tokens 'a''b c' porter").map(\.text)  // ["fts", "tokens", "a'b c", "porter"]
enum DotCommandWords {
    struct Word: Equatable {
        /// The word without its quotes.
        var text: String
        /// Where it starts in the line, at its opening quote if it has one.
        var start: String.Index
    }

    static func split(_ line: String) throws -> [Word] {
        var words: [Word] = []
        var index = line.startIndex
        while index < line.endIndex {
            guard !line[index].isWhitespace else {
                index = line.index(after: index)
                continue
            }
            let start = index
            var text = ""
            let first = line[index]
            if first == "'" || first == "\"" {
                index = line.index(after: index)
                var closed = false
                while index < line.endIndex {
                    let character = line[index]
                    index = line.index(after: index)
                    if character != first {
                        text.append(character)
                    } else if index < line.endIndex, line[index] == first {
                        text.append(first)
                        index = line.index(after: index)
                    } else {
                        closed = true
                        break
                    }
                }
                guard closed else {
                    throw CommandError("unterminated \(first) quote in the command",
                                       notes: ["note: inside quotes, write a quote twice: 'O''Neil'"])
                }
            }
            while index < line.endIndex, !line[index].isWhitespace {
                text.append(line[index])
                index = line.index(after: index)
            }
            words.append(Word(text: text, start: start))
        }
        return words
    }
}

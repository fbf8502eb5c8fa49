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
        // Read as Unicode scalars: a quote followed by a combining mark is
        // one Character in Swift, and still a quote here, as it is to SQLite.
        let scalars = line.unicodeScalars
        var words: [Word] = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard !scalars[index].properties.isWhitespace else {
                index = scalars.index(after: index)
                continue
            }
            let start = index
            var text = String.UnicodeScalarView()
            let first = scalars[index]
            if first == "'" || first == "\"" {
                index = scalars.index(after: index)
                var closed = false
                while index < scalars.endIndex {
                    let scalar = scalars[index]
                    index = scalars.index(after: index)
                    if scalar != first {
                        text.append(scalar)
                    } else if index < scalars.endIndex, scalars[index] == first {
                        text.append(first)
                        index = scalars.index(after: index)
                    } else {
                        closed = true
                        break
                    }
                }
                guard closed else {
                    throw CommandError(.unterminatedQuote(String(first)))
                }
            }
            while index < scalars.endIndex, !scalars[index].properties.isWhitespace {
                text.append(scalars[index])
                index = scalars.index(after: index)
            }
            words.append(Word(text: String(text), start: start))
        }
        return words
    }
}

/// Which of rql's three input languages a command is written in.
public enum InputLanguage: Equatable, Sendable {
    /// A line whose first non-blank character is `.`.
    case dot
    /// A statement for SQLite, ending where `sqlite3_complete()` says.
    case sql
    /// The query DSL.
    case dsl

    /// The prompt for the second and later lines of a command: `..| ` for
    /// the DSL, `...> ` otherwise.
    public var continuationPrompt: String {
        self == .dsl ? "..| " : "...> "
    }

    /// Classifies the start of a command.
    ///
    /// The first word decides: an SQL keyword in any case makes SQL, except
    /// `insert` not followed by `INTO` or `OR`, which is the DSL's `insert`.
    /// Leading comments and blanks are skipped; `nil` means there is nothing
    /// but blanks and comments.
    ///
    ///     InputLanguage.classify("select 1")          // .sql
    ///     InputLanguage.classify("reminders | count") // .dsl
    public static func classify(_ text: Substring) -> (language: InputLanguage, body: Substring)? {
        let start = text.skippingBlanksAndComments()
        guard let first = start.first else { return nil }
        if first == "." { return (.dot, start) }
        if first == ";" { return (.sql, start) }
        let words = start.leadingWords(2)
        guard let word = words.first?.lowercased() else { return (.dsl, start) }
        if word == "sql" {
            return (.sql, start.dropFirst(3).skippingBlanksAndComments())
        }
        if word == "dsl" {
            return (.dsl, start.dropFirst(3).skippingBlanksAndComments())
        }
        if word == "insert" {
            let next = words.count > 1 ? words[1].lowercased() : ""
            return (next == "into" || next == "or" ? .sql : .dsl, start)
        }
        return (SQLKeywords.statementStarts.contains(word) ? .sql : .dsl, start)
    }
}

/// The words that start an SQL statement.
public enum SQLKeywords {
    public static let statementStarts: Set<String> = [
        "select", "with", "insert", "update", "delete", "replace", "create", "drop", "alter",
        "pragma", "begin", "commit", "end", "rollback", "savepoint", "release", "explain",
        "values", "attach", "detach", "analyze", "vacuum", "reindex",
    ]
}

extension String {
    /// The text without the whitespace at its end.
    /// The text without trailing whitespace, scalar by scalar: a combining
    /// mark after a space is not whitespace, though Swift's Character of the
    /// two says it is.
    public func trimmingTrailingWhitespace() -> String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Whether every scalar is whitespace.
    public var isBlank: Bool { unicodeScalars.allSatisfy(\.properties.isWhitespace) }
}

extension Substring {
    /// The text after leading whitespace and SQL comments (`-- …` and
    /// `/* … */`), the comments found by `SQLLexer`, byte by byte as SQLite
    /// finds them (a combining mark after `--` does not hide the comment),
    /// and any whitespace scalar skipped too.
    public func skippingBlanksAndComments() -> Substring {
        var text = self
        var offset = 0
        while true {
            offset = text.withUTF8 { SQLLexer.endOfBlanksAndComments(in: $0, from: offset) }
            let index = utf8.index(utf8.startIndex, offsetBy: offset)
            guard index < endIndex, unicodeScalars[index].properties.isWhitespace else { return self[index...] }
            offset += UTF8.width(unicodeScalars[index])
        }
    }

    /// Whether the text starts with `prefix`, compared scalar by scalar (a
    /// combining mark after it does not make it another character).
    public func startsWithScalars(_ prefix: String) -> Bool {
        unicodeScalars.starts(with: prefix.unicodeScalars)
    }

    /// Up to `count` leading words (letters, digits and underscores).
    func leadingWords(_ count: Int) -> [Substring] {
        var words: [Substring] = []
        var rest = self[...]
        while words.count < count {
            rest = rest.skippingBlanksAndComments()
            let word = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            guard !word.isEmpty else { break }
            words.append(word)
            rest = rest[word.endIndex...]
        }
        return words
    }
}

extension String {
    public func skippingBlanksAndComments() -> Substring { self[...].skippingBlanksAndComments() }
    public func startsWithScalars(_ prefix: String) -> Bool { self[...].startsWithScalars(prefix) }
}

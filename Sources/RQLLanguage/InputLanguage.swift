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
    public func trimmingTrailingWhitespace() -> String {
        var text = self[...]
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}

extension Substring {
    /// The text after leading whitespace and SQL comments (`-- …` and `/* … */`).
    public func skippingBlanksAndComments() -> Substring {
        var rest = self[...]
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.hasPrefix("--") {
                rest = rest.drop(while: { $0 != "\n" })
            } else if rest.hasPrefix("/*") {
                rest = rest.dropFirst(2)
                while !rest.isEmpty, !rest.hasPrefix("*/") { rest = rest.dropFirst() }
                rest = rest.dropFirst(2)
            } else {
                return rest
            }
        }
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
}

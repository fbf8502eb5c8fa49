/// What Tab offers at the end of a text: the word being typed there and
/// the names that could take its place.
///
///     let completion = Completion.sql("SELECT * FROM rem", catalog: catalog, keywords: [])
///     // word "rem", candidates ["reminders", "remindersLists", …]
public struct Completion: Equatable, Sendable {
    /// The word at the end of the text that a candidate replaces.
    public var word: String
    public var candidates: [String]

    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = candidates
    }

    /// The word at the end of `text`: letters, digits, `_`, `$` and the
    /// periods of a qualified name (`reminders.ti`) or a dot-command.
    public static func word(before text: String) -> String {
        String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }.reversed())
    }

    /// `names` that start with `prefix`, ignoring case and quotes (`"Ord`
    /// and `Ord` both find `"Order Details"`), sorted and without repeats.
    public static func matching(_ prefix: some StringProtocol, in names: some Sequence<String>) -> [String] {
        let lowered = unquoted(prefix).lowercased()
        var seen: Set<String> = []
        return names
            .map { (name: $0, key: unquoted($0).lowercased()) }
            .filter { $0.key.hasPrefix(lowered) && seen.insert($0.name).inserted }
            .sorted { ($0.key, $0.name) < ($1.key, $1.name) }
            .map(\.name)
    }

    /// Completes `qualifier.partial` with the names `members` gives for the qualifier.
    static func qualified(_ word: String, members: (String) -> [String]) -> Completion? {
        guard let dot = word.lastIndex(of: ".") else { return nil }
        let qualifier = String(word[..<dot])
        let partial = word[word.index(after: dot)...]
        let names = matching(partial, in: members(unquoted(qualifier))).map { qualifier + "." + $0 }
        return Completion(word: word, candidates: names)
    }

    /// Function names as Tab writes them, with the opening parenthesis.
    static func calls(_ functions: [String]) -> [String] {
        functions.map { $0 + "(" }
    }
}

/// "Did you mean" suggestions for misspelled names.
public enum Suggestions {
    /// The candidates closest to `name`, best first: those it is a prefix of,
    /// then those within a small edit distance (case-insensitive).
    ///
    ///     Suggestions.closest(to: "tabels", in: ["tables", "schema"]) // ["tables"]
    public static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        guard !lowered.isEmpty else { return [] }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) && $0.lowercased() != lowered }
        let threshold = max(1, min(3, lowered.count / 3))
        let near = candidates
            .map { (candidate: $0, distance: editDistance(lowered, $0.lowercased())) }
            .filter { $0.distance <= threshold && !prefixed.contains($0.candidate) }
            .sorted { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }
            .map(\.candidate)
        return Array((prefixed.sorted() + near).prefix(limit))
    }

    /// Levenshtein distance, with adjacent transpositions counting as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// `"a"`, `"a or b"`, `"a, b or c"`.
    public static func phrase(_ names: [String]) -> String {
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        }
    }
}

extension Suggestions {
    /// `did you mean tables?` for the closest candidates, or nil when none is close.
    ///
    ///     Suggestions.didYouMean("tabels", in: ["tables"], prefix: ".") // "did you mean .tables?"
    public static func didYouMean(_ name: String, in candidates: [String], prefix: String = "") -> String? {
        let closest = closest(to: name, in: candidates).map { prefix + $0 }
        return closest.isEmpty ? nil : "did you mean \(phrase(closest))?"
    }
}

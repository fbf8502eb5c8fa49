import Foundation
import RQLRender

/// `-- @mask NAME /REGEX/`: text matching REGEX is written `[NAME]`, in fresh
/// output before it is compared and before it is recorded.
public struct Mask: Sendable, Equatable {
    public let name: String
    public let pattern: String

    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }

    /// Reads `NAME /REGEX/`; the problem when it is not that.
    static func parse(_ text: Substring) -> Result<Mask, NotebookProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " ") else {
            return .failure(.maskWithoutPattern)
        }
        let name = String(trimmed[..<space])
        let rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        guard rest.count >= 2, rest.hasPrefix("/"), rest.hasSuffix("/") else {
            return .failure(.maskWithoutSlashes(name: name))
        }
        let pattern = String(rest.dropFirst().dropLast())
        guard (try? NSRegularExpression(pattern: pattern)) != nil else {
            return .failure(.maskInvalid(name: name, pattern: pattern))
        }
        guard (try? searching(pattern)) != nil else {
            return .failure(.maskUnclosed(name: name, pattern: pattern))
        }
        return .success(Mask(name: name, pattern: pattern))
    }

    /// The expression a mask searches with: its pattern or, where that does
    /// not match, any one character, in a group after the pattern's own.
    /// Every position then matches, so ICU never moves on to the next one
    /// by itself, and each progress report it makes while matching is one
    /// more 10,000 steps of backtracking (see `MaskBudget`).
    static func searching(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: "(?:" + pattern + ")|((?s:.))", options: [.anchorsMatchLines])
    }

    /// A mask with the expression it searches with, compiled once for the many values of a result.
    struct Compiled {
        let mask: Mask
        let expression: NSRegularExpression

        /// The parsed masks, compiled (`parse` has checked they compile).
        static func all(_ masks: [Mask]) -> [Compiled] {
            masks.compactMap { mask in (try? Mask.searching(mask.pattern)).map { Compiled(mask: mask, expression: $0) } }
        }

        /// The text the pattern matches in `text`, in order, leaving out
        /// empty matches; throws when the matching runs past `budget`.
        func matches(in text: String, budget: inout MaskBudget) throws(MaskGaveUp) -> [NSRange] {
            let anyCharacter = expression.numberOfCaptureGroups
            var found: [NSRange] = []
            var ranOut = false
            // The block may escape, so it counts on a copy.
            var counted = budget
            expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { match, flags, stop in
                if flags.contains(.progress), !counted.spend() {
                    ranOut = true
                    stop.pointee = true
                }
                if let match, match.range.length > 0, match.range(at: anyCharacter).location == NSNotFound { found.append(match.range) }
            }
            budget = counted
            if ranOut { throw MaskGaveUp(mask: mask) }
            return found
        }
    }

    /// `text` with every match of each mask replaced by `[NAME]`. Masks
    /// apply in order to the text as printed: where two masks match
    /// overlapping text the earlier one wins, and no mask sees another's
    /// `[NAME]`. Matching that runs past `budget` throws `MaskGaveUp`.
    static func apply(_ masks: [Compiled], to text: String, budget: inout MaskBudget) throws(MaskGaveUp) -> String {
        guard !masks.isEmpty else { return text }
        var taken: [Replacement] = []
        for mask in masks {
            taken = merge(taken, try mask.matches(in: text, budget: &budget), name: mask.mask.name)
        }
        var masked = ""
        var rest = text.startIndex
        for replacement in taken {
            guard let bounds = Range(replacement.range, in: text) else { continue }
            masked += text[rest..<bounds.lowerBound]
            masked += "[\(replacement.name)]"
            rest = bounds.upperBound
        }
        return masked + text[rest...]
    }

    /// Text a mask matched, and the mask's name.
    private typealias Replacement = (range: NSRange, name: String)

    /// The replacements of earlier masks and a later mask's matches, both in
    /// order and neither overlapping itself: all of them in order, but for
    /// the matches that overlap an earlier mask's.
    private static func merge(_ taken: [Replacement], _ matches: [NSRange], name: String) -> [Replacement] {
        var merged: [Replacement] = []
        merged.reserveCapacity(taken.count + matches.count)
        var next = 0
        for match in matches {
            while next < taken.count, NSMaxRange(taken[next].range) <= match.location {
                merged.append(taken[next])
                next += 1
            }
            if next < taken.count, taken[next].range.location < NSMaxRange(match) { continue }
            merged.append((match, name))
        }
        merged.append(contentsOf: taken[next...])
        return merged
    }
}

/// A mask that ran past the cell's `MaskBudget` on its output.
struct MaskGaveUp: Error, Equatable {
    let mask: Mask

    /// The line that follows the cell's output, unmasked.
    var message: String {
        "error: @mask \(mask.name) /\(mask.pattern)/ gave up on this output after \(MaskBudget.limitText) matching steps "
            + "(the most a cell's masks may take): the pattern backtracks too much (a repeat inside a repeat, such as (a+)+, "
            + "can take forever); write it without nested repeats"
    }
}

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

    /// Reads `NAME /REGEX/`; nil with a reason when it is not that.
    static func parse(_ text: Substring) -> Result<Mask, NotebookError.Reason> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " ") else {
            return .failure(.init("@mask takes a name and a /regex/", help: "-- @mask uuid /[0-9a-f]{8}-[0-9a-f-]{27}/"))
        }
        let name = String(trimmed[..<space])
        let rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        guard rest.count >= 2, rest.hasPrefix("/"), rest.hasSuffix("/") else {
            return .failure(.init("@mask takes its pattern between slashes", help: "-- @mask \(name) /pattern/"))
        }
        let pattern = String(rest.dropFirst().dropLast())
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            return .failure(.init("@mask \(name): /\(pattern)/ is not a valid regular expression"))
        }
        return .success(Mask(name: name, pattern: pattern))
    }

    /// `text` with every match of each mask replaced by `[NAME]`. Masks
    /// apply in order to the text as printed: where two masks match
    /// overlapping text the earlier one wins, and no mask sees another's `[NAME]`.
    ///
    /// A pattern can backtrack for ages on the wrong text (`/(a+)+$/` on a
    /// line of forty `a`s and a `b` takes hours), so matching stops at
    /// `deadline` and throws `MaskGaveUp`. The engine
    /// (ICU, through Foundation) reports progress at least every 10,000
    /// backtracking steps, well under a millisecond apart, and the match
    /// stops at the first report past the limit. A count of those reports
    /// cannot serve as a step budget: Foundation also reports each start
    /// position tried, the same way, so the count says as much about the
    /// length of the text as about backtracking.
    static func apply(_ masks: [Mask], to text: String, until deadline: ContinuousClock.Instant) throws(MaskGaveUp) -> String {
        try apply(compiled(masks), to: text, until: deadline)
    }

    /// Each mask with its expression, compiled once for the many values of a result.
    static func compiled(_ masks: [Mask]) -> [(mask: Mask, expression: NSRegularExpression)] {
        masks.compactMap { mask in
            (try? NSRegularExpression(pattern: mask.pattern, options: [.anchorsMatchLines])).map { (mask, $0) }
        }
    }

    static func apply(_ masks: [(mask: Mask, expression: NSRegularExpression)], to text: String,
                      until deadline: ContinuousClock.Instant) throws(MaskGaveUp) -> String {
        guard !masks.isEmpty else { return text }
        let whole = NSRange(text.startIndex..., in: text)
        var taken: [Replacement] = []
        for (mask, expression) in masks {
            var found: [NSRange] = []
            var ranOut = false
            expression.enumerateMatches(in: text, options: [.reportProgress], range: whole) { match, flags, stop in
                if flags.contains(.progress), ContinuousClock.now > deadline {
                    ranOut = true
                    stop.pointee = true
                }
                if let match, match.range.length > 0 { found.append(match.range) }
            }
            if ranOut { throw MaskGaveUp(mask: mask) }
            taken = merge(taken, found, name: mask.name)
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

    /// How long masks may take over one cell's output, its logged values included.
    static let timeLimit = Duration.seconds(1)
}

/// A mask whose pattern ran out of time (`Mask.timeLimit`) on a cell's output.
struct MaskGaveUp: Error, Equatable {
    let mask: Mask

    /// The line that follows the cell's output, unmasked.
    var message: String {
        "error: @mask \(mask.name) /\(mask.pattern)/ gave up after a second on this output: the pattern "
            + "backtracks too much (a repeat inside a repeat, such as (a+)+, can take forever); write it without nested repeats"
    }
}

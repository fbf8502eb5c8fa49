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
    static func apply(_ masks: [Mask], to text: String) -> String {
        guard !masks.isEmpty else { return text }
        let whole = NSRange(text.startIndex..., in: text)
        var taken: [(range: NSRange, name: String)] = []
        for mask in masks {
            guard let expression = try? NSRegularExpression(pattern: mask.pattern, options: [.anchorsMatchLines]) else { continue }
            for match in expression.matches(in: text, range: whole) where match.range.length > 0 {
                if !taken.contains(where: { NSIntersectionRange($0.range, match.range).length > 0 }) {
                    taken.append((match.range, mask.name))
                }
            }
        }
        var masked = text
        for (range, name) in taken.sorted(by: { $0.range.location > $1.range.location }) {
            if let bounds = Range(range, in: masked) { masked.replaceSubrange(bounds, with: "[\(name)]") }
        }
        return masked
    }
}

extension ResultLog.Table {
    /// The table with the masks applied to each text value, as they are to the lines printed.
    func masked(_ masks: [Mask]) -> ResultLog.Table {
        guard !masks.isEmpty else { return self }
        var table = self
        table.rows = rows.map { row in
            row.map { value in
                guard case .text(let text) = value else { return value }
                return .text(Mask.apply(masks, to: text))
            }
        }
        return table
    }
}

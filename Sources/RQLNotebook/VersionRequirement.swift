import RQLEngine

/// `-- @requires sqlite >= 3.44`: the SQLite versions a cell, or a whole
/// notebook, runs on; elsewhere it is skipped and the summary says so, so
/// one notebook can record the 3.40 way and the 3.44 way of a lesson.
public struct VersionRequirement: Equatable, Sendable {
    public enum Comparison: String, Sendable, CaseIterable {
        // Two-character operators first, so that `>=` is not read as `>`.
        case atLeast = ">=", atMost = "<=", above = ">", below = "<", equal = "=="
    }

    public var comparison: Comparison
    public var version: [Int]
    /// As written after `sqlite`, for messages.
    public var text: String

    /// Reads `sqlite >= 3.44` (`>=`, `>`, `<=`, `<`, `==`; a version of one
    /// to three numbers); nil for anything else.
    public init?(_ written: String) {
        var rest = written.trimmingCharacters(in: .whitespaces)[...]
        guard rest.lowercased().hasPrefix("sqlite") else { return nil }
        rest = rest.dropFirst("sqlite".count).drop(while: { $0 == " " })
        guard let comparison = Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else { return nil }
        let number = rest.dropFirst(comparison.rawValue.count).trimmingCharacters(in: .whitespaces)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        self.comparison = comparison
        version = parts.compactMap { $0 }
        text = "sqlite \(comparison.rawValue) \(number)"
    }

    /// Whether SQLite `running` (`3.40.1`) meets it; the parts a requirement
    /// leaves out do not count (`3.44` is met by 3.44.2).
    public func holds(for running: String) -> Bool {
        let actual = running.split(separator: ".").map { Int($0) ?? 0 }
        let padded = Array((actual + [0, 0, 0]).prefix(version.count))
        let order = padded.lexicographicallyPrecedes(version) ? -1 : (padded == version ? 0 : 1)
        switch comparison {
        case .atLeast: return order >= 0
        case .atMost: return order <= 0
        case .above: return order > 0
        case .below: return order < 0
        case .equal: return order == 0
        }
    }

    static let usage = "@requires takes sqlite, a comparison (>=, >, <=, <, ==) and a version"
}

extension Cell {
    /// Whether the cell runs on SQLite `version`: not `@skip`, and its
    /// `@requires`, and the notebook's, hold.
    public func runs(on version: String, in notebook: Notebook) -> Bool {
        !skipped && (requirement?.holds(for: version) ?? true)
            && (notebook.settings.requirement?.holds(for: version) ?? true)
    }
}

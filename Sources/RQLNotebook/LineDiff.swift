/// The lines two versions of an output block share and where they differ,
/// as a unified diff shows them: a longest common subsequence of lines, so
/// that a changed row shows as one line removed and one added, and the rows
/// around it as context.
enum LineDiff {
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Above this many comparisons (a block of thousands of lines against
    /// another) the blocks are shown as wholly replaced.
    static let comparisonLimit = 4_000_000

    static func lines(from old: [String], to new: [String]) -> [Line] {
        // Lines the blocks begin and end with in common need no table.
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        let suffix = zip(old.dropFirst(prefix).reversed(), new.dropFirst(prefix).reversed()).prefix { $0 == $1 }.count
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        return old.prefix(prefix).map(Line.same) + middle(oldMiddle, newMiddle) + old.suffix(suffix).map(Line.same)
    }

    private static func middle(_ old: [String], _ new: [String]) -> [Line] {
        guard !old.isEmpty, !new.isEmpty, old.count * new.count <= comparisonLimit else {
            return old.map(Line.removed) + new.map(Line.added)
        }
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var common = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * width + j] = old[i] == new[j] ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var lines: [Line] = []
        var i = 0, j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                lines.append(.same(old[i]))
                i += 1
                j += 1
            } else if common[(i + 1) * width + j] >= common[i * width + j + 1] {
                lines.append(.removed(old[i]))
                i += 1
            } else {
                lines.append(.added(new[j]))
                j += 1
            }
        }
        return lines + old[i...].map(Line.removed) + new[j...].map(Line.added)
    }
}

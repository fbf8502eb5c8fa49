/// A collation SQLite finds for an expression (`sqlite3ExprCollSeq`), and
/// whether a COLLATE in the expression says it or it is a column's own.
/// A comparison takes one said on its left, then one said on its right,
/// then the left column's own, then the right's; a said one also carries up
/// through any operator or function that holds it, where a column's own
/// stops.
struct FoundCollation: Equatable {
    var name: String
    var isSaid: Bool

    /// What an operator over `parts` carries: the first one said, in
    /// SQLite's order of operands.
    static func carried(_ parts: [FoundCollation?]) -> FoundCollation? {
        parts.lazy.compactMap { $0 }.first { $0.isSaid }
    }

    /// The collation a comparison of `left` with `right` uses
    /// (`sqlite3BinaryCompareCollSeq`), upper-cased; BINARY when neither has one.
    static func compared(_ left: FoundCollation?, _ right: FoundCollation?) -> String {
        let chosen = [left, right].lazy.compactMap { $0 }.first { $0.isSaid } ?? left ?? right
        return (chosen?.name ?? "BINARY").uppercased()
    }

    /// The collation `x IN (…)` uses: the left operand's alone.
    static func listed(_ left: FoundCollation?) -> String {
        (left?.name ?? "BINARY").uppercased()
    }
}

import FoundationEssentials
import Glibc
import GRDB

/// The `NODIACRITIC` collation of SQLite.swift's documentation (a compare
/// with `.diacriticInsensitiveSearch`): it ignores diacritics and keeps
/// case, so `'Café' = 'cafe' COLLATE NODIACRITIC` but not `'Café' = 'CAFE'`.
/// Texts that fold to the same letters are equal; others are ordered by
/// their folded code points, which keeps the order total, as SQLite's
/// indexes need.
enum NoDiacritic {
    static let name = "NODIACRITIC"

    static let collation = DatabaseCollation(name) { lhs, rhs in
        let a = folded(lhs)
        let b = folded(rhs)
        if a == b { return .orderedSame }
        return Array(a.unicodeScalars.map(\.value)).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
            ? .orderedAscending : .orderedDescending
    }

    /// The text as the collation compares it: without its diacritics.
    static func folded(_ text: String) -> String {
        text.folding(options: .diacriticInsensitive, locale: nil)
    }
}

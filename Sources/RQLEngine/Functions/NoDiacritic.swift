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
    static let collation = DatabaseCollation("NODIACRITIC") { lhs, rhs in
        let a = lhs.folding(options: .diacriticInsensitive, locale: nil)
        let b = rhs.folding(options: .diacriticInsensitive, locale: nil)
        if a == b { return .orderedSame }
        return Array(a.unicodeScalars.map(\.value)).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
            ? .orderedAscending : .orderedDescending
    }
}

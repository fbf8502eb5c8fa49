import Foundation
import GRDB

/// The `NODIACRITIC` collation: compares ignoring case and diacritics, so
/// `'café' = 'CAFE' COLLATE NODIACRITIC`.
enum NoDiacritic {
    static let collation = DatabaseCollation("NODIACRITIC") { lhs, rhs in
        let a = lhs.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let b = rhs.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        if a == b { return .orderedSame }
        return Array(a.unicodeScalars.map(\.value)).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
            ? .orderedAscending : .orderedDescending
    }
}

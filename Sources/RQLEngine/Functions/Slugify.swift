import FoundationEssentials
import Glibc
import GRDB

/// `slugify(text)`: lowercase ASCII words joined by `-`
/// (`slugify('Café au lait!')` is `cafe-au-lait`).
enum Slugify {
    static let function = ScalarFunction("slugify", argumentCount: 1, flags: [.deterministic, .innocuous]) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return slug(text)
    }

    static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug.lowercased()
    }
}

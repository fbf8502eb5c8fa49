import Foundation
import GRDB

/// `regexp(pattern, text)`, which makes `text REGEXP pattern` work. NULL in,
/// NULL out; an invalid pattern is an error that names it.
enum RegexpFunction {
    static let function = ScalarFunction("regexp", argumentCount: 2, flags: [.deterministic, .innocuous]) { values in
        guard let pattern = String.fromDatabaseValue(values[0]),
              let text = String.fromDatabaseValue(values[1]) else { return nil }
        let expression = try cache.expression(for: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, range: range) != nil
    }

    /// The last patterns compiled, since a query calls regexp once per row with the same one.
    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var expressions: [String: NSRegularExpression] = [:]

        func expression(for pattern: String) throws -> NSRegularExpression {
            if let cached = lock.withLock({ expressions[pattern] }) { return cached }
            guard let expression = try? NSRegularExpression(pattern: pattern) else {
                throw DatabaseError(message: "invalid regular expression: \(pattern)")
            }
            lock.withLock {
                if expressions.count > 64 { expressions.removeAll() }
                expressions[pattern] = expression
            }
            return expression
        }
    }
}

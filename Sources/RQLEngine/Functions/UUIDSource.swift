import Foundation

/// Where `uuid()` gets its values: random (version 4, lowercase, as Apple's
/// SQLite gives), or, in notebooks, counted from 1 so that outputs repeat:
/// `00000000-0000-4000-8000-000000000001`, `…002`, and so on.
public final class UUIDSource: @unchecked Sendable {
    private let lock = NSLock()
    private let counts: Bool
    private var count = 0

    public static func random() -> UUIDSource { UUIDSource(counts: false) }
    public static func counting() -> UUIDSource { UUIDSource(counts: true) }

    private init(counts: Bool) {
        self.counts = counts
    }

    func next() -> String {
        guard counts else { return UUID().uuidString.lowercased() }
        let value = lock.withLock { () -> Int in
            count += 1
            return count
        }
        let hex = String(value, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }
}

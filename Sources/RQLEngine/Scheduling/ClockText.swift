import Foundation

/// How `.clock` and `-- @now` read and write times: durations such as
/// `500ms`, `5s`, `2m`, `1h30m`, `3d`, and instants in ISO 8601 UTC
/// (`2026-01-15T09:00:00Z`, `2026-01-15 09:00`, `2026-01-15`).
public enum ClockText {
    /// Seconds in `text`, or nil when it is not a duration.
    public static func duration(_ text: String) -> TimeInterval? {
        let units: [(String, TimeInterval)] = [("ms", 0.001), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1)]
        var rest = Substring(text)
        var total: TimeInterval = 0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, let amount = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let (unit, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(unit.count)
            total += amount * scale
        }
        return total
    }

    /// The instant `text` names, read as UTC when it has no zone.
    public static func instant(_ text: String) -> Date? {
        var value = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
        if value.count == 10 { value += "T00:00:00" }
        if value.count == 16 { value += ":00" }
        if !(value.hasSuffix("Z") || value.dropFirst(19).contains("+") || value.dropFirst(19).contains("-")) { value += "Z" }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: value) { return date }
        }
        return nil
    }

    /// `2026-01-15T09:00:00Z`, with milliseconds only when there are some.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        formatter.formatOptions = milliseconds.truncatingRemainder(dividingBy: 1000) == 0
            ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
    }
}

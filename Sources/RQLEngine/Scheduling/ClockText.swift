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

    /// The last instant SQLite's date functions can show: after it, `datetime('now')` is NULL.
    public static let latest = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z

    /// The instant `text` names, read as UTC when it has no zone; nil when it names none.
    public static func instant(_ text: String) -> Date? {
        try? readInstant(text)
    }

    /// The instant `text` names, read as UTC when it has no zone, or why it names none:
    /// a day the month does not have, a time past 23:59:59, a year past 9999.
    public static func readInstant(_ text: String) throws(ClockTextError) -> Date {
        var value = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
        try checkFields(of: value, text: text)
        if value.count == 10 { value += "T00:00:00" }
        if value.count == 16 { value += ":00" }
        if !(value.hasSuffix("Z") || value.dropFirst(19).contains("+") || value.dropFirst(19).contains("-")) { value += "Z" }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: value) {
                guard date <= latest else { throw ClockTextError.pastTheEnd(text) }
                return date
            }
        }
        throw ClockTextError.notAnInstant(text)
    }

    /// Checks the date and time fields as written, since the ISO 8601 reader
    /// quietly rolls 2027-02-30 over to 2027-03-02.
    private static func checkFields(of value: String, text: String) throws(ClockTextError) {
        let fields = value.split(whereSeparator: { "-T:.Z+".contains($0) }).prefix(5).map { Int($0) }
        if let year = fields.first ?? nil, year > 9999 { throw ClockTextError.pastTheEnd(text) }
        guard fields.count >= 3, value.prefix(5).last == "-",
              let year = fields[0], let month = fields[1], let day = fields[2] else {
            throw ClockTextError.notAnInstant(text)
        }
        guard (1...12).contains(month) else { throw ClockTextError.noSuchMonth(text, month: month) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let days = calendar.date(from: DateComponents(year: year, month: month, day: 1))
            .flatMap { calendar.range(of: .day, in: .month, for: $0)?.count } ?? 31
        guard (1...days).contains(day) else {
            throw ClockTextError.noSuchDay(text, month: String(format: "%04d-%02d", year, month), days: days)
        }
        let limits = [23, 59]
        for (field, limit) in zip(fields.dropFirst(3), limits) {
            guard let field, (0...limit).contains(field) else {
                throw ClockTextError.pastMidnight(text)
            }
        }
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

/// Why a text is not an instant the clock can take; worded in the
/// catalogue of command problems.
public enum ClockTextError: Error, Equatable, Sendable {
    case notAnInstant(String)
    /// Past 9999-12-31T23:59:59Z, where SQLite's dates end.
    case pastTheEnd(String)
    case noSuchMonth(String, month: Int)
    /// A day past the `days` of `month` (`2027-02`).
    case noSuchDay(String, month: String, days: Int)
    /// A time past 23:59.
    case pastMidnight(String)
}

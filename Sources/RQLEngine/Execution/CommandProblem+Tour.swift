import RQLLanguage

/// The words of problems with `.tour` and the session clock.
extension CommandProblem {
    var tourWording: Wording? {
        switch self {
        case .unknownTour(let name):
            return Wording("there is no tour named \"\(name)\"", notes: [Self.didYouMean(name, in: Tour.names),
                                                                         .plain("tours: " + Tour.names.joined(separator: " "))].compactMap { $0 })
        case .noTour:
            return Wording("no tour is running", notes: [.plain(".tour starts the Reminders tour; .help tour lists the others")])
        case .notADuration(let written):
            return Wording("\"\(written)\" is not a duration", notes: [.plain("write it as 500ms, 5s, 2m, 1h30m or 3d")])
        case .clockPastEnd(let written, let now):
            return Wording("\(written) from \(now) is past 9999-12-31T23:59:59Z, where SQLite's dates end")
        case .notAnInstant(let error):
            return Wording(error.message, notes: [.plain("write it as 2026-01-15T09:00:00Z (UTC)")])
        case .clockGoesBack(let now):
            return Wording("the clock does not go back: it is already \(now)")
        case .clockSetup(let code):
            return Wording("cannot set up the session clock (SQLite result code \(code))")
        default:
            return nil
        }
    }
}

extension ClockTextError {
    /// Why the text is not an instant.
    public var message: String {
        switch self {
        case .notAnInstant(let text): "\"\(text)\" is not an instant"
        case .pastTheEnd(let text): "\"\(text)\" is past 9999-12-31T23:59:59Z, where SQLite's dates end"
        case .noSuchMonth(let text, let month): "\"\(text)\" is not an instant: there is no month \(month)"
        case .noSuchDay(let text, let month, let days): "\"\(text)\" is not an instant: \(month) has \(days) days"
        case .pastMidnight(let text): "\"\(text)\" is not an instant: the time is past 23:59"
        }
    }
}

import FoundationEssentials
import Glibc

extension DotCommand {
    static let clockCommands: [DotCommand] = [clock]

    static let clock: DotCommand = DotCommand(
        name: "clock", DotSyntax(forms: [[], [.keyword("set"), .value(.instant)], [.keyword("advance"), .value(.duration)]]),
        summary: "the session's time: show it, set it, or move it forward and run the work that falls due",
        details: """
            SQLite's 'now' and deferred callbacks follow this clock. The REPL starts at the real time; \
            notebooks start at a fixed instant and their clock moves only with .clock.
            .clock advance 500ms | 5s | 2m | 1h30m | 3d, then runs each deferred job that falls due, in order.
            .clock set 2026-01-15T09:00:00Z (UTC; a date alone means midnight) moves forward to that instant.
            """) { session, arguments in
        switch arguments.keyword {
        case "advance":
            let written = arguments[.duration]
            guard let interval = ClockText.duration(written) else {
                throw CommandError(.notADuration(written))
            }
            let now = session.scheduler.clock.now
            guard interval <= ClockText.latest.timeIntervalSince(now) else {
                throw CommandError(.clockPastEnd(written, now: ClockText.format(now)))
            }
            session.advanceClock(to: now + interval)
        case "set":
            let instant: Date
            do {
                instant = try ClockText.readInstant(arguments[.instant])
            } catch let error as ClockTextError {
                throw CommandError(.notAnInstant(error))
            }
            let now = session.scheduler.clock.now
            guard instant >= now else {
                throw CommandError(.clockGoesBack(now: ClockText.format(now)))
            }
            session.advanceClock(to: instant)
        default:
            session.output.write(ClockText.format(session.scheduler.clock.now) + "\n")
        }
    }
}

extension Session {
    /// Moves the clock forward to `target`, says the new time, then runs the
    /// deferred jobs due by then one by one, each at its own due time. Jobs
    /// wait while a transaction is open, as they do between commands.
    func advanceClock(to target: Date) {
        let clock = scheduler.clock
        console.write("clock: \(ClockText.format(target))\n")
        while let next = scheduler.pending.first, next.due <= target, !holdsDeferredWork {
            if next.due > clock.now { clock.advance(by: next.due.timeIntervalSince(clock.now)) }
            runDueWork()
        }
        if target > clock.now { clock.advance(by: target.timeIntervalSince(clock.now)) }
    }
}

extension DotValue {
    static let instant = DotValue.word("INSTANT")
    static let duration = DotValue.word("DURATION")
}

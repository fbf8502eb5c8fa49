import Foundation
import GRDB

/// Work deferred by SQL callbacks, run later on the session's connection,
/// never inside the statement (or trigger) that asked for it.
///
/// A job with a key replaces a pending job with the same key, which is how
/// `handleReminderStatusUpdate()` is debounced: each call pushes the job's
/// due time back.
public final class Scheduler: @unchecked Sendable {
    /// Work to run on the connection; returns what it did, for the
    /// `deferred: NAME DID` line.
    public typealias Work = @Sendable (Database) throws -> String

    public struct Job: Sendable {
        public let name: String
        public let due: Date
        let work: Work
    }

    private let lock = NSLock()
    private var jobs: [Job] = []
    public let clock: any SessionClock

    public init(clock: any SessionClock) {
        self.clock = clock
    }

    /// Schedules `work` to run `delay` seconds from now, replacing a pending
    /// job of the same name.
    public func schedule(_ name: String, after delay: TimeInterval, work: @escaping Work) {
        let job = Job(name: name, due: clock.now + delay, work: work)
        lock.withLock {
            jobs.removeAll { $0.name == name }
            jobs.append(job)
        }
    }

    /// Jobs not yet run, soonest first.
    public var pending: [Job] {
        lock.withLock { jobs.sorted { $0.due < $1.due } }
    }

    /// Removes and returns the jobs due at `date`, soonest first.
    func takeDue(at date: Date) -> [Job] {
        lock.withLock {
            let due = jobs.filter { $0.due <= date }.sorted { $0.due < $1.due }
            jobs.removeAll { $0.due <= date }
            return due
        }
    }

    /// Puts the pending jobs back as `saved` lists them (`.preview` takes
    /// back the work the command it ran scheduled).
    func restore(_ saved: [Job]) {
        lock.withLock { jobs = saved }
    }

    /// Forgets every pending job (the database they were for is gone).
    func cancelAll() {
        lock.withLock { jobs.removeAll() }
    }
}

import Foundation

/// The time a session lives in. Deferred work is due by this clock, and
/// SQLite's `'now'` reads it through the session's clock VFS (`ClockVFS`).
public protocol SessionClock: AnyObject, Sendable {
    var now: Date { get }
    /// Moves the clock forward by `interval` seconds.
    func advance(by interval: TimeInterval)
}

/// Real time, moved forward by `.clock advance` or `.clock set`: the REPL's clock.
public final class SystemClock: SessionClock, @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    public init() {}

    public var now: Date { Date() + lock.withLock { offset } }

    public func advance(by interval: TimeInterval) {
        lock.withLock { offset += interval }
    }
}

/// A clock that moves only when told: notebooks and tests.
public final class ManualClock: SessionClock, @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    public init(_ start: Date) {
        instant = start
    }

    public var now: Date { lock.withLock { instant } }

    public func advance(by interval: TimeInterval) {
        lock.withLock { instant += interval }
    }
}

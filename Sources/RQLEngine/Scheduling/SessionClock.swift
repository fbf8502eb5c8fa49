import Foundation

/// The time a session lives in. Deferred work is due by this clock.
public protocol SessionClock: AnyObject, Sendable {
    var now: Date { get }
}

/// Real time: the REPL's clock.
public final class SystemClock: SessionClock {
    public init() {}
    public var now: Date { Date() }
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

    public func set(_ date: Date) {
        lock.withLock { instant = date }
    }
}

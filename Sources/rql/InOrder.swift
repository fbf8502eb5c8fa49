import Foundation

/// Works on items with up to `jobs` threads at a time and hands each result
/// to `deliver` on the calling thread, in the items' order, as soon as it
/// and every one before it are done, so output stays grouped per item and
/// in order whatever finishes first. Once a result `stops` is true of is
/// done, no new item starts (those already started still finish, and are
/// delivered).
func inOrder<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int, stops: @escaping @Sendable (Result) -> Bool,
                                               work: @escaping @Sendable (Item) -> Result, deliver: (Result) -> Void) {
    let state = InOrderState<Result>(count: items.count)
    for _ in 0..<min(max(jobs, 1), items.count) {
        Thread.detachNewThread {
            while let index = state.take() {
                let result = work(items[index])
                state.put(result, at: index, stopping: stops(result))
            }
        }
    }
    for index in items.indices {
        guard let result = state.wait(for: index) else { return }
        deliver(result)
    }
}

/// What the threads of `inOrder` share: the next item to take, the results
/// so far, and whether to stop taking items.
private final class InOrderState<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result?]
    private var next = 0
    private var stopped = false

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// The next item's index, or nil when there is none or taking stopped.
    func take() -> Int? {
        condition.withLock {
            guard !stopped, next < results.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func put(_ result: Result, at index: Int, stopping: Bool) {
        condition.withLock {
            results[index] = result
            if stopping { stopped = true }
            condition.broadcast()
        }
    }

    /// Item `index`'s result once it is done; nil when it will never start.
    func wait(for index: Int) -> Result? {
        condition.withLock {
            while results[index] == nil, !(stopped && index >= next) { condition.wait() }
            return results[index]
        }
    }
}

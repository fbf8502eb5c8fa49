import Foundation
import RQLEngine

/// How long a notebook cell may run: `30s`, `500ms`, `2m`, `1.5s`, `1h`
/// (`--timeout`, `-- @timeout`).
public struct CellTimeLimit: Equatable, Sendable {
    public var seconds: Double
    /// As written, for `interrupted after 30s`.
    public var text: String

    /// The limit of a cell that says nothing and a run given no `--timeout`.
    public static let standard = CellTimeLimit(seconds: 30, text: "30s")

    public init(seconds: Double, text: String) {
        self.seconds = seconds
        self.text = text
    }

    /// Reads `30s`, `500ms`, `2m` or `1h` (a positive number, then its unit);
    /// nil for anything else.
    public init?(_ written: String) {
        let text = written.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        guard let (unit, scale) = units.first(where: { text.hasSuffix($0.0) && Double(text.dropLast($0.0.count)) != nil }),
              let number = Double(text.dropLast(unit.count)), number.isFinite, number > 0, number * scale <= 86_400 * 7
        else { return nil }
        self.init(seconds: number * scale, text: text)
    }

    /// What a limit that does not read says.
    public static let usage = "a time limit is a number and a unit: 500ms, 30s, 2m, 1h (at most a week)"
}

/// Interrupts a session's command once a cell has run for its time limit,
/// as Ctrl-C would; `stop()` ends the watch when the cell ends first.
final class CellWatch: @unchecked Sendable {
    let limit: CellTimeLimit
    private let ended = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var fired = false

    init(limit: CellTimeLimit, interrupter: Session.Interrupter) {
        self.limit = limit
        let thread = Thread { [self] in
            if ended.wait(timeout: .now() + limit.seconds) == .timedOut {
                lock.withLock { fired = true }
                interrupter.interrupt()
            }
            finished.signal()
        }
        thread.start()
    }

    /// What an interrupted command says stopped it: `after 30s` when the
    /// limit did; nil when something else did (a Stop, Ctrl-C).
    var interruptionReason: @Sendable () -> String? {
        { [self] in lock.withLock { fired } ? "after \(limit.text)" : nil }
    }

    /// Ends the watch; returns whether the limit was reached.
    func stop() -> Bool {
        ended.signal()
        finished.wait()
        return lock.withLock { fired }
    }
}

/// How a script's failures end it.
public enum FailurePolicy: Sendable {
    /// Report each failure and go on (stdin, `.read`), unless `.bail on`.
    case continueUnlessBail
    /// Stop at the first failure (`-c`).
    case stop
}

/// What running a script did.
public struct ScriptResult: Equatable, Sendable {
    public var commands = 0
    public var failures = 0
    /// The script stopped early: a failure under `.bail on` or `-c`, or `.quit`.
    public var stopped = false

    public var succeeded: Bool { failures == 0 }
}

extension Session {
    /// Runs the commands in `lines` in order, as a script: each failure is
    /// reported with `ORIGIN:LINE:` and, unless the policy or `.bail on` stops
    /// it, the script goes on. The end of the lines completes a pending
    /// statement.
    @discardableResult
    public func run<Lines: Sequence>(lines: Lines, origin: String?, policy: FailurePolicy) -> ScriptResult
    where Lines.Element == String {
        var reader = CommandReader(looksAhead: true)
        var result = ScriptResult()
        func run(_ command: Command) -> Bool {
            result.commands += 1
            let succeeded = execute(command, origin: origin)
            if !succeeded {
                result.failures += 1
                if policy == .stop || settings.bail { return false }
            }
            return !hasQuit
        }
        for (index, line) in lines.enumerated() {
            for command in reader.feed(line, line: index + 1) where !run(command) {
                result.stopped = true
                return result
            }
        }
        if let last = reader.finish(), !run(last) { result.stopped = true }
        return result
    }

    /// Runs commands already split (a notebook's cells), as a script.
    @discardableResult
    public func run(commands: [Command], origin: String?, policy: FailurePolicy) -> ScriptResult {
        var result = ScriptResult()
        for command in commands {
            result.commands += 1
            if !execute(command, origin: origin) {
                result.failures += 1
                if policy == .stop || settings.bail {
                    result.stopped = true
                    break
                }
            }
            if hasQuit {
                result.stopped = true
                break
            }
        }
        return result
    }

    /// Runs a script held in a string.
    @discardableResult
    public func run(script text: String, origin: String?, policy: FailurePolicy) -> ScriptResult {
        run(lines: text.lineTexts, origin: origin, policy: policy)
    }
}

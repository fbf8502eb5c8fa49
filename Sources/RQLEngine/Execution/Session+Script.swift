import RQLRender

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
    /// The script stopped early: a failure under `.bail on` or `-c`, Ctrl-C, or `.quit`.
    public var stopped = false

    public var succeeded: Bool { failures == 0 }
}

extension Session {
    /// Runs the commands in `lines` in order, as a script: each failure is
    /// reported with `ORIGIN:LINE:` and, unless the policy or `.bail on` stops
    /// it, the script goes on. Ctrl-C stops it. The end of the lines
    /// completes a pending statement.
    /// A command longer than `maximumCommandBytes` (SQLite's default limit
    /// on a statement, which it could not run) stops the script: its input
    /// is not a script (`rql < /dev/zero`), and reading on would hold it all.
    @discardableResult
    public func run<Lines: Sequence>(lines: Lines, origin: String?, policy: FailurePolicy,
                                     maximumCommandBytes: Int = Session.maximumCommandBytes) -> ScriptResult
    where Lines.Element == String {
        var reader = CommandReader(looksAhead: true)
        var script = ScriptRun(policy: policy, interruptsBefore: interruptCount)
        for (index, line) in lines.enumerated() {
            for command in reader.feed(line, line: index + 1) where !script.run(command, origin: origin, in: self) {
                return script.result
            }
            if let pending = reader.pending, pending.bytes > maximumCommandBytes {
                report(Session.tooLong(maximumCommandBytes, at: pending.line, origin: origin))
                script.result.failures += 1
                script.result.stopped = true
                return script.result
            }
            // Ctrl-C while the script waits for its next line.
            guard !script.stopsForInterrupt(at: index + 1, origin: origin, in: self) else { return script.result }
        }
        if let last = reader.finish() { _ = script.run(last, origin: origin, in: self) }
        return script.result
    }

    /// SQLite's default limit on the length of a statement (`SQLITE_MAX_SQL_LENGTH`).
    public static let maximumCommandBytes = 1_000_000_000

    /// The error that stops a script at a command or line too long to be one.
    static func tooLong(_ maximum: Int, at line: Int, origin: String?) -> CommandError {
        var error = CommandError(.tooLong(maximum: maximum))
        error.location = (origin ?? "input") + ":\(line)"
        return error
    }

    /// Runs a script read as it comes (standard input): a line longer than
    /// the input allows stops it, as a command that long does.
    @discardableResult
    public func run(input: InputLines, origin: String, policy: FailurePolicy) -> ScriptResult {
        var result = run(lines: input, origin: origin, policy: policy, maximumCommandBytes: input.maximumBytes)
        if let line = input.tooLongLine {
            report(Session.tooLong(input.maximumBytes, at: line, origin: origin))
            result.failures += 1
            result.stopped = true
        }
        return result
    }

    /// Runs commands already split (a notebook's cells), as a script.
    @discardableResult
    public func run(commands: [Command], origin: String?, policy: FailurePolicy) -> ScriptResult {
        var script = ScriptRun(policy: policy, interruptsBefore: interruptCount)
        for command in commands where !script.run(command, origin: origin, in: self) { break }
        return script.result
    }

    /// Runs a script held in a string.
    @discardableResult
    public func run(script text: String, origin: String?, policy: FailurePolicy) -> ScriptResult {
        run(lines: text.lineTexts, origin: origin, policy: policy)
    }
}

/// One script being run: what it did so far, and when it must stop.
private struct ScriptRun {
    let policy: FailurePolicy
    /// The session's `interruptCount` when the script started: any Ctrl-C after it stops the script.
    let interruptsBefore: Int
    var result = ScriptResult()

    /// Runs `command`; false when the script stops after it.
    mutating func run(_ command: Command, origin: String?, in session: Session) -> Bool {
        result.commands += 1
        if !session.execute(command, CommandContext(origin: origin)).succeeded {
            result.failures += 1
            if policy == .stop || session.settings.bail {
                result.stopped = true
                return false
            }
        }
        if stopsForInterrupt(at: command.line, origin: origin, in: session) { return false }
        if session.hasQuit {
            result.stopped = true
            return false
        }
        return true
    }

    /// Whether Ctrl-C came since the script started; if so, says once (for
    /// the innermost of nested scripts) that the rest does not run, and
    /// counts the interruption as a failure.
    mutating func stopsForInterrupt(at line: Int, origin: String?, in session: Session) -> Bool {
        let count = session.interruptCount
        guard count != interruptsBefore else { return false }
        if session.interruptsReported != count {
            session.interruptsReported = count
            let at = origin.map { "\($0):\(line): " } ?? ""
            session.diagnostics.write("\(at)note: Ctrl-C stops the script here; the rest of it does not run\n")
            session.diagnostics.flush()
        }
        if result.failures == 0 { result.failures = 1 }
        result.stopped = true
        return true
    }
}

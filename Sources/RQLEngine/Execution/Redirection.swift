import Foundation
import RQLRender

/// Output sent to a file by `.output FILE` (until `.output`) or `.once FILE`
/// (for the next command only), or into a command's standard input with
/// `|COMMAND`, as the sqlite3 shell does (`.output |wc -l`).
final class Redirection {
    let output: ByteOutput
    let path: String
    let once: Bool
    /// The command output goes into, for `|COMMAND`.
    private let process: Process?
    /// What SIGPIPE did before a command was given output: while it reads,
    /// a command that stops reading (`|head -1`) makes writes fail quietly
    /// instead of ending rql.
    private let previousPipeSignal: (@convention(c) (Int32) -> Void)?

    init(path: String, once: Bool) throws {
        self.path = path
        self.once = once
        guard path.hasPrefix("|") else {
            let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            output = ByteOutput(.fileDescriptor(descriptor, closes: true), name: path)
            process = nil
            previousPipeSignal = nil
            return
        }
        let command = path.dropFirst().trimmingCharacters(in: .whitespaces)
        guard !command.isEmpty else { throw CommandError("a pipe needs a command after |: .output '|wc -l'") }
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            throw CommandError("cannot run /bin/sh: \(error.localizedDescription)")
        }
        try? pipe.fileHandleForReading.close()
        let descriptor = dup(pipe.fileHandleForWriting.fileDescriptor)
        try? pipe.fileHandleForWriting.close()
        guard descriptor >= 0 else {
            throw CommandError("cannot write into \(command): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        previousPipeSignal = signal(SIGPIPE, SIG_IGN)
        output = ByteOutput(.fileDescriptor(descriptor, closes: true), name: command)
        self.process = process
    }

    /// Closes the file, or ends the command's input and waits for it.
    func end() {
        output.close()
        guard let process else { return }
        process.waitUntilExit()
        signal(SIGPIPE, previousPipeSignal)
    }
}

extension Session {
    /// Sends output to `path` (or `|COMMAND`) from now on; throws if the
    /// file output went to until now did not get all of it (output still
    /// moves to `path`).
    func redirect(to path: String, once: Bool) throws {
        let next = try Redirection(path: path, once: once)
        defer { redirection = next }
        try endRedirection()
    }

    /// Closes the file output went to, if any; throws if it did not get
    /// every byte (a full disk).
    func endRedirection() throws {
        guard let ending = redirection else { return }
        redirection = nil
        ending.end()
        try ending.output.checkWrites()
    }
}

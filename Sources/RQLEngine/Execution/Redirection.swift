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
    private let command: PipedCommand?

    init(path: String, once: Bool) throws {
        self.path = path
        self.once = once
        guard path.hasPrefix("|") else {
            let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandError(.cannotWrite(path, reason: String(cString: strerror(errno))))
            }
            output = ByteOutput(.fileDescriptor(descriptor, closes: true), name: path)
            command = nil
            return
        }
        let text = path.dropFirst().trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw CommandError(.pipeWithoutCommand) }
        let command = try PipedCommand(text)
        output = ByteOutput(.fileDescriptor(command.descriptor, closes: true), name: text)
        self.command = command
    }

    /// Closes the file, or ends the command's input and waits for it.
    func end() {
        output.close()
        command?.wait()
    }
}

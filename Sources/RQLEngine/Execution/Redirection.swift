import Foundation
import RQLRender

/// Output sent to a file by `.output FILE` (until `.output`) or `.once FILE`
/// (for the next command only).
final class Redirection {
    let output: ByteOutput
    let path: String
    let once: Bool

    init(path: String, once: Bool) throws {
        let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        output = ByteOutput(.fileDescriptor(descriptor, closes: true), name: path)
        self.path = path
        self.once = once
    }
}

extension Session {
    /// Sends output to `path` from now on; throws if the file output went
    /// to until now did not get all of it (output still moves to `path`).
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
        ending.output.close()
        try ending.output.checkWrites()
    }
}

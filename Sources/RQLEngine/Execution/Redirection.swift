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
        output = ByteOutput(.fileDescriptor(descriptor, closes: true))
        self.path = path
        self.once = once
    }
}

extension Session {
    func redirect(to path: String, once: Bool) throws {
        let next = try Redirection(path: path, once: once)
        endRedirection()
        redirection = next
    }

    func endRedirection() {
        redirection?.output.close()
        redirection = nil
    }
}

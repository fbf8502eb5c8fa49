import Foundation

/// Reads the whole of a file a command names: a regular file, or a FIFO, a
/// device or `/dev/stdin` read to its end, up to `maximumBytes` (a device
/// such as `/dev/zero` has no end). A failure says why in plain words
/// (`no such file`, `it is a folder`, `permission denied`).
///
///     let bytes = try InputFile.read("script.sql")
public enum InputFile {
    /// 1 GiB: more than any script, notebook or start-up file needs.
    public static let maximumBytes = 1 << 30

    public static func read(_ path: String, maximumBytes: Int = InputFile.maximumBytes) throws(InputFileError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputFileError(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw InputFileError(path: path, errno: EISDIR)
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFileError(path: path, errno: errno)
            }
            data.append(contentsOf: chunk[..<count])
            if data.count > maximumBytes { throw InputFileError(path: path, tooLargeFor: maximumBytes) }
        }
    }
}

/// A file could not be read.
public struct InputFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    /// Why, in plain words.
    public let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "it is a folder"
        default: String(cString: strerror(code))
        }
    }

    init(path: String, tooLargeFor maximum: Int) {
        self.path = path
        let size = maximum >= 1 << 30 ? "\(maximum >> 30) GiB" : maximum >= 1 << 20 ? "\(maximum >> 20) MiB" : "\(maximum) bytes"
        reason = "it holds more than \(size), more than rql reads at once (a larger SQL script can come on standard input)"
    }

    public var description: String { "cannot read \(path): \(reason)" }
}

import Foundation

/// Reads the whole of a file a command names: a regular file, or a FIFO, a
/// device or `/dev/stdin` read to its end. A failure says why in plain
/// words (`no such file`, `it is a folder`, `permission denied`).
///
///     let bytes = try InputFile.read("script.sql")
public enum InputFile {
    public static func read(_ path: String) throws(InputFileError) -> Data {
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

    public var description: String { "cannot read \(path): \(reason)" }
}

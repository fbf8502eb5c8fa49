import FoundationEssentials
import Glibc

/// What a path names once its symbolic links are followed, which decides
/// how `AtomicFile` writes it.
///
///     FileTarget("/dev/stdout")   // .descriptor(1)
///     FileTarget("notes.rql")     // .regular("lessons/notes.rql", existing: …) when notes.rql links there
enum FileTarget {
    /// A descriptor rql already has open: `/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N`.
    case descriptor(Int32)
    /// A device, a FIFO, a socket or a folder (which then fails to open).
    case special(String)
    /// A regular file at the end of the links; `existing` is its status,
    /// nil when it does not exist yet.
    case regular(String, existing: stat?)

    /// At most this many links are followed, as the kernel does (`ELOOP`).
    static let maximumLinks = 40

    init(_ path: String) throws {
        var current = path
        for _ in 0...Self.maximumLinks {
            if let descriptor = Self.descriptor(named: current) {
                self = .descriptor(descriptor)
                return
            }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard errno == ENOENT else { throw FileFailure(errno: errno) }
                self = .regular(current, existing: nil)
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                current = try Self.target(ofLink: current)
            case S_IFREG:
                self = .regular(current, existing: status)
                return
            default:
                self = .special(current)
                return
            }
        }
        throw FileFailure(errno: ELOOP)
    }

    /// The descriptor a path such as `/dev/stdout` or `/dev/fd/3` names.
    /// These are written where the descriptor stands, never reopened: their
    /// links point at whatever the descriptor is (`pipe:[…]`), not a path.
    static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for folder in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(folder) {
                return Int32(path.dropFirst(folder.count)).flatMap { $0 >= 0 ? $0 : nil }
            }
            return nil
        }
    }

    /// Where the link at `path` points, relative to the link's folder.
    private static func target(ofLink path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileFailure(errno: errno) }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !target.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return target }
        return String(path[...slash]) + target
    }
}

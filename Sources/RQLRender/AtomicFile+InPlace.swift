import FoundationEssentials
import Glibc

extension AtomicFile {
    /// Writes `data` over what `path` holds, through the file itself: a
    /// device or a FIFO as it is, a regular file from its start, then cut
    /// to the new length and synced.
    static func writeInPlace(_ path: String, _ data: Data, check: () throws -> Void) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileFailure(errno: errno) }
        do {
            try check()
            try write(data, to: descriptor)
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                guard ftruncate(descriptor, off_t(data.count)) == 0, fsync(descriptor) == 0 else {
                    throw FileFailure(errno: errno)
                }
            }
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        guard Glibc.close(descriptor) == 0 else { throw FileFailure(errno: errno) }
    }

    /// Writes all of `data` to `descriptor`, where it stands.
    static func write(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { bytes in
            guard var next = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, next, remaining)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw FileFailure(errno: written < 0 ? errno : EIO) }
                remaining -= written
                next += written
            }
        }
    }
}

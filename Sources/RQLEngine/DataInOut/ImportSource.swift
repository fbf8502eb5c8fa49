import Foundation

/// The file `.import` reads, in chunks, once or twice (once to learn its
/// columns and their types, once to insert). A regular file is read again
/// from its start; anything else (a FIFO, `/dev/stdin`) is copied to an
/// unnamed temporary file as it is read the first time, so memory stays
/// flat either way.
public final class ImportSource {
    public let path: String
    /// The size of a regular file, for the progress line; nil otherwise.
    let size: Int?
    private var descriptor: Int32
    /// Where the first reading of a file that cannot be read twice goes.
    private var spool: Int32?
    private var isFirstReading = true
    private var startsReading = true
    /// Bytes read since the start (or the last rewind), for the progress line.
    private(set) var bytesRead = 0
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 17)

    public init(path: String) throws(CommandError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportSource.error(path, errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw ImportSource.error(path, code)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw ImportSource.error(path, EISDIR)
        }
        self.descriptor = descriptor
        if status.st_mode & S_IFMT == S_IFREG {
            size = Int(status.st_size)
        } else {
            size = nil
            let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            var template = Array((folder + "/rql-import-XXXXXX").utf8CString)
            let spool = mkstemp(&template)
            if spool >= 0 {
                unlink(template)  // nameless from now on: gone when closed
                _ = fcntl(spool, F_SETFD, FD_CLOEXEC)
            }
            guard spool >= 0 else {
                let code = errno
                close(descriptor)
                throw CommandError(.importNoRoom(path, folder: folder, reason: String(cString: strerror(code))))
            }
            self.spool = spool
        }
    }

    deinit {
        close(descriptor)
        if let spool { close(spool) }
        buffer.deallocate()
    }

    /// The next chunk of the file (without a byte order mark), or an empty
    /// one at its end. It stays valid until the next call.
    func read() throws(CommandError) -> UnsafeBufferPointer<UInt8> {
        guard let base = buffer.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
        while true {
            let count = Foundation.read(descriptor, base, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportSource.error(path, errno)
            }
            if isFirstReading, let spool {
                var written = 0
                while written < count {
                    let result = write(spool, base + written, count - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        throw CommandError(.importCopy(path, reason: String(cString: strerror(errno))))
                    }
                    written += result
                }
            }
            bytesRead += count
            // A UTF-8 byte order mark at the start is no part of the first record.
            if startsReading {
                startsReading = false
                if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
                    return UnsafeBufferPointer(start: base + 3, count: count - 3)
                }
            }
            return UnsafeBufferPointer(start: base, count: count)
        }
    }

    /// Starts again from the first byte.
    public func rewind() throws(CommandError) {
        if let spool, isFirstReading {
            // The rest of the input goes to the copy too, which is all of it then.
            while try !read().isEmpty {}
            close(descriptor)
            descriptor = spool
            self.spool = nil
        }
        isFirstReading = false
        startsReading = true
        bytesRead = 0
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw ImportSource.error(path, errno) }
    }

    private static func error(_ path: String, _ code: Int32) -> CommandError {
        let error = InputFileError(path: path, errno: code)
        return CommandError(.cannotRead(error.path, reason: error.reason))
    }
}

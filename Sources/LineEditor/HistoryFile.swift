import FoundationEssentials
import Glibc
import RQLRender

/// The history kept between sessions: one entry per line, with a backslash
/// written `\\` and a newline `\n`, so a multi-line statement stays one
/// entry. Saving holds a lock (`flock` on `PATH.lock` beside it), so
/// sessions open at once all keep their entries, and appends the new lines
/// in one write, which is undone if it fails part way. Only when the file
/// would pass `capacity` and a quarter is it rewritten with the newest
/// `capacity` entries, atomically (through `AtomicFile`); loading reads the
/// newest `capacity`.
///
///     let file = HistoryFile(path: HistoryFile.defaultPath(environment: ProcessInfo.processInfo.environment))
///     let entries = file.load()
///     try file.append(["SELECT 1;"])
public struct HistoryFile: Sendable {
    public let path: String
    public let capacity: Int

    public init(path: String, capacity: Int = 2_000) {
        self.path = path
        self.capacity = capacity
    }

    /// `$XDG_STATE_HOME/rql/history` when `XDG_STATE_HOME` is an absolute
    /// path, otherwise `~/.rql_history`; nil without either.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/rql/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.rql_history"
    }

    /// The newest `capacity` saved entries, oldest first; none when the file
    /// is missing or unreadable.
    public func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = HistoryFile.lines(of: data)
        return lines.suffix(capacity).map { HistoryFile.decode(data[$0]) }
    }

    /// Adds `entries` after those saved.
    public func append(_ entries: [String]) throws {
        guard !entries.isEmpty else { return }
        try createFolder()
        try whileLocked {
            let saved = FileManager.default.contents(atPath: path) ?? Data()
            let added = entries.suffix(capacity).reduce(into: Data()) { $0.append(HistoryFile.encode($1)) }
            let lines = HistoryFile.lines(of: saved)
            if lines.count + entries.count <= capacity + capacity / 4 {
                var bytes = Data()
                if let last = saved.last, last != 0x0A { bytes.append(0x0A) }
                bytes.append(added)
                if try appendInPlace(bytes) { return }
            }
            // The newest saved lines as they are, then the new entries.
            var kept = Data()
            for line in lines.suffix(max(capacity - entries.count, 0)) {
                kept.append(saved[line])
                kept.append(0x0A)
            }
            kept.append(added)
            do {
                try AtomicFile.replace(path, with: kept, permissions: 0o600)
            } catch let error as AtomicFileError {
                throw HistoryFileError(path: path, reason: error.reason)
            }
        }
    }

    /// Appends `bytes` to the file (through a link, keeping its owner and
    /// mode), creating it readable by its owner only; false when it is not a
    /// regular file. A write that fails part way is cut off again.
    private func appendInPlace(_ bytes: Data) throws -> Bool {
        let file = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            if errno == ENXIO { return false }  // a FIFO nobody reads
            throw HistoryFileError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        let start = status.st_size
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            while written < buffer.count {
                let result = write(file, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let failure {
            _ = ftruncate(file, start)
            throw HistoryFileError(path: path, reason: String(cString: strerror(failure)))
        }
        return true
    }

    /// Runs `body` holding the lock on `PATH.lock`, which other rql
    /// sessions take to save too; waits for it.
    private func whileLocked(_ body: () throws -> Void) throws {
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw HistoryFileError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw HistoryFileError(path: path, reason: String(cString: strerror(errno))) }
        }
        try body()
    }

    /// Creates the history's folder when it is missing, readable by its owner only.
    private func createFolder() throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// The ranges of the file's lines that hold an entry (not the empty ones).
    static func lines(of data: Data) -> [Range<Data.Index>] {
        data.withUnsafeBytes { buffer in
            var lines: [Range<Data.Index>] = []
            var start = 0
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
                if end > start { lines.append(data.startIndex + start..<data.startIndex + end) }
                start = end + 1
            }
            return lines
        }
    }

    /// One entry as one line of the file, newline included: its backslashes,
    /// carriage returns and newlines escaped, byte by byte (so `\r\n`,
    /// one character to Swift, is two escapes).
    static func encode(_ entry: String) -> Data {
        var encoded = Data()
        encoded.reserveCapacity(entry.utf8.count + 1)
        for byte in entry.utf8 {
            switch byte {
            case 0x5C: encoded.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: encoded.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: encoded.append(contentsOf: [0x5C, 0x72])
            default: encoded.append(byte)
            }
        }
        encoded.append(0x0A)
        return encoded
    }

    static func decode(_ line: Data) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(line.count)
        var escaping = false
        for byte in line {
            if escaping {
                switch byte {
                case 0x6E: decoded.append(0x0A)
                case 0x72: decoded.append(0x0D)
                default: decoded.append(byte)
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                decoded.append(byte)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}

/// The history file could not be written.
public struct HistoryFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "cannot save the history in \(path): \(reason)" }
}

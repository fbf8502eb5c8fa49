import Foundation
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
        return String(decoding: data, as: UTF8.self)
            .split(separator: "\n")
            .suffix(capacity)
            .map { HistoryFile.decode($0) }
    }

    /// Adds `entries` after those saved.
    public func append(_ entries: [String]) throws {
        guard !entries.isEmpty else { return }
        try createFolder()
        try whileLocked {
            let saved = FileManager.default.contents(atPath: path) ?? Data()
            let savedLines = saved.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            var text = entries.map { HistoryFile.encode($0) + "\n" }.joined()
            if savedLines + entries.count <= capacity + capacity / 4 {
                if let last = saved.last, last != 0x0A { text = "\n" + text }
                if try appendInPlace(Data(text.utf8)) { return }
            }
            let kept = (load() + entries).suffix(capacity)
            text = kept.map { HistoryFile.encode($0) + "\n" }.joined()
            do {
                try AtomicFile.replace(path, with: Data(text.utf8), permissions: 0o600)
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
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    static func encode(_ entry: String) -> String {
        var encoded = ""
        for character in entry {
            switch character {
            case "\\": encoded += "\\\\"
            case "\n": encoded += "\\n"
            case "\r": encoded += "\\r"
            default: encoded.append(character)
            }
        }
        return encoded
    }

    static func decode(_ line: Substring) -> String {
        var decoded = ""
        var escaping = false
        for character in line {
            if escaping {
                switch character {
                case "n": decoded.append("\n")
                case "r": decoded.append("\r")
                default: decoded.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                decoded.append(character)
            }
        }
        return decoded
    }
}

/// The history file could not be written.
public struct HistoryFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "cannot save the history in \(path): \(reason)" }
}

import Foundation
import RQLRender

/// The history kept between sessions: one entry per line, with a backslash
/// written `\\` and a newline `\n`, so a multi-line statement stays one
/// entry. Saving re-reads the file and adds to what is there, holding a
/// lock (`flock` on `PATH.lock` beside it) meanwhile, so sessions open at
/// once all keep their entries; the file is replaced atomically (through
/// `AtomicFile`) and never holds more than `capacity` entries.
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

    /// The saved entries, oldest first; none when the file is missing or unreadable.
    public func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self)
            .split(separator: "\n")
            .map { HistoryFile.decode($0) }
    }

    /// Adds `entries` after those saved, keeping the newest `capacity`.
    public func append(_ entries: [String]) throws {
        guard !entries.isEmpty else { return }
        try createFolder()
        try whileLocked {
            let kept = (load() + entries).suffix(capacity)
            let text = kept.map { HistoryFile.encode($0) + "\n" }.joined()
            do {
                try AtomicFile.replace(path, with: Data(text.utf8), permissions: 0o600)
            } catch let error as AtomicFileError {
                throw HistoryFileError(path: path, reason: error.reason)
            }
        }
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

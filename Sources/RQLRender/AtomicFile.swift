import FoundationEssentials
import Glibc

/// Writes a file so that a reader sees the old contents or the new, never a
/// part, and so that the path keeps naming what it named:
///
/// - a regular file (or a missing one) is replaced: the bytes go to a hidden
///   temporary file beside it (`TemporaryFile`), which is given the file's
///   owner and mode, synced, and renamed over it;
/// - a symbolic link is followed, and its target replaced that way;
/// - a device, a FIFO or an open descriptor (`/dev/stdout`, `/dev/fd/N`) is
///   written in place;
/// - a file nobody may write (no write bit, even for root) is refused, as is
///   one this user may not write;
/// - when the folder takes no temporary file, or the file's owner cannot be
///   given to one, the file is written in place (cut to length, synced).
///
///     try AtomicFile.replace("notes.rql", with: Data(text.utf8), permissions: 0o644)
public enum AtomicFile {
    /// `permissions` is the mode of a file that does not exist yet. `check`
    /// runs just before the file changes; if it throws, the file is left as
    /// it was and the error is rethrown.
    public static func replace(_ path: String, with data: Data, permissions: mode_t,
                               check: () throws -> Void = {}) throws {
        do {
            switch try FileTarget(path) {
            case .descriptor(let descriptor):
                try check()
                try write(data, to: descriptor)
            case .special(let device):
                try writeInPlace(device, data, check: check)
            case .regular(let file, nil):
                try replace(file, data, existing: nil, permissions: permissions, check: check)
            case .regular(let file, let existing?):
                try refuseReadOnly(file, existing)
                try replace(file, data, existing: existing, permissions: permissions, check: check)
            }
        } catch let failure as FileFailure {
            throw AtomicFileError(path: path, reason: failure.reason)
        }
    }

    /// Replaces the regular file `file` (`existing` is its status, nil when
    /// it does not exist) through a temporary file beside it.
    private static func replace(_ file: String, _ data: Data, existing: stat?, permissions: mode_t,
                                check: () throws -> Void) throws {
        TemporaryFile.removeStale(beside: file)
        let temporary: TemporaryFile
        do {
            temporary = try TemporaryFile(beside: file)
        } catch let failure as FileFailure where existing != nil && failure.deniesAccess {
            // A folder rql may not write to: the file itself may still be writable.
            return try writeInPlace(file, data, check: check)
        }
        defer { temporary.close() }
        if let existing {
            guard temporary.take(ownerOf: existing) else { return try writeInPlace(file, data, check: check) }
        }
        try temporary.write(data, mode: existing.map { $0.st_mode & 0o7777 } ?? permissions)
        try check()
        try temporary.rename(over: file)
    }

    /// A file nobody may write is refused even for root, whom `access(2)`
    /// lets write anything.
    private static func refuseReadOnly(_ file: String, _ status: stat) throws {
        guard status.st_mode & 0o222 != 0 else { throw FileFailure("the file is read-only") }
        guard access(file, W_OK) == 0 else { throw FileFailure(errno: errno) }
    }
}

/// A file could not be written; `reason` is the system's word for why.
public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Why a step of writing a file failed, before the path is put to it.
struct FileFailure: Error {
    let reason: String
    /// The `errno` behind it, when a system call failed.
    let code: Int32?

    init(_ reason: String) {
        self.reason = reason
        code = nil
    }

    init(errno code: Int32) {
        reason = String(cString: strerror(code))
        self.code = code
    }

    /// The system refused the access (permissions, not the disk).
    var deniesAccess: Bool { code == EACCES || code == EPERM }
}

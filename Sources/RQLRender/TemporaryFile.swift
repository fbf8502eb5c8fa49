import FoundationEssentials
import Glibc

/// The temporary file `AtomicFile` writes before renaming it over a file:
/// hidden beside it and named for it, `.notes.rql.rql-tmp-XXXXXX` for
/// `notes.rql`, and locked (`flock`) while rql writes it. A process killed
/// meanwhile leaves it unlocked; the next write beside that file removes
/// such leftovers once they are a minute old.
///
///     let temporary = try TemporaryFile(beside: "notes.rql")
///     defer { temporary.close() }
///     try temporary.write(data, mode: 0o644)
///     try temporary.rename(over: "notes.rql")
final class TemporaryFile {
    /// What every temporary file's name holds after the name of its file.
    static let marker = ".rql-tmp-"
    /// A leftover younger than this may be a file just created, not yet locked.
    static let staleAge: time_t = 60

    let path: String
    private let descriptor: Int32
    private var isRenamed = false

    /// Creates and locks a new temporary file in the folder of `file`.
    init(beside file: String) throws {
        let naming = Self.naming(file)
        var template = Array((naming.folder + naming.prefix + "XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw FileFailure(errno: errno) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
    }

    /// Gives the temporary file the owner and group of the file it will
    /// replace; false when the system refuses (another user's file, for
    /// anyone but root).
    func take(ownerOf existing: stat) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        if status.st_uid == existing.st_uid, status.st_gid == existing.st_gid { return true }
        return fchown(descriptor, existing.st_uid, existing.st_gid) == 0
    }

    /// Writes `data`, sets `mode` and syncs the file to disk.
    func write(_ data: Data, mode: mode_t) throws {
        try AtomicFile.write(data, to: descriptor)
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw FileFailure(errno: errno) }
    }

    func rename(over file: String) throws {
        guard Glibc.rename(path, file) == 0 else { throw FileFailure(errno: errno) }
        isRenamed = true
    }

    /// Closes the file (which unlocks it), and removes it unless it was renamed.
    func close() {
        if !isRenamed { unlink(path) }
        Glibc.close(descriptor)
    }

    /// Removes the temporary files of `file` that a killed process left:
    /// a minute old or more, and locked by nobody. Leftovers that cannot be
    /// examined are left alone.
    static func removeStale(beside file: String) {
        let naming = Self.naming(file)
        let now = time(nil)
        let folder = naming.folder.isEmpty ? "." : naming.folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(naming.prefix) {
            let candidate = naming.folder + name
            var status = stat()
            guard lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                  now - status.st_mtim.tv_sec >= staleAge else { continue }
            let descriptor = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(candidate) }
            Glibc.close(descriptor)
        }
    }

    /// The folder of `file` (with its `/`, empty for the current folder)
    /// and the start of its temporary files' names there.
    static func naming(_ file: String) -> (folder: String, prefix: String) {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        return (folder, "." + (name.hasPrefix(".") ? String(name.dropFirst()) : name) + marker)
    }
}

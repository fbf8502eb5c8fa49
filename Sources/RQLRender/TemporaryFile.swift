import Foundation

/// The temporary file `AtomicFile` writes before renaming it over a file:
/// hidden beside it and named for it, `.notes.rql.rql-tmp-XXXXXX` for
/// `notes.rql`, and locked (`flock`) while rql writes it.
///
///     let temporary = try TemporaryFile(beside: "notes.rql")
///     defer { temporary.close() }
///     try temporary.write(data, mode: 0o644)
///     try temporary.rename(over: "notes.rql")
final class TemporaryFile {
    /// What every temporary file's name holds after the name of its file.
    static let marker = ".rql-tmp-"

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

    /// The folder of `file` (with its `/`, empty for the current folder)
    /// and the start of its temporary files' names there.
    static func naming(_ file: String) -> (folder: String, prefix: String) {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        return (folder, "." + (name.hasPrefix(".") ? String(name.dropFirst()) : name) + marker)
    }
}

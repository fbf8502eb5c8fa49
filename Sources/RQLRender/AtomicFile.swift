import Foundation

/// Replaces a file's contents so that a reader sees the old file or the new
/// one, never a part: the bytes go to a temporary file in the same folder,
/// are synced to disk, given their permissions, and renamed over the file.
///
///     try AtomicFile.replace("notes.rql", with: Data(text.utf8), permissions: 0o644)
public enum AtomicFile {
    /// `check` runs just before the rename; if it throws, the temporary file
    /// is removed, the file is left as it was, and the error is rethrown.
    public static func replace(_ path: String, with data: Data, permissions: mode_t,
                               check: () throws -> Void = {}) throws {
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw AtomicFileError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let written = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, base + offset, bytes.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        let finished = written && fchmod(descriptor, permissions) == 0 && fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard finished else {
            unlink(temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
        do {
            try check()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
    }
}

/// A file could not be replaced; `reason` is the system's word for why.
public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

import FoundationEssentials
import Glibc

/// Which other process holds which lock on a database file, so that
/// `database is locked` can say who and why. The kernel lists every file
/// lock in `/proc/locks`; SQLite's unix VFS locks bytes at 1 GiB into the
/// file (pending, reserved, then the shared range) and, in WAL mode, a
/// write-lock byte in the `-shm` file. Reading the list opens neither file:
/// closing a descriptor of a file would release every lock rql's own
/// connections hold on it.
enum LockHolder {
    private static let pendingByte: UInt64 = 0x4000_0000
    private static let reservedByte = pendingByte + 1
    private static let shared = (pendingByte + 2)...(pendingByte + 511)
    /// The WAL write lock: the first lock slot of the `-shm` file.
    private static let walWriteLock: UInt64 = 120

    /// One line of `/proc/locks`.
    private struct Lock {
        var isWrite: Bool
        var pid: Int
        var file: String
        var bytes: ClosedRange<UInt64>
    }

    /// `process 4242 holds an exclusive lock on it (it is writing)`, or nil
    /// when no other process holds a lock on it.
    static func description(ofDatabaseAt path: String) -> String? {
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let others = table.split(separator: "\n").compactMap(lock).filter { $0.pid != Int(getpid()) }
        func holder(_ file: String?, _ bytes: ClosedRange<UInt64>, write: Bool = false) -> Int? {
            guard let file else { return nil }
            return others.first { $0.file == file && $0.bytes.overlaps(bytes) && (!write || $0.isWrite) }?.pid
        }
        let database = fileKey(path)
        if let pid = holder(fileKey(path + "-shm"), walWriteLock...walWriteLock, write: true) {
            return "process \(pid) holds the write lock of its WAL (a write transaction is open)"
        }
        if let pid = holder(database, shared, write: true) {
            return "process \(pid) holds an exclusive lock on it (it is writing)"
        }
        if let pid = holder(database, pendingByte...pendingByte, write: true) {
            return "process \(pid) holds a pending lock on it (it waits for readers to finish, to write)"
        }
        if let pid = holder(database, reservedByte...reservedByte) {
            return "process \(pid) holds a reserved lock on it (a write transaction is open)"
        }
        if let pid = holder(database, shared) {
            return "process \(pid) holds a shared lock on it (it is reading)"
        }
        return nil
    }

    /// `1: POSIX  ADVISORY  WRITE 3054 fe:00:16220247 1073741825 1073741825`;
    /// nil for a lock being waited for (`->`) or a line it cannot read.
    private static func lock(_ line: Substring) -> Lock? {
        let fields = line.split(separator: " ")
        guard fields.count >= 8, !fields.contains("->"), let pid = Int(fields[4]),
              let start = UInt64(fields[6]) else { return nil }
        let end = fields[7] == "EOF" ? UInt64.max : UInt64(fields[7]) ?? start
        return Lock(isWrite: fields[3] == "WRITE", pid: pid, file: String(fields[5]), bytes: start...max(start, end))
    }

    /// A file as `/proc/locks` names it: `MAJOR:MINOR:INODE`, the device
    /// numbers in hex.
    private static func fileKey(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let device = UInt64(info.st_dev)
        let major = ((device >> 32) & 0xFFFF_F000) | ((device >> 8) & 0xFFF)
        let minor = ((device >> 12) & 0xFFFF_FF00) | (device & 0xFF)
        return String(format: "%02x:%02x:%llu", major, minor, UInt64(info.st_ino))
    }
}

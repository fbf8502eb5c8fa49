import FoundationEssentials
import Glibc

/// Whether two names lead to the same file: the same device and inode
/// when both exist (through links, `..` and hard links), else the same
/// absolute path once links are resolved.
enum FileIdentity {
    static func same(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        if stat(first, &a) == 0, stat(second, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(first) == resolved(second)
    }
}

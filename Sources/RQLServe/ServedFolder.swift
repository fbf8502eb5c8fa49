import Foundation
import Glibc

/// The folder `rql serve` serves notebooks from, and the names that lead
/// to them: relative paths ending in `.rql`, with no `..`, that stay
/// inside the folder when links are followed.
struct ServedFolder: Sendable {
    /// The folder, as given.
    let root: String
    /// Its real path, links resolved.
    let realRoot: String

    init(_ root: String) throws(ServeProblem) {
        self.root = root
        guard let real = ServedFolder.realPath(root) else {
            throw .notebookUnreadable("cannot open the folder \(root): \(String(cString: strerror(errno)))")
        }
        realRoot = real
    }

    /// The file a notebook name leads to, checked; it need not exist.
    func file(_ name: String) throws(ServeProblem) -> String {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), name.hasSuffix(".rql"), !name.contains("\0"), !name.contains("\\"),
              parts.allSatisfy({ !$0.isEmpty && $0 != ".." && $0 != "." }) else {
            throw .notANotebookPath(name)
        }
        let path = root == "." ? name : (root as NSString).appendingPathComponent(name)
        // The folder it goes in, and the file when it exists, must be inside the folder, links followed.
        // A link that leads nowhere is refused: writing through it would make its target, wherever that is.
        let parent = (path as NSString).deletingLastPathComponent
        for part in [parent.isEmpty ? "." : parent, path] {
            guard let real = ServedFolder.realPath(part) else {
                var status = stat()
                if part == path, errno == ENOENT, lstat(path, &status) != 0 { continue }
                throw .notANotebookPath(name)
            }
            guard isInside(real) else { throw .notANotebookPath(name) }
        }
        return path
    }

    private func isInside(_ real: String) -> Bool {
        real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// The notebooks under the folder, as names, sorted; hidden folders and
    /// build folders are left out, and the walk stops at 1,000.
    func notebooks() -> [String] {
        var found: [String] = []
        var folders = [""]
        while let folder = folders.popLast(), found.count < 1_000 {
            let path = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name), isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if folders.count + found.count < 10_000 { folders.append(relative) }
                } else if name.hasSuffix(".rql"), (try? file(relative)) != nil {
                    found.append(relative)
                }
            }
        }
        return found.sorted()
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

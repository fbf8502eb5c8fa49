import Foundation
import Testing
@testable import RQLRender

/// A folder of its own for each test, removed at the end.
private final class Scratch {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-atomic-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ name: String, _ text: String, mode: mode_t = 0o644) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }
}

private func status(_ path: String) -> stat {
    var status = stat()
    lstat(path, &status)
    return status
}

private func replace(_ path: String, _ text: String, permissions: mode_t = 0o644,
                     check: () throws -> Void = {}) throws {
    try AtomicFile.replace(path, with: Data(text.utf8), permissions: permissions, check: check)
}

@Suite struct AtomicFileTests {
    @Test func aNewFileGetsThePermissionsAndAnOldOneKeepsItsMode() throws {
        let scratch = try Scratch()
        try replace(scratch.path("new"), "one\n", permissions: 0o600)
        #expect(try scratch.read("new") == "one\n")
        #expect(status(scratch.path("new")).st_mode & 0o7777 == 0o600)
        let old = try scratch.write("old", "before\n", mode: 0o604)
        try replace(old, "after\n", permissions: 0o600)
        #expect(try scratch.read("old") == "after\n")
        #expect(status(old).st_mode & 0o7777 == 0o604)
        #expect(try scratch.names() == ["new", "old"])
    }

    @Test func theTemporaryFileIsHiddenAndNamedForTheFile() throws {
        let scratch = try Scratch()
        var during: [String] = []
        try replace(scratch.path("notes.rql"), "text\n") { during = try scratch.names() }
        #expect(during.count == 1)
        #expect(during.first?.hasPrefix(".notes.rql.rql-tmp-") == true)
        try replace(scratch.path(".rql_history"), "text\n") { during = try scratch.names() }
        #expect(during.contains { $0.hasPrefix(".rql_history.rql-tmp-") })
    }

    @Test func aFailedCheckLeavesTheFileAndNoTemporaryFile() throws {
        let scratch = try Scratch()
        let file = try scratch.write("notes.rql", "before\n")
        struct Changed: Error {}
        #expect(throws: Changed.self) { try replace(file, "after\n") { throw Changed() } }
        #expect(try scratch.read("notes.rql") == "before\n")
        #expect(try scratch.names() == ["notes.rql"])
    }

    @Test func aLinkIsFollowedAndItsTargetReplaced() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("real"), withIntermediateDirectories: false)
        let target = try scratch.write("real/notes.rql", "before\n", mode: 0o640)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("notes.rql"), withDestinationPath: "real/notes.rql")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("again.rql"), withDestinationPath: scratch.path("notes.rql"))
        try replace(scratch.path("again.rql"), "after\n")
        #expect(status(scratch.path("notes.rql")).st_mode & S_IFMT == S_IFLNK)
        #expect(status(scratch.path("again.rql")).st_mode & S_IFMT == S_IFLNK)
        #expect(try scratch.read("real/notes.rql") == "after\n")
        #expect(status(target).st_mode & 0o7777 == 0o640)
        #expect(try scratch.names() == ["again.rql", "notes.rql", "real"])
    }

    @Test func aDanglingLinkGetsItsTargetCreated() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: "missing")
        try replace(scratch.path("link"), "made\n")
        #expect(status(scratch.path("link")).st_mode & S_IFMT == S_IFLNK)
        #expect(try scratch.read("missing") == "made\n")
    }

    @Test func aLoopOfLinksIsAnError() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.path("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("b"), withDestinationPath: "a")
        let error = #expect(throws: AtomicFileError.self) { try replace(scratch.path("a"), "x\n") }
        #expect(error?.description == "cannot write \(scratch.path("a")): Too many levels of symbolic links")
    }

    @Test func aReadOnlyFileIsRefusedEvenForRoot() throws {
        let scratch = try Scratch()
        let file = try scratch.write("notes.rql", "before\n", mode: 0o444)
        let error = #expect(throws: AtomicFileError.self) { try replace(file, "after\n") }
        #expect(error?.description == "cannot write \(file): the file is read-only")
        #expect(try scratch.read("notes.rql") == "before\n")
        #expect(try scratch.names() == ["notes.rql"])
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func anotherUsersFileKeepsItsOwner() throws {
        let scratch = try Scratch()
        let file = try scratch.write("notes.rql", "before\n", mode: 0o664)
        #expect(chown(file, 65534, 65534) == 0)
        try replace(file, "after\n")
        #expect(status(file).st_uid == 65534)
        #expect(status(file).st_gid == 65534)
        #expect(status(file).st_mode & 0o7777 == 0o664)
        #expect(try scratch.read("notes.rql") == "after\n")
    }

    @Test(.enabled(if: UnwritableFolder.isPossible, "needs chattr +i (root) or a user that folder modes apply to"))
    func aFileInAFolderThatTakesNoNewFileIsWrittenInPlace() throws {
        let scratch = try Scratch()
        let file = try scratch.write("notes.rql", "a longer text before\n", mode: 0o640)
        let inode = status(file).st_ino
        try UnwritableFolder.whileLocked(scratch.folder) {
            try replace(file, "after\n")
        }
        #expect(try scratch.read("notes.rql") == "after\n")
        #expect(status(file).st_ino == inode)
        #expect(status(file).st_mode & 0o7777 == 0o640)
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Received()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
            received.text = String(decoding: data, as: UTF8.self)
        }
        reader.start()
        try replace(fifo, "through the fifo\n")
        let deadline = Date(timeIntervalSinceNow: 5)
        while !received.isDone, Date() < deadline { usleep(1_000) }
        #expect(received.text == "through the fifo\n")
        #expect(status(fifo).st_mode & S_IFMT == S_IFIFO)
        #expect(try scratch.names() == ["fifo"])
    }

    @Test func anOpenDescriptorIsWrittenWhereItStands() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try replace("/dev/fd/\(ends[1])", "through the pipe\n")
        close(ends[1])
        let data = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile()
        #expect(String(decoding: data, as: UTF8.self) == "through the pipe\n")
    }

    @Test func standardStreamsAreNamedDescriptors() {
        #expect(FileTarget.descriptor(named: "/dev/stdout") == 1)
        #expect(FileTarget.descriptor(named: "/dev/stderr") == 2)
        #expect(FileTarget.descriptor(named: "/dev/fd/7") == 7)
        #expect(FileTarget.descriptor(named: "/proc/self/fd/3") == 3)
        #expect(FileTarget.descriptor(named: "/dev/fd/x") == nil)
        #expect(FileTarget.descriptor(named: "/dev/null") == nil)
    }

    @Test func aStaleTemporaryFileIsRemovedAndALiveOneKept() throws {
        let scratch = try Scratch()
        let file = try scratch.write("notes.rql", "before\n")
        let minutesAgo = Date(timeIntervalSinceNow: -120)
        let stale = try scratch.write(".notes.rql.rql-tmp-STALE1", "left by a killed rql")
        _ = try scratch.write(".notes.rql.rql-tmp-FRESH1", "being written")
        let held = try scratch.write(".notes.rql.rql-tmp-HELD01", "being written slowly")
        let other = try scratch.write(".other.rql.rql-tmp-OTHER1", "another file's")
        for path in [stale, held, other] {
            try FileManager.default.setAttributes([.modificationDate: minutesAgo], ofItemAtPath: path)
        }
        let lock = open(held, O_RDONLY)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        try replace(file, "after\n")
        #expect(try scratch.names() == [".notes.rql.rql-tmp-FRESH1", ".notes.rql.rql-tmp-HELD01",
                                        ".other.rql.rql-tmp-OTHER1", "notes.rql"])
    }
}

/// What the FIFO's reader read, once it is done.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    var text: String {
        get { lock.withLock { value ?? "" } }
        set { lock.withLock { value = newValue } }
    }

    var isDone: Bool { lock.withLock { value != nil } }
}

/// A folder in which no new file can be made though its files stay
/// writable: `chattr +i` for root (whom folder modes do not stop), mode
/// 0555 for anyone else.
private enum UnwritableFolder {
    static let isPossible: Bool = {
        guard let folder = try? Scratch() else { return false }
        return (try? whileLocked(folder.folder) {
            let probe = open(folder.path("probe"), O_WRONLY | O_CREAT, 0o600)
            if probe >= 0 { close(probe) }
            if probe >= 0 { throw CocoaError(.fileWriteNoPermission) }
        }) != nil
    }()

    static func whileLocked(_ folder: String, _ body: () throws -> Void) throws {
        if getuid() == 0 {
            try chattr("+i", folder)
            defer { try? chattr("-i", folder) }
            try body()
        } else {
            chmod(folder, 0o555)
            defer { chmod(folder, 0o755) }
            try body()
        }
    }

    private static func chattr(_ flag: String, _ folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, folder]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}

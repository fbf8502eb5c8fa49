import Foundation
import RQLEngine
import RQLRender

/// A session whose output and errors are kept in memory, for tests.
struct TestSession {
    let session: Session
    let output = ByteOutput(.memory)
    let errors = ByteOutput(.memory)
    let clock: ManualClock
    /// The file the session reads, when it is a copy made for it.
    private var copy: TemporaryCopy?

    init(_ target: DatabaseTarget = .sample(.reminders), mode: OutputMode = .list,
         clock: ManualClock = ManualClock(Date()), safe: Bool = false) throws {
        self.clock = clock
        session = try Session(options: .init(target: target, mode: mode, colorAllowed: false, clock: clock,
                                             output: output, diagnostics: errors, safe: safe))
    }

    /// Runs `script` as stdin would, returning what it printed and wrote as errors.
    @discardableResult
    func run(_ script: String, policy: FailurePolicy = .continueUnlessBail) -> (output: String, errors: String, result: ScriptResult) {
        output.clear()
        errors.clear()
        let result = session.run(script: script, origin: nil, policy: policy)
        return (output.text, errors.text, result)
    }

    /// Runs one SQL statement as it is, without the script reader that
    /// splits lines (a CR before a line feed in a name stays).
    @discardableResult
    func statement(_ sql: String) -> (output: String, errors: String) {
        output.clear()
        errors.clear()
        session.execute(Command(.sql, sql))
        return (output.text, errors.text)
    }

    /// The list-mode output of one query, trimmed.
    func value(_ sql: String) -> String {
        run(sql).output.trimmingCharacters(in: .newlines)
    }

    /// A session on its own copy of Chinook, removed when the session is gone.
    static func chinook(readonly: Bool = false, mode: OutputMode = .list) throws -> TestSession {
        let copy = try TemporaryCopy(of: Chinook.source)
        var test = try TestSession(.file(path: copy.path, readonly: readonly), mode: mode)
        test.copy = copy
        return test
    }

    /// A session on a private in-memory database that `schema` has built.
    static func inMemory(_ schema: String) throws -> TestSession {
        let test = try TestSession(.file(path: ":memory:", readonly: false))
        test.run(schema)
        return test
    }

    /// Whether `dsl` gives the rows `sql` gives, without errors.
    func sameRows(dsl: String, sql: String) -> Bool {
        let expected = run(sql + ";")
        let actual = run(dsl)
        return expected.errors == "" && actual.errors == "" && actual.output == expected.output
    }
}

/// `../shared/data/chinook.sqlite`, copied to a temporary file, when the shared folder is there.
enum Chinook {
    static let source: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/chinook.sqlite")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: source.path) }

    /// A copy in the temporary folder: the caller removes it.
    static func copy(of file: URL = source) throws -> String {
        let target = FileManager.default.temporaryDirectory
            .appendingPathComponent("rql-chinook-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(at: file, to: target)
        return target.path
    }
}

/// A copy of a file in the temporary folder, or a sample written to one,
/// removed (with any journal SQLite left beside it) when nothing holds it.
final class TemporaryCopy {
    let path: String

    init(of source: URL) throws {
        path = try Chinook.copy(of: source)
    }

    /// `sample` written to a new file, as `rql samples write` writes it.
    init(sample: Sample) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-\(sample.rawValue)-\(UUID().uuidString).sqlite").path
        try sample.write(to: path)
    }

    deinit {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// The sqlite3 shell, for comparing output byte for byte.
enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// What the shell wrote, errors included, so that an expected output
    /// also says there was no error.
    static func run(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        if let input {
            // A file, not a pipe: the shell reads it while its output fills the other pipe.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("rql-stdin-\(UUID().uuidString)")
            try Data(input.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            process.standardInput = try FileHandle(forReadingFrom: file)
        }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

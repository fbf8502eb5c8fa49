import Foundation
import Testing
import RQLEngine

/// A dump read back the ways people read one: by the sqlite3 shell on its
/// standard input, by rql on its standard input and by rql's `.read`. Each
/// builds a new database file; the session returned has it open, in the
/// same connection that read the dump.
struct DumpLoads {
    let dump: String
    private let stem = FileManager.default.temporaryDirectory.appendingPathComponent("rql-load-\(UUID().uuidString)").path

    /// What each reader made of the dump, by name, and what it said while reading.
    func all() throws -> [(reader: String, session: TestSession, messages: String)] {
        try [sqlite3(), rqlInput(), rqlRead()]
    }

    /// `sqlite3 new.db < dump.sql`.
    func sqlite3() throws -> (reader: String, session: TestSession, messages: String) {
        let path = stem + "-sqlite3.sqlite"
        let messages = try SQLiteShell.run([path], input: dump)
        return ("sqlite3", try TestSession(.file(path: path, readonly: false)), messages)
    }

    /// `rql new.db < dump.sql`.
    func rqlInput() throws -> (reader: String, session: TestSession, messages: String) {
        let script = try write("input")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let test = try TestSession(.file(path: stem + "-input.sqlite", readonly: false))
        let descriptor = open(script, O_RDONLY)
        defer { close(descriptor) }
        test.errors.clear()
        test.session.run(input: InputLines(descriptor: descriptor), origin: "stdin", policy: .continueUnlessBail)
        return ("rql < dump", test, test.errors.text)
    }

    /// `.read dump.sql` in rql.
    func rqlRead() throws -> (reader: String, session: TestSession, messages: String) {
        let script = try write("read")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let test = try TestSession(.file(path: stem + "-read.sqlite", readonly: false))
        return (".read", test, test.run(".read '\(script)'").errors)
    }

    private func write(_ name: String) throws -> String {
        let path = stem + "-\(name).sql"
        try Data(dump.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Removes the files the readers made.
    func removeFiles() {
        for name in ["sqlite3", "input", "read"] {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: "\(stem)-\(name).sqlite\(suffix)") }
        }
    }
}

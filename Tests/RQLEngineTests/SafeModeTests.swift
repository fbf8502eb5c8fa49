import Foundation
import Testing
import RQLEngine
import RQLRender

/// Safe mode: SQLite's limits and defensive mode, and the dot-commands that
/// touch files, each refusal said in rql's words.
@Suite struct SafeModeTests {
    func safeSession(readsBelow folder: String? = nil) throws -> (Session, ByteOutput) {
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(target: .sample(.reminders), mode: .list, colorAllowed: false,
                                                 output: output, diagnostics: output, safe: true))
        session.readsFilesBelow = folder
        return (session, output)
    }

    func run(_ session: Session, _ output: ByteOutput, _ text: String) -> String {
        output.clear()
        session.run(script: text, origin: nil, policy: .continueUnlessBail)
        return output.text
    }

    static let note = "safe mode is on: rql --safe, or a notebook command without --unsafe\n"

    @Test(arguments: [
        ("ATTACH '/tmp/rql-safe.db' AS other;", "error: refused by safe mode: ATTACH is off, as it can reach files outside the private database\n" + note),
        ("VACUUM INTO '/tmp/rql-safe.db';", "error: refused by safe mode: VACUUM INTO would write a file outside the private database\n" + note),
        ("VACUUM;", "error: refused by safe mode: VACUUM works through an attached database, which safe mode does not allow\n" + note),
        ("SELECT load_extension('/tmp/none.so');", "error: rql does not load extensions: load_extension is off\n"),
        ("INSERT INTO reminderTexts_data VALUES (99, x'00');", "error: table reminderTexts_data may not be modified\n"),
        (".open /tmp/rql-safe.db", "error: refused by safe mode: .open would reach a file outside the private database\n" + note),
        (".output /tmp/rql-safe.txt", "error: refused by safe mode: .output would reach a file outside the private database\n" + note),
        (".once /tmp/rql-safe.txt", "error: refused by safe mode: .once would reach a file outside the private database\n" + note),
        ("PRAGMA temp_store_directory = '/tmp';",
         "error: refused by safe mode: PRAGMA temp_store_directory would make SQLite create files in another folder\n" + note),
        ("pragma main.Data_Store_Directory('/tmp');",
         "error: refused by safe mode: PRAGMA Data_Store_Directory would make SQLite create files in another folder\n" + note),
        (".explain PRAGMA temp_store_directory = '/tmp'",
         "error: refused by safe mode: PRAGMA temp_store_directory would make SQLite create files in another folder\n" + note),
    ])
    func refusals(command: String, message: String) throws {
        let (session, output) = try safeSession()
        #expect(run(session, output, command) == message)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/rql-safe.db"))
        #expect(run(session, output, "SELECT count(*) FROM tags;") == "7\n")
    }

    @Test func theSchemaCannotBeRewritten() throws {
        let (session, output) = try safeSession()
        #expect(run(session, output, "PRAGMA writable_schema = 1;\nUPDATE sqlite_schema SET sql = 'x' WHERE name = 'tags';")
            == "error: table sqlite_master may not be modified\n")
    }

    @Test func readStaysBelowTheNotebookFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-safe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "SELECT 'inside';\n".write(to: folder.appendingPathComponent("parts/inner.sql"), atomically: false, encoding: .utf8)
        let (session, output) = try safeSession(readsBelow: folder.path)
        #expect(run(session, output, ".read parts/inner.sql") == "inside\n")
        let refusal = "error: refused by safe mode: .read reads only files in \(folder.path) or below it\n" + Self.note
        #expect(run(session, output, ".read ../outside.sql") == refusal)
        #expect(run(session, output, ".read /etc/hostname") == refusal)
    }

    @Test func withoutSafeModeAttachWorks() throws {
        let output = ByteOutput(.memory)
        let session = try Session(options: .init(target: .sample(.reminders), mode: .list, colorAllowed: false,
                                                 output: output, diagnostics: output))
        session.run(script: "ATTACH ':memory:' AS scratch;\nSELECT name FROM pragma_database_list WHERE name = 'scratch';", origin: nil, policy: .continueUnlessBail)
        #expect(output.text == "scratch\n")
    }
}

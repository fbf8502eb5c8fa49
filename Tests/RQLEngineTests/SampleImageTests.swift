import Foundation
import GRDBSQLite
@testable import RQLFuzzChecks
import Testing
@testable import RQLEngine

/// The database file a sample is opened from (`Samples/reminders.sqlite`)
/// holds what its script makes up to its due dates: the same schema, rows
/// and full-text index. `RQL_UPDATE_SAMPLE_IMAGE=1` writes it again from the
/// script (after the script changes); on an unchanged script it changes
/// nothing.
@Suite struct SampleImageTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    @Test(arguments: Sample.allCases.filter { $0.prebuilt != nil })
    func theImageIsWhatTheScriptMakes(sample: Sample) throws {
        let prebuilt = try #require(sample.prebuilt)
        let built = FuzzDatabaseFile("built")
        try SampleImageTests.execute(String(prebuilt.built), in: built.path)
        let imageFile = SampleImageTests.samples.appendingPathComponent("\(sample.rawValue).sqlite")
        if ProcessInfo.processInfo.environment["RQL_UPDATE_SAMPLE_IMAGE"] == "1" {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: built.path))
            if (try? Data(contentsOf: imageFile)) != bytes { try bytes.write(to: imageFile, options: .atomic) }
            return
        }
        let image = FuzzDatabaseFile("image")
        try Data(prebuilt.image).write(to: URL(fileURLWithPath: image.path))
        #expect(DumpContents.text(of: image) == DumpContents.text(of: built),
                "the image differs from the script: RQL_UPDATE_SAMPLE_IMAGE=1 swift test --filter SampleImageTests writes it again")
        #expect(DumpContents.text(of: built).contains("schema\n"))
        #expect(SampleImageTests.header(of: image) == SampleImageTests.header(of: built))
    }

    @Test func theScriptIsTheImageThenItsDueDates() throws {
        let prebuilt = try #require(Sample.reminders.prebuilt)
        #expect(String(prebuilt.built + prebuilt.opening) == Sample.reminders.script)
        #expect(prebuilt.opening.hasPrefix("\n-- Due dates, relative to the clock"))
        #expect(!prebuilt.opening.contains("CREATE") && !prebuilt.opening.contains("INSERT"))
        #expect(Sample.employees.prebuilt == nil && Sample.attachments.prebuilt == nil)
    }

    /// The sample opened from its image has every due date the script sets,
    /// from the session's clock, and none where the script sets none.
    @Test func dueDatesFollowTheClock() throws {
        let s = try TestSession(clock: ManualClock(Date(timeIntervalSince1970: 1_710_063_000)))  // 2024-03-10T09:30:00Z
        #expect(s.value("SELECT group_concat(coalesce(dueDate, '-'), ',') FROM (SELECT dueDate FROM reminders ORDER BY id);") == """
            -,2024-03-08 09:30:00.000,2024-03-10 09:30:00.000,2023-09-02 09:30:00.000,2024-03-10 09:30:00.000,\
            2024-03-12 09:30:00.000,2024-03-08 09:30:00.000,2024-03-14 09:30:00.000,2024-03-12 09:30:00.000,\
            2024-03-08 09:30:00.000,2024-03-12 09:30:00.000
            """)
        #expect(s.value("SELECT file FROM pragma_database_list WHERE name = 'main';") == "")
        #expect(s.value("PRAGMA schema_version;") == "25")
    }

    /// What a database's header says that its rows do not: the schema
    /// version (which `PRAGMA schema_version` shows, and the migrations
    /// lesson reads), the user version, the page size, the encoding.
    static func header(of database: FuzzDatabaseFile) -> String? {
        database.reading { query in
            ["schema_version", "user_version", "application_id", "page_size", "encoding", "auto_vacuum"]
                .map { pragma in "\(pragma) " + query("PRAGMA \(pragma)").description }.joined(separator: "\n")
        }
    }

    /// Safe mode's defensive flag, lifted to set the schema version as the
    /// sample opens, holds again after.
    @Test func safeModeStaysDefensive() throws {
        let s = try TestSession(safe: true)
        #expect(s.value("PRAGMA schema_version;") == "25")
        s.run("PRAGMA schema_version = 3;")
        #expect(s.value("PRAGMA schema_version;") == "25")
    }

    /// Runs `script` on a plain connection to the file at `path`.
    static func execute(_ script: String, in path: String) throws {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw CommandError(.cannotOpen(path, reason: "SQLite refused it"))
        }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(connection, script, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw CommandError(.cannotOpen(path, reason: message.map { String(cString: $0) } ?? "SQLite refused the script"))
        }
    }
}

import Foundation
import Testing
import RQLFuzzChecks

/// A fixed-seed slice of the `.dump` fuzz target (`make fuzz` runs it at
/// length): random databases with hostile names and values, dumped, come
/// back the same read by rql, and read by the sqlite3 shell.
@Suite struct DumpRoundTripTests {
    static let seeds: Range<UInt64> = 0..<300

    @Test func randomDatabasesComeBackThroughRQLAndSqlite3() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-dump-round-trip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var problems: [String] = []
        var loaded: [(seed: UInt64, contents: String)] = []
        var script = ""
        for seed in DumpRoundTripTests.seeds {
            let (dump, contents, found) = DumpRoundTripCheck.roundTrip(DumpRoundTripCheck.input(seed: seed, count: 64 + Int(seed % 7) * 64))
            problems += found.map { "seed \(seed): \($0)" }
            // Only a dump that rql reads as SQL alone goes to sqlite3, each into a file of its own.
            guard found.isEmpty else { continue }
            script += ".open '\(folder.appendingPathComponent("\(seed).sqlite").path)'\nPRAGMA synchronous=OFF;\n" + dump
            loaded.append((seed, contents))
        }
        if SQLiteShell.isAvailable {
            let said = try SQLiteShell.run(script, in: folder)
            if !said.isEmpty { problems.append("sqlite3 said: \(said)") }
            for (seed, contents) in loaded
            where DumpRoundTripCheck.contents(ofFile: folder.appendingPathComponent("\(seed).sqlite").path) != contents {
                problems.append("seed \(seed): the database sqlite3 read from the dump differs")
            }
        }
        #expect(loaded.count > DumpRoundTripTests.seeds.count / 2)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(5).joined(separator: "\n\n"))")
    }
}

/// The sqlite3 shell, reading a script on its standard input.
enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// What the shell wrote while it read `script`.
    static func run(_ script: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("script.sql")
        try Data(script.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.standardInput = try FileHandle(forReadingFrom: file)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let said = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: said, as: UTF8.self)
    }
}

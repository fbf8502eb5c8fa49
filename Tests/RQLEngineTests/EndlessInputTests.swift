import Foundation
import Testing
@testable import RQLEngine

/// Input that never ends a line or a command (`rql < /dev/zero`, `.read
/// /dev/urandom`, `yes SELECT 1 | rql`) stops with an error, and what is
/// held of it stays bounded. The limits are lowered here; rql's are SQLite's
/// limit on a statement and 1 GiB for a file read whole.
@Suite struct EndlessInputTests {
    /// A file holding `bytes`, open for reading; removed once opened.
    func input(_ bytes: [UInt8]) throws -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-input-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return open(path, O_RDONLY)
    }

    @Test func linesComeWithoutTheirEndsAsReadLineGivesThem() throws {
        let long = String(repeating: "é", count: 50_000)  // 100,000 bytes: lines across reads
        let descriptor = try input(Array("a\nb\r\n\n\(long)\nZoë 東京 🎉".utf8))
        defer { close(descriptor) }
        let lines = InputLines(descriptor: descriptor)
        #expect(Array(lines) == ["a", "b", "", long, "Zoë 東京 🎉"])
        #expect(lines.tooLongLine == nil)
    }

    @Test func aLineLongerThanTheLimitEndsTheLines() throws {
        let descriptor = open("/dev/zero", O_RDONLY)
        defer { close(descriptor) }
        let lines = InputLines(descriptor: descriptor, maximumBytes: 1 << 20)
        #expect(Array(lines).isEmpty)
        #expect(lines.tooLongLine == 1)
    }

    @Test func aScriptOnStandardInputStopsThereWithTheLine() throws {
        let descriptor = try input(Array("SELECT 1;\nSELECT 2;\n".utf8) + Array(repeating: 0x78, count: 3 << 20))
        defer { close(descriptor) }
        let test = try TestSession.inMemory("")
        let result = test.session.run(input: InputLines(descriptor: descriptor, maximumBytes: 1 << 20), origin: "stdin",
                                      policy: .continueUnlessBail)
        #expect(result == ScriptResult(commands: 2, failures: 1, stopped: true))
        #expect(test.errors.text == """
            stdin:3: error: a line or command runs past 1,048,576 bytes, longer than SQLite runs a statement; the rest is not read

            """)
    }

    /// Short lines that never end a statement (`yes SELECT 1 | rql`).
    @Test func aCommandThatNeverEndsStopsTheScript() throws {
        let test = try TestSession.inMemory("")
        let lines = ["SELECT 1;"] + Array(repeating: "SELECT 1", count: 100)
        let result = test.session.run(lines: lines, origin: "script.sql", policy: .continueUnlessBail, maximumCommandBytes: 200)
        #expect(result == ScriptResult(commands: 1, failures: 1, stopped: true))
        #expect(test.output.text == "1\n")
        #expect(test.errors.text.hasPrefix("script.sql:2: error: a line or command runs past 200 bytes"))
    }

    @Test func aDeviceIsReadWholeOnlyUpToTheLimit() {
        #expect(throws: InputFileError.self) { try InputFile.read("/dev/zero", maximumBytes: 1 << 20) }
        do {
            _ = try InputFile.read("/dev/urandom", maximumBytes: 1 << 20)
        } catch {
            #expect(error.description == "cannot read /dev/urandom: it holds more than 1 MiB, more than rql reads at once "
                    + "(a larger SQL script can come on standard input)")
        }
    }

    /// `.import` holds one record at a time: a record that never ends, or
    /// has more fields than a table can have columns, is an error.
    @Test func anImportedRecordIsBoundedToo() throws {
        var csv = CSVReader(try ImportSource(path: "/dev/zero"), separator: UInt8(ascii: ","), maximumRecordBytes: 1 << 20)
        let fromCSV = #expect(throws: CommandError.self) { _ = try csv.next() }
        #expect(fromCSV?.location == "/dev/zero:1")
        #expect(fromCSV?.message == "a record runs past 1,048,576 bytes, more than SQLite stores in a row")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-long-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Array("[{\"a\": \"".utf8) +
                 Array(String(repeating: "é", count: 1 << 20).utf8)).write(to: URL(fileURLWithPath: path))
        var json = JSONRecordReader(try ImportSource(path: path), maximumRecordBytes: 1 << 20)
        let fromJSON = #expect(throws: CommandError.self) { _ = try json.next() }
        #expect(fromJSON?.location == "\(path):1")
        #expect(fromJSON?.message == "a record runs past 1,048,576 bytes, more than SQLite stores in a row")
        let commas = FileManager.default.temporaryDirectory.appendingPathComponent("rql-commas-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: commas) }
        try Data(String(repeating: ",", count: 200_000).utf8).write(to: URL(fileURLWithPath: commas))
        let test = try TestSession.inMemory("")
        #expect(test.run(".import '\(commas)' t").errors
                == "\(commas):1: error: a record has more than 32,767 fields, more columns than a SQLite table can have\n")
    }
}


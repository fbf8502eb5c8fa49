import Foundation
import Testing
import RQLEngine

/// The SQL each DSL query of `Tests/GoldenSQL/*.golden` compiles to on the
/// Reminders sample, pinned: a change to the compiler that changes its SQL
/// shows as a diff of these files. `make goldens` rewrites them from the
/// compiler as it is (`RQL_UPDATE_GOLDENS=1`); on an unchanged compiler it
/// changes nothing.
///
/// A file: comment lines (`-- …`) first, then entries separated by blank
/// lines. An entry is one command at the start of a line, then what it
/// gives, each line indented by four spaces: the SQL (values written in),
/// the error with its caret and notes, or `(a definition)`. A dot-command
/// (`.parameter set …`) runs and records nothing.
@Suite struct GoldenSQLTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("GoldenSQL")

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".golden") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static var updates: Bool { ProcessInfo.processInfo.environment["RQL_UPDATE_GOLDENS"] == "1" }

    @Test func thereAreAtLeastTwoHundredQueries() throws {
        let count = try GoldenSQLTests.files.reduce(0) { total, file in
            total + GoldenFile.parse(try String(contentsOf: file, encoding: .utf8)).entries
                .filter { !$0.command.hasPrefix(".") }.count
        }
        #expect(count >= 200)
    }

    @Test(arguments: GoldenSQLTests.files.map(\.lastPathComponent))
    func theCompilerWritesTheGoldenSQL(name: String) throws {
        let file = GoldenSQLTests.folder.appendingPathComponent(name)
        let stored = try String(contentsOf: file, encoding: .utf8)
        var golden = GoldenFile.parse(stored)
        let test = try TestSession(mode: .list)
        for index in golden.entries.indices {
            golden.entries[index].output = GoldenSQLTests.output(of: golden.entries[index].command, in: test)
        }
        let written = golden.text
        if GoldenSQLTests.updates {
            if written != stored { try written.write(to: file, atomically: true, encoding: .utf8) }
            return
        }
        let old = GoldenFile.parse(stored).entries
        let changed = zip(old, golden.entries).filter { $0.output != $1.output }
        #expect(old.count == golden.entries.count)
        #expect(changed.isEmpty, """
            \(changed.count) queries of \(name) compile to other SQL now (make goldens rewrites the file):
            \(changed.prefix(3).map { "\($0.command)\nwas:\n\($0.output.joined(separator: "\n"))\nnow:\n\($1.output.joined(separator: "\n"))" }
                .joined(separator: "\n\n"))
            """)
    }

    /// What `command` gives: its SQL, its error, `(a definition)`, or
    /// nothing for a dot-command.
    static func output(of command: String, in test: TestSession) -> [String] {
        test.errors.clear()
        if command.hasPrefix(".") {
            test.session.execute(Command(.dot, command))
            return []
        }
        guard let sql = test.session.sql(forDSL: command) else {
            return test.errors.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .reversed().drop { $0.isEmpty }.reversed()
        }
        return sql.isEmpty ? ["(a definition)"] : sql.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// A golden file's text as comments and entries, and back.
struct GoldenFile {
    struct Entry {
        var command: String
        var output: [String]
    }

    var comments: [String] = []
    var entries: [Entry] = []

    static let indent = "    "

    static func parse(_ text: String) -> GoldenFile {
        var file = GoldenFile()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(indent), !file.entries.isEmpty {
                file.entries[file.entries.count - 1].output.append(String(line.dropFirst(indent.count)))
            } else if line.hasPrefix("--"), file.entries.isEmpty {
                file.comments.append(line)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                file.entries.append(Entry(command: line, output: []))
            }
        }
        return file
    }

    var text: String {
        var text = comments.joined(separator: "\n") + "\n"
        for entry in entries {
            text += "\n" + entry.command + "\n"
            text += entry.output.map { $0.isEmpty ? "\n" : GoldenFile.indent + $0 + "\n" }.joined()
        }
        return text
    }
}

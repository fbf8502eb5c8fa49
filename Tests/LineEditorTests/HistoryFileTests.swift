import Foundation
import Testing
@testable import LineEditor

@Suite struct HistoryFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-history-\(UUID().uuidString)").path

    @Test func aMultiLineEntryStaysOneEntry() throws {
        let file = HistoryFile(path: folder + "/rql/history")
        let trigger = "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  SELECT 1;\n  SELECT '\\n';\nEND;"
        try file.append(["SELECT 1;", trigger])
        #expect(file.load() == ["SELECT 1;", trigger])
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2)
    }

    @Test func aWindowsLineEndInsideAnEntryIsEscapedToo() throws {
        let file = HistoryFile(path: folder + "/history")
        let pasted = "SELECT 1\r\nFROM t; -- café \\ 東京"
        try file.append([pasted, "SELECT 2;"])
        #expect(file.load() == [pasted, "SELECT 2;"])
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text == "SELECT 1\\r\\nFROM t; -- café \\\\ 東京\nSELECT 2;\n")
    }

    @Test func savingAddsToWhatAnotherSessionSaved() throws {
        let path = folder + "/history"
        try HistoryFile(path: path).append(["first"])
        try HistoryFile(path: path).append(["second"])
        #expect(HistoryFile(path: path).load() == ["first", "second"])
    }

    @Test func theFileKeepsTheNewestEntriesUpToItsCapacity() throws {
        let file = HistoryFile(path: folder + "/history", capacity: 3)
        try file.append(["1", "2"])
        try file.append(["3", "4", "5"])
        #expect(file.load() == ["3", "4", "5"])
    }

    @Test func savingAppendsUntilTheFileHoldsACapacityAndAQuarter() throws {
        let file = HistoryFile(path: folder + "/history", capacity: 4)
        try file.append(["1", "2", "3", "4"])
        let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        try file.append(["5"])
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "1\n2\n3\n4\n5\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == inode)
        #expect(file.load() == ["2", "3", "4", "5"])
        try file.append(["6"])
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "3\n4\n5\n6\n")
    }

    @Test func anEntryIsNotGluedToALastLineWithoutNewline() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = HistoryFile(path: folder + "/history")
        try Data("SELECT 1;".utf8).write(to: URL(fileURLWithPath: file.path))
        try file.append(["SELECT 2;"])
        #expect(file.load() == ["SELECT 1;", "SELECT 2;"])
    }

    @Test func appendingWritesThroughALink() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = folder + "/kept-history"
        try HistoryFile(path: target).append(["first"])
        try FileManager.default.createSymbolicLink(atPath: folder + "/history", withDestinationPath: target)
        try HistoryFile(path: folder + "/history").append(["second"])
        #expect(HistoryFile(path: target).load() == ["first", "second"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/history") == target)
    }

    @Test func theFileIsPrivateAndNoTemporaryFileStays() throws {
        let file = HistoryFile(path: folder + "/history")
        try file.append(["SELECT secret;"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["history", "history.lock"])
    }

    @Test func sessionsSavingAtOnceKeepAllTheirEntries() throws {
        let path = folder + "/history"
        let sessions = 4, entries = 30
        DispatchQueue.concurrentPerform(iterations: sessions) { session in
            let file = HistoryFile(path: path)
            for entry in 0..<entries { try? file.append(["SELECT \(session), \(entry);"]) }
        }
        let saved = HistoryFile(path: path).load()
        #expect(saved.count == sessions * entries)
        for session in 0..<sessions {
            let own = saved.filter { $0.hasPrefix("SELECT \(session),") }
            #expect(own == (0..<entries).map { "SELECT \(session), \($0);" })
        }
    }

    @Test func aMissingFileHasNoEntries() {
        #expect(HistoryFile(path: folder + "/none").load() == [])
    }

    @Test func anUnwritableFolderIsAClearError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))
        let error = #expect(throws: (any Error).self) { try HistoryFile(path: folder + "/file/history").append(["x"]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains(folder + "/file"))
    }

    @Test func theDefaultPathFollowsXDGStateHome() {
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/rql/history")
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.rql_history")
        #expect(HistoryFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.rql_history")
        #expect(HistoryFile.defaultPath(environment: [:]) == nil)
    }
}

@Suite struct CompletionReplacementTests {
    @Test func oneCandidateIsCompletedWithASpace() {
        #expect(LineEditor.Completion(word: ".trig", candidates: [".triggers"]).replacement() == ".triggers ")
    }

    @Test func aQualifierIsCompletedWithoutASpace() {
        #expect(LineEditor.Completion(word: "remi", candidates: ["reminders."]).replacement() == "reminders.")
        #expect(LineEditor.Completion(word: "reminders.", candidates: ["reminders."]).replacement() == nil)
    }

    @Test func severalCandidatesShareTheirPrefix() {
        let completion = LineEditor.Completion(word: "rem", candidates: ["reminders", "remindersLists", "remindersTags"])
        #expect(completion.replacement() == "reminders")
    }

    @Test func theSharedPrefixIgnoresCase() {
        #expect(LineEditor.Completion(word: "sel", candidates: ["select", "SELF"]).replacement() == nil)
        #expect(LineEditor.Completion(word: "a", candidates: ["Album", "ALBUMID"]).replacement() == "Album")
    }

    @Test func nothingToAddListsInstead() {
        #expect(LineEditor.Completion(word: "re", candidates: ["reminders", "remindersLists"]).replacement() == "reminders")
        #expect(LineEditor.Completion(word: "reminders", candidates: ["reminders", "remindersLists"]).replacement() == nil)
        #expect(LineEditor.Completion(word: "x", candidates: []).replacement() == nil)
    }
}

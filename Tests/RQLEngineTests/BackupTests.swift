import Foundation
import Testing
import RQLEngine

/// `.backup`/`.save`, `.restore` and `.databases`: the session's databases
/// to and from files with SQLite's backup API, and what is open.
@Suite final class BackupTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-backup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A FIFO, a device or a folder is refused at once: opening a FIFO to
    /// look at it would wait for a writer forever.
    @Test(arguments: [false, true])
    func onlyARegularFileOrANewNameIsWritten(force: Bool) throws {
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let test = try TestSession()
        let flag = force ? "--force " : ""
        for target in [fifo, "/dev/null", folder] {
            #expect(test.run(".save \(flag)\(target)").errors
                == "error: cannot save to \(target): it is not a regular file\nnote: .backup and .save write a database file, or a new one\n")
        }
    }

    @Test func theSampleSavedIsAFileThatRestoresIntoAnotherSession() throws {
        let saved = folder + "/saved.sqlite"
        let sample = try TestSession()
        sample.run("UPDATE reminders SET title = 'Café 東京 🎉' WHERE rowid = 1;")
        #expect(sample.run(".save \(saved)").output == "saved main to \(saved)\n")
        let other = try TestSession.inMemory("CREATE TABLE gone (x);")
        #expect(other.run(".restore \(saved)").output == "restored main from \(saved)\n")
        #expect(other.run("SELECT title FROM reminders WHERE rowid = 1;").output == "Café 東京 🎉\n")
        #expect(other.run(".tables gone").output == "")
    }

    @Test func anAttachedDatabaseIsBackedUpByName() throws {
        let attached = folder + "/attached.sqlite"
        let copy = folder + "/copy.sqlite"
        let test = try TestSession.inMemory("ATTACH '\(attached)' AS other; CREATE TABLE other.t (x); INSERT INTO other.t VALUES (42);")
        #expect(test.run(".backup other \(copy)").output == "saved other to \(copy)\n")
        let check = try TestSession(.file(path: copy, readonly: true))
        #expect(check.run("SELECT x FROM t;").output == "42\n")
        #expect(test.run(".backup nowhere \(copy)").errors == "error: no database named nowhere\ndatabases: main other\n")
    }

    @Test func aFileThatIsNotADatabaseIsReplacedOnlyWithForce() throws {
        let text = folder + "/notes.txt"
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: text))
        let test = try TestSession()
        #expect(test.run(".backup \(text)").errors
                == "error: \(text) is not an SQLite database; .backup would replace it\nhelp: .backup --force \(text) replaces it\n")
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "my notes")
        #expect(test.run(".backup --force \(text)").errors == "")
        #expect(test.run(".restore \(text)").errors == "")
        let link = folder + "/link.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: text)
        #expect(test.run(".save \(link)").errors == "")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == text)
    }

    @Test(arguments: [
        (".restore /nowhere/none.sqlite", "error: cannot open /nowhere/none.sqlite: unable to open database file\n"),
        (".backup a b c", "error: usage: .backup [DB] [--force] FILE\n.help backup explains it\n"),
        (".restore --force a.sqlite", "error: no database named --force\ndatabases: main temp\n"),
    ])
    func errors(command: String, error: String) throws {
        #expect(try TestSession().run(command).errors == error)
    }

    @Test func aRestoreOfSomethingElseSaysSo() throws {
        let text = folder + "/notes.txt"
        try Data("my notes, long enough to be read as a header".utf8).write(to: URL(fileURLWithPath: text))
        let test = try TestSession()
        #expect(test.run(".restore \(text)").errors == "error: cannot copy to or from \(text): it is not an SQLite database\n")
        test.run("BEGIN;")
        #expect(test.run(".restore \(text)").errors == "error: .restore cannot run inside a transaction\nCOMMIT or ROLLBACK first\n")
    }

    @Test func databasesListsEachWithItsFileAccessAndJournal() throws {
        let attached = folder + "/attached.sqlite"
        let test = try TestSession.inMemory("ATTACH '\(attached)' AS other; ATTACH '' AS scratch;")
        let pad = String(repeating: " ", count: attached.count - 11)
        #expect(test.run(".databases").output == """
            main     (in memory)\(pad)  read/write, journal memory
            temp     (temporary)\(pad)  read/write, journal delete
            other    \(attached)  read/write, journal delete
            scratch  (temporary)\(pad)  read/write, journal delete

            """)
    }

    @Test func safeModeRefusesThem() throws {
        for command in [".backup x.sqlite", ".save x.sqlite", ".restore x.sqlite", ".import x.csv t"] {
            let test = try TestSession(safe: true)
            #expect(test.run(command).errors.hasPrefix("error: refused by safe mode: \(command.split(separator: " ")[0]) would reach a file"))
        }
    }
}

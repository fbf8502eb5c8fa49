import Foundation
import Testing
import RQLEngine

/// `.connection` and `.scratch`: a second connection to the same database,
/// SQLite's locks between two connections, each message in rql's words.
@Suite struct ConnectionTests {
    static let flagGroceries = "UPDATE reminders SET isFlagged = 1 WHERE title = 'Groceries';"
    static let flagTrash = "UPDATE reminders SET isFlagged = 1 WHERE title = 'Take out trash';"
    static let countFlagged = "SELECT count(*) FROM reminders WHERE isFlagged;"

    @Test func aDatabaseInMemoryHasOneConnection() throws {
        let test = try TestSession()
        let result = test.run(".connection 1\n.connection")
        #expect(result.errors == """
            error: connection 1 cannot open reminders: it is in memory, where no other connection can reach it
            .scratch copies it into a temporary file that connections can share

            """)
        #expect(result.output == "* 0  reminders\n")
    }

    /// A write transaction on connection 0 makes connection 1's write wait
    /// its busy timeout and fail, naming the connection that holds the
    /// lock; reads go on and see what was committed; after COMMIT the
    /// write goes through. The DSL and the sample's definitions work on the
    /// scratch copy.
    @Test func twoConnectionsToAScratchCopyMeetEachOthersLocks() throws {
        let test = try TestSession(safe: true)
        let result = test.run("""
            .scratch
            .connection 1
            .timeout 50
            .connection 0
            BEGIN IMMEDIATE;
            \(Self.flagGroceries)
            .connection
            .connection 1
            \(Self.flagTrash)
            \(Self.countFlagged)
            .connection 0
            COMMIT;
            .connection 1
            \(Self.flagTrash)
            reminders | where isFlagged | count
            """)
        #expect(result.errors == """
            error: database is locked
            note: connection 0 of this session holds a write transaction on it (.connection 0, then COMMIT or ROLLBACK)

            """)
        #expect(result.output == """
            * 0  reminders  (a write transaction is open)
              1  reminders
            2
            4

            """)
    }

    /// A connection that has read in its transaction fails its first write
    /// at once, whatever its timeout: waiting could deadlock.
    @Test func aReaderThatWritesFailsAtOnce() throws {
        let test = try TestSession()
        let result = test.run("""
            .scratch
            .connection 1
            .timeout 60000
            BEGIN;
            \(Self.countFlagged)
            .connection 0
            BEGIN IMMEDIATE;
            \(Self.flagGroceries)
            .connection 1
            \(Self.flagTrash)
            .connection
            """)
        #expect(result.errors.hasPrefix("error: database is locked\nnote: connection 0 of this session"))
        #expect(result.errors.hasSuffix("note: the transaction is still open (COMMIT or ROLLBACK to end it)\n"))
        #expect(result.output.hasSuffix("""
              0  reminders  (a write transaction is open)
            * 1  reminders  (a read transaction is open)

            """))
    }

    @Test(arguments: [
        (".connection 1\n.connection 0\n.connection close 0",
         "error: connection 0 is the active one\n.connection N switches to another first\n"),
        (".connection close 7", "error: no connection 7\n.connection lists them\n"),
        (".connection 12", "error: .connection takes a number from 0 to 9, not \"12\"\n"),
        (".connection x", "error: .connection takes a number from 0 to 9, not \"x\"\n"),
        (".connection open 1", "error: usage: .connection [N | close N]\n.help connection explains it\n"),
    ])
    func badArgumentsAreSaid(script: String, errors: String) throws {
        let test = try TestSession()
        #expect(test.run(".scratch\n" + script).errors == errors)
    }

    /// Scratch files live in a private folder that closing the session removes.
    @Test func theScratchFolderIsPrivateAndGoesWithTheSession() throws {
        let test = try TestSession()
        test.session.run(script: ".scratch", origin: nil, policy: .continueUnlessBail)
        guard case .scratch(let file, .sample(.reminders)) = test.session.target else {
            Issue.record("not a scratch copy of the sample: \(test.session.target)")
            return
        }
        let folder = (file as NSString).deletingLastPathComponent
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
        #expect(FileManager.default.fileExists(atPath: file))
        test.session.close()
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// A reader holds up a commit in the rollback journal, and rql names
    /// it; in WAL mode the commit goes through and the reader keeps reading
    /// what it first read until its transaction ends.
    @Test func aReaderHoldsUpACommitUnlessWAL() throws {
        let test = try TestSession()
        let result = test.run("""
            .scratch
            .connection 1
            BEGIN;
            \(Self.countFlagged)
            .connection 0
            PRAGMA busy_timeout = 20;
            BEGIN IMMEDIATE;
            \(Self.flagGroceries)
            COMMIT;
            ROLLBACK;
            .connection 1
            COMMIT;
            .connection 0
            PRAGMA journal_mode = WAL;
            .connection 1
            BEGIN;
            \(Self.countFlagged)
            .connection 0
            \(Self.flagGroceries)
            .connection 1
            \(Self.countFlagged)
            COMMIT;
            \(Self.countFlagged)
            """)
        #expect(result.errors == """
            error: database is locked
            note: connection 1 of this session holds a read transaction on it (.connection 1, then COMMIT or ROLLBACK)
            note: the transaction is still open (COMMIT or ROLLBACK to end it)

            """)
        #expect(result.output == "2\n20\nwal\n2\n2\n3\n")
    }
}

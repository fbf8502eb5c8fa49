import Foundation
import Testing
import RQLEngine

/// A script reads the same whichever way it comes to rql, and as it reads in sqlite3.
@Suite(.enabled(if: SQLiteShell.isAvailable, "needs sqlite3"))
struct LineEndTests {
    /// A line ends at its LF, and a CR before it belongs to the line's end,
    /// whether the script comes on standard input or through .read, as in
    /// sqlite3.
    @Test func aCRBeforeALineFeedEndsTheLineInEveryReader() throws {
        let script = "CREATE TABLE t (v);\r\nINSERT INTO t VALUES ('a\r\nb');\r\n"
        let loads = DumpLoads(dump: script)
        defer { loads.removeFiles() }
        for (reader, session, messages) in try loads.all() {
            #expect(messages == "")
            #expect(session.value("SELECT hex(v) FROM t;") == "610A62", "\(reader)")
        }
    }
}

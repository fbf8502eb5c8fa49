import Foundation
import RQLEngine
import RQLRender
import Testing

/// Output that does not arrive (a full disk: `/dev/full`) fails the command
/// that wrote it, with the reason.
@Suite struct WriteErrorTests {
    /// A session whose standard output is `/dev/full`.
    private func sessionOnAFullDisk() throws -> (session: Session, errors: ByteOutput) {
        let console = ByteOutput(.fileDescriptor(open("/dev/full", O_WRONLY | O_CLOEXEC), closes: true),
                                 name: "standard output")
        let errors = ByteOutput(.memory)
        let session = try Session(options: .init(mode: .list, colorAllowed: false, output: console, diagnostics: errors))
        return (session, errors)
    }

    @Test func aResultThatDoesNotReachStandardOutputFailsItsCommand() throws {
        let (session, errors) = try sessionOnAFullDisk()
        #expect(!session.execute(Command(.sql, "SELECT 1;")).succeeded)
        #expect(errors.text == "error: cannot write standard output: No space left on device\n")
        errors.clear()
        #expect(session.execute(Command(.dot, ".mode csv")).succeeded)
        #expect(session.close())
        #expect(errors.text == "")
    }

    @Test func aResultLargerThanTheBufferIsReportedOnce() throws {
        let (session, errors) = try sessionOnAFullDisk()
        let rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) SELECT x FROM c;"
        #expect(!session.execute(Command(.sql, rows)).succeeded)
        #expect(errors.text == "error: cannot write standard output: No space left on device\n")
    }

    @Test func outputAndOnceToAFullDiskFailTheCommandsThatWrite() throws {
        let s = try TestSession()
        let ran = s.run(".output /dev/full\nSELECT 1;\n.mode csv\nSELECT 2;\n.output\n.once /dev/full\nSELECT 3;\nSELECT 4;")
        #expect(ran.errors == String(repeating: "error: cannot write /dev/full: No space left on device\n", count: 3))
        #expect(ran.result.failures == 3)
        #expect(ran.output == "4\n")
    }

    @Test func aScriptNamesTheLineWhoseOutputWasLost() throws {
        let (session, errors) = try sessionOnAFullDisk()
        #expect(!session.run(script: ".mode csv\nSELECT 1;", origin: "stdin", policy: .continueUnlessBail).succeeded)
        #expect(errors.text == "stdin:2: error: cannot write standard output: No space left on device\n")
    }
}

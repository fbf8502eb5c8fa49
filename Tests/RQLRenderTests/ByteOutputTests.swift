import Foundation
import Testing
@testable import RQLRender

@Suite struct ByteOutputTests {
    @Test func aFailedWriteIsThrownOnceAndLaterBytesAreTriedAgain() throws {
        let output = ByteOutput(.fileDescriptor(open("/dev/full", O_WRONLY | O_CLOEXEC), closes: true), name: "/dev/full")
        defer { output.close() }
        output.write("lost\n")
        let error = #expect(throws: ByteOutput.WriteError.self) { try output.checkWrites() }
        #expect(error?.description == "cannot write /dev/full: No space left on device")
        try output.checkWrites()
        output.write("lost again\n")
        #expect(throws: ByteOutput.WriteError.self) { try output.checkWrites() }
    }

    @Test func bytesThatArriveAreNoFailure() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-\(UUID().uuidString).txt").path
        defer { unlink(path) }
        let output = ByteOutput(.fileDescriptor(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600), closes: true), name: path)
        output.write("kept\n")
        try output.checkWrites()
        output.close()
        try output.checkWrites()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
    }
}

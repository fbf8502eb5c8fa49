import Foundation
import Testing
@testable import RQLEngine

/// Bytes of a script that are not UTF-8 reach SQLite as they were.
@Suite struct ForeignBytesTests {
    static let latin1: [UInt8] = Array("SELECT hex('Z".utf8) + [0xFC] + Array("rich'), 'caf".utf8) + [0xE9] + Array("''s' AS \"n".utf8)
        + [0xE9] + Array("\" -- \u{1F600} ".utf8) + [0xFF] + Array(";".utf8)

    @Test func aLiteralWithBytesThatAreNotUTF8IsTheirCast() {
        let text = ForeignBytes.decode(ForeignBytesTests.latin1)
        #expect(ForeignBytes.decodedSQL(text)
            == "SELECT hex((CAST(x'5AFC72696368' AS TEXT))), (CAST(x'636166E92773' AS TEXT)) AS \"n\u{FFFD}\" -- \u{1F600} \u{FFFD};")
    }

    /// A noncharacter that stands for no byte (one alone) is text like any other.
    static let lone = String(Character(Unicode.Scalar(0xFDD0) ?? "?"))

    @Test(arguments: ["SELECT 'Zoë 東京 🎉', x'00FF';", "SELECT '\(lone)', '\(lone)x', 'it''s';", "SELECT 'never closed"])
    func textThatIsUTF8IsLeftAsItIs(sql: String) {
        #expect(ForeignBytes.decode(Array(sql.utf8)) == sql)
        #expect(ForeignBytes.decodedSQL(sql) == sql)
    }

    /// Every byte sequence comes back whole through a literal.
    @Test func everyByteRoundTrips() throws {
        let bytes = (0x20...0xFF).map(UInt8.init).filter { $0 != 0x27 } + [0xED, 0xA0, 0x80, 0xC0, 0x80, 0xF4, 0x90, 0x80, 0x80]
        let script = Array("SELECT hex('".utf8) + bytes + Array("');".utf8)
        let test = try TestSession.inMemory("")
        let hex = bytes.map { String(format: "%02X", $0) }.joined()
        #expect(test.value(ForeignBytes.decode(script)) == hex)
    }
}

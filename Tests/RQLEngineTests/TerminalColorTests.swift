import Foundation
import Testing
import RQLEngine
import RQLRender

/// Colors go to a terminal only, and never when they are not allowed.
@Suite struct TerminalColorTests {
    func session(terminal: Bool, colorAllowed: Bool) throws -> (Session, ByteOutput, ByteOutput) {
        let output = ByteOutput(.memory, isTerminal: terminal)
        let errors = ByteOutput(.memory, isTerminal: terminal)
        let session = try Session(options: .init(colorAllowed: colorAllowed, output: output, diagnostics: errors))
        return (session, output, errors)
    }

    @Test func echoedSQLHasItsKeywordsHighlighted() throws {
        let (session, output, _) = try session(terminal: true, colorAllowed: true)
        session.run(script: ".echo on\nSELECT 'select' AS title;", origin: nil, policy: .stop)
        #expect(output.text.hasPrefix("\u{1B}[36mSELECT\u{1B}[0m 'select' \u{1B}[36mAS\u{1B}[0m title;\n"))
    }

    @Test func theSQLOfADSLQueryIsHighlightedToo() throws {
        let (session, output, _) = try session(terminal: true, colorAllowed: true)
        session.run(script: ".sql on\ntags | count", origin: nil, policy: .stop)
        #expect(output.text.hasPrefix("\u{1B}[36mSELECT\u{1B}[0m count(*) \u{1B}[36mAS\u{1B}[0m \"count\" \u{1B}[36mFROM\u{1B}[0m \"tags\";\n"))
    }

    @Test func errorsAreRedWithTheirCaret() throws {
        let (session, _, errors) = try session(terminal: true, colorAllowed: true)
        session.run(script: "SELECT nope;", origin: nil, policy: .stop)
        #expect(errors.text == "\u{1B}[31merror:\u{1B}[0m no such column: nope\nSELECT nope;\n\u{1B}[1;31m       ^\u{1B}[0m\n")
    }

    @Test func noColorsOffATerminalOrWhenNotAllowed() throws {
        for (terminal, allowed) in [(false, true), (true, false)] {
            let (session, output, errors) = try session(terminal: terminal, colorAllowed: allowed)
            session.run(script: ".echo on\n.mode box\nSELECT NULL;\nSELECT nope;", origin: nil, policy: .continueUnlessBail)
            #expect(!output.text.contains("\u{1B}") && !errors.text.contains("\u{1B}"))
            #expect(output.text.contains("SELECT NULL;"))
        }
    }
}

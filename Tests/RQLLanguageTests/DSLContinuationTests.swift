import Testing
@testable import RQLLanguage

/// A DSL command read a line at a time leaves open what its whole text
/// leaves open, strings over several lines included.
@Suite struct DSLContinuationTests {
    static func lineByLine(_ lines: [String]) -> [Bool] {
        var continuation = DSLContinuation()
        return lines.map { line in
            continuation.read(line: line)
            return continuation.needsMore
        }
    }

    static func whole(_ lines: [String]) -> [Bool] {
        lines.indices.map { end in
            var continuation = DSLContinuation()
            continuation.read(line: lines[...end].joined(separator: "\n"))
            return continuation.needsMore
        }
    }

    @Test(arguments: [
        ["reminders |", "| where not isCompleted", "| count"],
        ["reminders | where title == 'a", "b", "c' |", "count"],
        ["reminders | select (", "  title,", "  -- a comment", "", "  case when x then 1", "  else 2 end", ")"],
        ["tags | where `odd", "name` == 1 and", "x"],
        ["reminders | where x ==", "'unended"],
        ["reminders | where x = {", "1"],
        ["reminders | select case", "when a then 'x'", "end"],
    ])
    func lineByLineIsTheWholeText(lines: [String]) {
        #expect(DSLContinuationTests.lineByLine(lines) == DSLContinuationTests.whole(lines))
    }

    @Test func openAndClosedExamples() {
        #expect(DSLContinuationTests.lineByLine(["reminders |", "  | count"]) == [true, false])
        #expect(DSLContinuationTests.lineByLine(["reminders | where title == 'a", "b'"]) == [true, false])
        #expect(DSLContinuationTests.lineByLine(["reminders | where (a", "and b"]) == [true, true])
    }

    /// A query of many lines: each line is lexed once, and the answer holds at the end.
    @Test func aQueryOfManyLines() {
        let lines = ["reminders | where"] + Array(repeating: "  x == 1 or", count: 50_000) + ["  x == 2"]
        #expect(DSLContinuationTests.lineByLine(lines).last == false)
    }
}

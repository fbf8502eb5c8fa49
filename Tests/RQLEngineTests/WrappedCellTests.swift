import Testing
import RQLEngine

/// `.mode box --wrap N` through the session: the setting, what `.mode` and
/// `.show` say of it, and a long value of a real database shown whole.
@Suite struct WrappedCellTests {
    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func aLongTrackNameIsShownWholeOnSeveralLines() throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        test.run(".mode box --wrap 20")
        let ran = test.run("SELECT Name, Milliseconds FROM Track WHERE TrackId = 1144;")
        #expect(ran.errors == "")
        let cells = ran.output.split(separator: "\n").dropFirst(3).dropLast()
            .map { $0.split(separator: "│")[0].trimmingCharacters(in: .whitespaces) }
        let whole = test.run(".mode list").output + test.run(".headers off").output + test.run("SELECT Name FROM Track WHERE TrackId = 1144;").output
        #expect(cells.count > 1)
        #expect(cells.joined(separator: " ") + "\n" == whole)
        #expect(ran.output.split(separator: "\n").allSatisfy { $0.count <= 2 + 20 + 3 + 12 + 2 })
    }

    @Test func theSettingIsShownAndKept() throws {
        let test = try TestSession()
        test.run(".mode box --wrap 20")
        #expect(test.run(".mode").output == "mode: box --wrap 20\n")
        test.run(".mode table")
        #expect(test.run(".mode").output == "mode: table --wrap 20\n")
        #expect(test.run(".show").output.contains("mode       table --wrap 20\n"))
        test.run(".mode --wrap 0")
        #expect(test.run(".mode").output == "mode: table\n")
        #expect(test.run(".mode box --wrap wide").errors.hasPrefix("error: --wrap takes a width in columns (0 to cut instead), not \"wide\""))
    }
}

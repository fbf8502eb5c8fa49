import Testing
@testable import RQLRender
import RQLValues

/// What a result log keeps of a result for `rql export --execute`: the
/// rows a box showed, first and last, however long the result.
@Suite struct ResultLogTests {
    func logged(rows count: Int, maxRows: Int, rowLimit: Int = 1_000) throws -> ResultLog.Table? {
        let log = ResultLog(rowLimit: rowLimit)
        var settings = RenderSettings(mode: .box, showsHeaders: true, maxRows: maxRows)
        settings.log = log
        var rows = RowArray(columns: ["n"], rows: (1...count).map { [.integer(Int64($0))] })
        try Renderer.render(&rows, settings: settings, to: ByteOutput(.memory))
        return log.tables.first
    }

    func numbers(_ rows: [[SQLValue]]) -> [Int64] {
        rows.compactMap { if case .integer(let value) = $0.first { value } else { nil } }
    }

    @Test func aCutResultKeepsItsFirstAndLastRowsPastTheLimit() throws {
        let table = try #require(try logged(rows: 2_500, maxRows: 40))
        let shown = try #require(table.shownRows)
        #expect(numbers(shown.head) == Array(1...20) && numbers(shown.tail) == Array(2_481...2_500))
        // Just past the limit, the last rows are partly among the first ones kept.
        let near = try #require(try logged(rows: 1_010, maxRows: 40)?.shownRows)
        #expect(numbers(near.tail) == Array(991...1_010))
    }

    @Test func aWholeResultIsKeptOnlyWhenItFits() throws {
        #expect(try logged(rows: 30, maxRows: 40)?.shownRows.map { numbers($0.head) } == Array(1...30))
        #expect(try logged(rows: 2_500, maxRows: 0)?.shownRows == nil)
        // A limit of more rows than the log keeps: the first ones are not all there.
        #expect(try logged(rows: 5_000, maxRows: 3_000)?.shownRows == nil)
    }
}

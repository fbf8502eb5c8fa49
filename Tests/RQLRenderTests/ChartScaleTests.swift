import Testing
@testable import RQLRender
import RQLValues

/// The scale charts place values on, and the widths they draw at: no real
/// and no width can make a count of cells overflow.
@Suite struct ChartScaleTests {
    @Test func theEndsOfDoubleFallInsideTheScale() {
        let scale = ChartScale(low: -.greatestFiniteMagnitude, high: .greatestFiniteMagnitude)
        #expect(scale.fraction(of: 0) == 0.5)
        #expect(scale.fraction(of: .greatestFiniteMagnitude) == 1 && scale.fraction(of: -.greatestFiniteMagnitude) == 0)
        #expect(scale.share(of: .greatestFiniteMagnitude) == 0.5)
        #expect(scale.cells(scale.share(of: 1e308), of: 100) == 28)
    }

    /// Within Double's range a position is the plain difference over the
    /// length, so a midpoint rounds as it always did (a sparkline of 1, 2, 3
    /// has its middle at level 4 of 7, as `pictures.rql` recorded).
    @Test func ordinaryValuesPlaceByTheirPlainDifference() {
        let scale = ChartScale(low: 1, high: 3)
        #expect(scale.fraction(of: 2) == 0.5 && scale.cells(scale.fraction(of: 2), of: 7) == 4)
        let wide = ChartScale(low: -8.9e307, high: 8.9e307)
        #expect(wide.fraction(of: 0) == 0.5 && wide.share(of: 8.9e307) == 0.5)
    }

    @Test func subnormalsSpreadAndAFlatScalePlacesNothing() {
        let tiny = ChartScale(low: 0, high: 1e-323)
        #expect(tiny.fraction(of: 5e-324) == 0.5)
        let flat = ChartScale(low: 7, high: 7)
        #expect(flat.isFlat && flat.fraction(of: 7) == 0 && flat.share(of: 7) == 0)
    }

    @Test func cellsAreAWholeNumberFromZeroToTheCountForAnyFraction() {
        for fraction in [-.infinity, -1, 0, 0.5, 1, 2, .infinity, .nan, .greatestFiniteMagnitude] as [Double] {
            let cells = ChartScale.cells(fraction, of: Int.max)
            #expect(cells >= 0 && cells <= Int.max, "\(fraction)")
            #expect((0...8).contains(ChartScale.cells(fraction, of: 8, rounding: .down)), "\(fraction)")
        }
        #expect(ChartScale.cells(0.5, of: 9) == 5 && ChartScale.cells(1, of: Int.max) == Int.max)
    }

    /// A width no terminal has (the library's caller may give any): the
    /// chart is drawn at the widest a column may be.
    @Test(arguments: ChartKind.allCases)
    func anyWidthDraws(kind: ChartKind) throws {
        var settings = RenderSettings(mode: .box, showsHeaders: true, maxLineWidth: .max)
        settings.chart = kind
        var rows = RowArray(columns: ["label", "v"], rows: [[.text("a"), .real(-1e308)], [.text("b"), .real(1e308)]])
        let output = ByteOutput(.memory)
        try Renderer.render(&rows, settings: settings, to: output)
        #expect(output.text.split(separator: "\n").allSatisfy { $0.count <= RenderSettings.maximumColumnWidth + 30 })
    }
}

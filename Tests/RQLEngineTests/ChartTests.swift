import Testing
import RQLEngine
import RQLRender
import RQLValues

/// Charts of results: `.chart KIND` for the next command, `chart KIND` as
/// the DSL's last stage; the first column labels, the others are series.
@Suite struct ChartTests {
    func bars(_ output: String) -> [(label: String, cells: Double, value: String)] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let label = parts.first, let value = parts.last else { return nil }
            let blocks = line.unicodeScalars.reduce(0.0) { total, scalar in
                switch scalar {
                case "█": total + 1
                case "▉": total + 7 / 8.0
                case "▊": total + 6 / 8.0
                case "▋": total + 5 / 8.0
                case "▌": total + 4 / 8.0
                case "▍": total + 3 / 8.0
                case "▎": total + 2 / 8.0
                case "▏": total + 1 / 8.0
                default: total
                }
            }
            return (String(label), blocks, String(value))
        }
    }

    @Test func barLengthsAreProportionalToTheValues() throws {
        let test = try TestSession()
        test.session.settings.lineWidth = 60
        let output = test.run("reminders | group by list.title | select list.title, count() as n | order list.title | chart bar").output
        let rows = bars(output)
        #expect(rows.map(\.label) == ["Business", "Family", "Personal"])
        #expect(rows.map(\.value) == ["3", "3", "5"])
        let unit = rows[2].cells / 5
        for row in rows { #expect(abs(row.cells - unit * (Double(row.value) ?? 0)) <= 0.125, "\(row)") }
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 60 })
    }

    @Test func nullIsAGapAndNegativesGoLeftOfTheAxis() throws {
        let test = try TestSession()
        test.session.settings.lineWidth = 40
        let output = test.run(".chart bar\nSELECT 'Zoë', -2 UNION ALL SELECT '東京', NULL UNION ALL SELECT '🎉', 6;").output
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("│ -2"))
        #expect(lines[1].hasSuffix("│"))
        #expect(lines[2].hasSuffix(" 6"))
        // The axis stands in the same column on every line.
        let axis = lines.map { DisplayWidth.of(String($0.prefix { $0 != "│" })) }
        #expect(Set(axis).count == 1, "\(axis)")
    }

    @Test func sparklinesAndColumns() throws {
        let test = try TestSession()
        let spark = test.run(".chart spark\nSELECT value, value * value AS square FROM generate_series(1, 8);").output
        #expect(spark == "square  ▁▁▂▃▄▅▆█  1…64\n")
        let columns = test.run(".chart column\nSELECT 'a', 1 UNION ALL SELECT 'b', 2;").output
        #expect(columns.hasPrefix("2 ┤  █\n"))
        #expect(columns.hasSuffix("  └────\n   1. a\n   2. b\n"))
    }

    @Test func aLineOfBrailleDots() throws {
        let output = try TestSession().run(".chart line\nSELECT value, value AS v FROM generate_series(1, 20);").output
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("20 ┤") == true)
        #expect(lines[7].hasPrefix(" 1 ┤⡀"))
        #expect(lines.last == "    1                  20")
        #expect(output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func whatACannotChartSaysWhy() throws {
        let test = try TestSession()
        #expect(test.run(".chart bar\nSELECT 'x', 'text' AS t;").errors == "error: the column t is not numeric (row 1): a chart draws numbers\n")
        #expect(test.run(".chart bar\nSELECT 1;").errors == "error: a chart needs a label column and at least one numeric column; this result has 1\n")
        #expect(test.run(".chart pie").errors == "error: .chart takes bar, column, line or spark, not \"pie\"\n")
        #expect(test.run("reminders | chart bar | count").errors.hasPrefix("error: `chart` comes last, after every other stage of the query"))
        // Only the next command is charted.
        #expect(test.run(".chart bar\nSELECT 'a', 1;\nSELECT 'a', 1;").output.hasSuffix("a|1\n"))
    }

    /// Results whose reals reach the ends of Double: every chart draws them.
    static let extremeResults = [
        "SELECT 'a', 1.7e308 AS v",
        "SELECT 'a', 1e308 AS v UNION ALL SELECT 'b', -1e308",
        "SELECT 'a', 8.9e307 AS v UNION ALL SELECT 'b', -8.9e307",
        "SELECT 'a', 1.7976931348623157e308 AS v UNION ALL SELECT 'b', -1.7976931348623157e308 UNION ALL SELECT 'c', 0",
        "SELECT 'a', 5e-324 AS v UNION ALL SELECT 'b', 1e-323 UNION ALL SELECT 'c', -5e-324",
        "SELECT 'a', 9223372036854775807 AS v UNION ALL SELECT 'b', -9223372036854775808",
        "SELECT 'a', 1e999 AS v UNION ALL SELECT 'b', -1e999 UNION ALL SELECT 'c', 2",
        "SELECT 'a', 1e999 AS v",
        "SELECT 'a', 7 AS v UNION ALL SELECT 'b', 7 UNION ALL SELECT 'c', 7",
        "SELECT 'a', -3 AS v",
        "SELECT 'a', 1e308 AS v, -1e308 AS w UNION ALL SELECT 'b', NULL, 1.5e-320",
    ]

    @Test(arguments: ChartKind.allCases, extremeResults)
    func hugeAndTinyRealsDraw(kind: ChartKind, sql: String) throws {
        let test = try TestSession()
        test.session.settings.lineWidth = 40
        let run = test.run(".chart \(kind)\n\(sql);")
        #expect(run.errors == "")
        #expect(!run.output.isEmpty)
    }

    @Test(arguments: ChartKind.allCases)
    func theDSLChartsHugeRealsToo(kind: ChartKind) throws {
        let run = try TestSession().run("reminders | order title | limit 3 | select title, v = (priority ?? -1) * 5.9e307 | chart \(kind)")
        #expect(run.errors == "")
        #expect(run.output.contains("e+308"))
    }

    @Test func barsOfOppositeHugeValuesMeetAtTheMiddle() throws {
        let test = try TestSession()
        test.session.settings.lineWidth = 40
        let rows = bars(test.run(".chart bar\nSELECT 'a', 1e308 UNION ALL SELECT 'b', -1e308;").output)
        #expect(rows.map(\.value) == ["1.0e+308", "-1.0e+308"])
        #expect(rows[0].cells == rows[1].cells && rows[0].cells > 5)
    }

    @Test func subnormalsKeepTheirProportions() throws {
        let test = try TestSession()
        test.session.settings.lineWidth = 40
        let rows = bars(test.run(".chart bar\nSELECT 'a', 5e-324 UNION ALL SELECT 'b', 1e-323;").output)
        #expect(rows.count == 2)
        #expect(rows[1].cells > 0 && abs(rows[0].cells * 2 - rows[1].cells) <= 0.125, "\(rows)")
    }

    @Test func theLargestRealIsAFullColumn() throws {
        let output = try TestSession().run(".chart column\nSELECT 'a', 1.7e308 AS v;").output
        #expect(output.hasPrefix("1.7e+308 ┤█\n"))
        #expect(output.contains("       0 ┤█\n"))
    }

    @Test func sparksAndLinesSpanTheWholeDouble() throws {
        let test = try TestSession()
        let spark = test.run(".chart spark\nSELECT 'a', -1e308 AS v UNION ALL SELECT 'b', 0 UNION ALL SELECT 'c', 1e308;").output
        #expect(spark == "v  ▁▅█  -1.0e+308…1.0e+308\n")
        let line = test.run(".chart line\nSELECT 'a', -1e308 AS v UNION ALL SELECT 'b', 1e308;").output
        #expect(line.hasPrefix(" 1.0e+308 ┤ ⠈\n"))
        #expect(line.contains("-1.0e+308 ┤⡀\n"))
    }
}

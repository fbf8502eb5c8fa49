import Foundation
import Testing
@testable import RQLEngine

/// CSV byte-identical to `sqlite3 -csv`, JSON with the same values as
/// `sqlite3 -json`, on Chinook, a database nobody here shaped.
@Suite(.enabled(if: Chinook.isAvailable, "../shared/data/chinook.sqlite is absent"),
       .enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed"))
struct ShellCompatibilityTests {
    static let queries = [
        "SELECT * FROM Artist ORDER BY ArtistId LIMIT 50",
        "SELECT TrackId, Name, Composer, UnitPrice, Milliseconds / 1000.0 AS seconds FROM Track ORDER BY TrackId LIMIT 300",
        "SELECT * FROM Customer ORDER BY CustomerId",
        "SELECT InvoiceId, Total, Total * 1.0725 AS taxed, BillingState FROM Invoice ORDER BY InvoiceId",
        "SELECT e.FirstName || ' ' || e.LastName AS employee, m.FirstName || ' ' || m.LastName AS manager FROM Employee e LEFT JOIN Employee m ON e.ReportsTo = m.EmployeeId ORDER BY e.EmployeeId",
        "WITH RECURSIVE chain(id, name, depth) AS (SELECT EmployeeId, LastName, 0 FROM Employee WHERE ReportsTo IS NULL UNION ALL SELECT e.EmployeeId, e.LastName, depth + 1 FROM Employee e JOIN chain ON e.ReportsTo = chain.id) SELECT * FROM chain ORDER BY depth, id",
        "SELECT Name, length(Name), 'say \"' || Name || '\"' AS quoted FROM Track WHERE Name LIKE '%\"%' OR Name LIKE '%,%' ORDER BY TrackId LIMIT 100",
        "SELECT Name FROM Track WHERE Name GLOB '*[^ -~]*' ORDER BY TrackId LIMIT 100",
        "SELECT g.Name, count(*) AS tracks, avg(t.Milliseconds) AS average, sum(t.UnitPrice) AS revenue FROM Track t JOIN Genre g USING (GenreId) GROUP BY g.GenreId ORDER BY g.GenreId",
        "SELECT 0.1 + 0.2 AS a, 1e15 AS b, 100.0 AS c, -0.0 AS d, 1.0 / 3 AS e, 2e-7 AS f, 123456789012345678 AS g, NULL AS h, '' AS i, 'line one' || char(10) || 'line two' AS j, 'tab' || char(9) AS k",
        "SELECT Company, Fax, State FROM Customer WHERE Company IS NULL OR Fax IS NULL ORDER BY CustomerId",
        "SELECT BillingAddress, BillingCity FROM Invoice WHERE BillingAddress LIKE '%,%' OR BillingCity LIKE '% %' ORDER BY InvoiceId LIMIT 40",
    ]

    @Test(arguments: queries)
    func csvMatchesTheShell(query: String) throws {
        let path = try Chinook.copy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = try SQLiteShell.run(["-csv", "-header", path, query])
        let s = try TestSession(.file(path: path, readonly: true), mode: .csv)
        s.session.settings.showsHeaders = true
        let ran = s.run(query + ";")
        #expect(ran.errors == "")
        #expect(ran.output == expected)
        let withoutHeader = try SQLiteShell.run(["-csv", path, query])
        s.session.settings.showsHeaders = false
        #expect(s.run(query + ";").output == withoutHeader)
    }

    @Test(arguments: queries)
    func jsonMatchesTheShell(query: String) throws {
        let path = try Chinook.copy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = try SQLiteShell.run(["-json", path, query])
        let s = try TestSession(.file(path: path, readonly: true), mode: .json)
        let ran = s.run(query + ";")
        #expect(ran.errors == "")
        let ours = try JSONSerialization.jsonObject(with: Data(ran.output.utf8)) as? [[String: Any]]
        let theirs = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [[String: Any]]
        #expect(ours.map { NSArray(array: $0) } == theirs.map { NSArray(array: $0) })
        #expect(ran.output == expected)
    }
}

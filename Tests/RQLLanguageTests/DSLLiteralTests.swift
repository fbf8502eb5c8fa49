import Testing
@testable import RQLLanguage
import RQLValues

/// Literals as SQL: numbers SQLite reads back as the same value.
@Suite struct DSLLiteralTests {
    @Test func anOverflowingRealIsSQLitesInfinity() throws {
        #expect(try compile("reminders | select 1e309 as x") == "SELECT 9e999 AS \"x\" FROM \"reminders\"")
        #expect(try compile("reminders | select -1e309 as x") == "SELECT -9e999 AS \"x\" FROM \"reminders\"")
        #expect(SQLValue.real(-.infinity).literal == "-9e999")
        #expect(SQLValue.real(.nan).literal == "NULL")
        #expect(SQLValue.real(2).literal == "2.0")
    }
}

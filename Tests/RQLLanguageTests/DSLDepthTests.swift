import Foundation
import Testing
@testable import RQLLanguage

/// Long chains of operators, postfix calls and path steps, and long
/// pipelines: each compiles or is a clean error, never a stack overflow.
@Suite struct DSLDepthTests {

    func expectTooDeep(_ text: String, _ comment: Comment) {
        do {
            _ = try compile(text)
            Issue.record("compiled: \(comment)")
        } catch {
            #expect(error.message == "the query is nested too deeply", comment)
            #expect(error.label == "more than 128 levels of operators, calls and paths inside each other", comment)
            #expect(error.notes.map(\.text) == ["help: a list goes in `in [a, b, …]`; a long query can be split with `let`"],
                    comment)
            #expect(error.span.lower >= 0 && error.span.upper <= text.utf8.count, comment)
        }
    }

    @Test func longFlatChainsAreACleanError() {
        let chains: [(String, Comment)] = [
            ("reminders | select " + Array(repeating: "1", count: 1_250).joined(separator: "+"), "+"),
            ("reminders | where " + Array(repeating: "priority == 1", count: 2_000).joined(separator: " and "), "and"),
            ("reminders | where " + Array(repeating: "priority == 1", count: 2_000).joined(separator: " or "), "or"),
            ("reminders | select " + Array(repeating: "priority", count: 5_000).joined(separator: " * "), "*"),
            ("reminders | select title" + String(repeating: " collate nocase", count: 5_000), "collate"),
            ("reminders | select title" + String(repeating: ".lower()", count: 5_000), "methods"),
            ("reminders | select title" + String(repeating: " ?? title", count: 100_000), "??"),
            ("reminders | select " + Array(repeating: "remindersList", count: 100_000).joined(separator: "."), "path"),
            ("def reminders.x = " + Array(repeating: "1", count: 5_000).joined(separator: " - "), "def"),
        ]
        for (text, comment) in chains { expectTooDeep(text, comment) }
    }

    @Test func deepBracketsAreACleanError() {
        let text = "reminders | select " + String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        do {
            _ = try compile(text)
            Issue.record("compiled")
        } catch {
            #expect(error.message == "the query is nested too deeply")
            #expect(error.label == "more than 64 levels of nesting here")
        }
    }

    @Test func chainsUpToTheLimitCompile() throws {
        let sum = try compile("reminders | select " + Array(repeating: "1", count: 128).joined(separator: " + ") + " as n")
        #expect(sum.hasPrefix("SELECT 1 + 1 + 1"))
        let coalesced = try compile("reminders | select title" + String(repeating: " ?? title", count: 127) + " as t")
        #expect(coalesced.hasPrefix("SELECT coalesce(\"reminders\".\"title\", \"reminders\".\"title\""))
        expectTooDeep("reminders | select " + Array(repeating: "1", count: 129).joined(separator: " + "), "one more")
    }

    @Test func aChainInsideNestedSubqueriesCountsTheirDepthToo() {
        let chain = Array(repeating: "1", count: 120).joined(separator: " + ")
        let text = "reminders | where priority in " + String(repeating: "(reminders | where priority in ", count: 5)
            + "(reminders | select " + chain + ")" + String(repeating: " | select priority)", count: 5)
        expectTooDeep(text, "subqueries")
    }

    @Test func helpersInsideHelpersCountTheirDepthToo() throws {
        var definitions = Definitions()
        let chain = String(repeating: " + 1", count: 99)
        _ = try DSL.compile("def reminders.h0 = priority" + chain, catalog: DSLFuzzTests.catalog, definitions: &definitions)
        do {
            _ = try DSL.compile("def reminders.h1 = h0" + chain, catalog: DSLFuzzTests.catalog, definitions: &definitions)
            Issue.record("compiled")
        } catch {
            #expect(error.message == "in helper `reminders.h0`: the query is nested too deeply")
            #expect(error.label == "helper used here")
            #expect(error.span == SourceSpan(19, 21))
        }
        let text = "reminders | select h0" + String(repeating: " + 1", count: 70)
        do {
            _ = try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions)
            Issue.record("compiled")
        } catch {
            #expect(error.message == "in helper `reminders.h0`: the query is nested too deeply")
            #expect(error.notes.first?.text == "note: def reminders.h0 = priority" + chain)
        }
        let inner = try DSL.compile("reminders | select h0" + String(repeating: " + 1", count: 50), catalog: DSLFuzzTests.catalog,
                                    definitions: &definitions)
        guard case .query(let query) = inner else { return }
        #expect(query.sql.hasPrefix("SELECT \"reminders\".\"priority\" + 1"))
    }

    @Test func aLongChainOfLetQueriesCompilesWithoutNesting() throws {
        var definitions = Definitions()
        _ = try DSL.compile("let q0 = reminders | where priority > 0", catalog: DSLFuzzTests.catalog, definitions: &definitions)
        for index in 1..<400 {
            _ = try DSL.compile("let q\(index) = q\(index - 1) | limit 5 | where priority > \(index)", catalog: DSLFuzzTests.catalog,
                                definitions: &definitions)
        }
        guard case .query(let query) = try DSL.compile("q399 | count", catalog: DSLFuzzTests.catalog, definitions: &definitions) else {
            Issue.record("not a query")
            return
        }
        let lines = query.sql.split(separator: "\n")
        #expect(lines.first == "WITH \"q0\" AS (SELECT * FROM \"reminders\" WHERE \"reminders\".\"priority\" > 0),")
        #expect(lines.filter { $0.hasSuffix(" AS (") || $0.contains(" AS (SELECT") }.count == 400)
        #expect(lines.last == "SELECT count(*) AS \"count\" FROM \"q399\";" || lines.last == "SELECT count(*) AS \"count\" FROM \"q399\"")
    }

    @Test func aLetQueryCannotReadItselfThroughAnother() throws {
        var definitions = Definitions()
        for text in ["let a = reminders", "let b = a | where priority > 1"] {
            _ = try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions)
        }
        for text in ["let a = b | where priority > 2", "let a = a | limit 1"] {
            do {
                _ = try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions)
                Issue.record("defined: \(text)")
            } catch {
                #expect(DSLErrorText(error) == DSLErrorText("`a` is defined in terms of itself", at: SourceSpan(8, 9),
                                                            label: "used inside its own definition"))
            }
        }
    }

    @Test func aLetQueryUsedBeforeTheTableItReadsChangedIsCheckedAfresh() throws {
        var definitions = Definitions()
        _ = try DSL.compile("let allTags = tags", catalog: DSLFuzzTests.catalog, definitions: &definitions)
        var tables = DSLFuzzTests.catalog.tables.values.filter { $0.name != "tags" }
        tables.append(Catalog.Table(name: "tags", columns: [.init(name: "title", type: "TEXT", isPrimaryKey: true), .init(name: "color")]))
        let changed = Catalog(tables: tables)
        _ = try DSL.compile("let colored = allTags | where color is not nil", catalog: changed, definitions: &definitions)
        #expect(throws: DSLError.self) {
            try DSL.compile("let colored = allTags | where color is not nil", catalog: DSLFuzzTests.catalog, definitions: &definitions)
        }
    }

    @Test func aLongPipelineOfSubqueriesCompilesWithBoundedIndentation() throws {
        let sql = try compile("reminders" + String(repeating: " | limit 5 | where priority > 0", count: 1_000))
        let lines = sql.split(separator: "\n")
        #expect(lines.first == "SELECT *")
        #expect(lines.last == "WHERE \"reminders_1001\".\"priority\" > 0")
        let deepest = lines.map { $0.prefix(while: { $0 == " " }).count }.max()
        #expect(deepest == 2 * SQLLines.maximumIndentedDepth)
        #expect(lines.count(where: { $0.hasSuffix("FROM (") }) == 999)
    }

    @Test func aLongPipelineIsReleasedWithoutRecursion() {
        let text = "reminders" + String(repeating: " | limit 5 | where priority > 0", count: 5_000)
        onSmallStack(256 * 1024) {
            var definitions = Definitions()
            #expect(throws: Never.self) { try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions) }
        }
    }

    @Test func nestedLevelsRenderInsideEachOther() throws {
        let sql = try compile("reminders | order title | limit 2 | where priority > 1 | select title, priority | limit 1 | where title != 'x'")
        #expect(sql == """
            SELECT *
            FROM (
              SELECT "reminders_2"."title", "reminders_2"."priority"
              FROM (SELECT * FROM "reminders" ORDER BY "reminders"."title" LIMIT 2) AS "reminders_2"
              WHERE "reminders_2"."priority" > 1
              LIMIT 1
            ) AS "reminders_3"
            WHERE "reminders_3"."title" <> ?1
            """)
    }
}

/// Runs `body` on a thread with a small stack, to show that it does not recurse deeply.
func onSmallStack(_ stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
}

/// Compiling asks whether to stop as it goes (Ctrl-C, a notebook cell's
/// time limit) and stops with an interruption where it was.
@Suite struct DSLInterruptionTests {
    @Test func aCompileToldToStopStops() {
        var definitions = Definitions()
        var asked = 0
        let text = "reminders | where priority == 1 and title like '%a%' | select title, remindersList.title"
        do {
            _ = try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions, stops: {
                asked += 1
                return asked > 3
            })
            Issue.record("compiled")
        } catch {
            #expect(error.isInterruption)
            #expect(error.message == "interrupted")
            #expect(error.label == "compiling stopped here")
            #expect(asked >= 4)
        }
        #expect(throws: Never.self) { try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions) }
    }
}

import Testing
import RQLEngine

/// `.help dsl` and `.help STAGE`: the language at the prompt, with examples
/// written for the open database that run there.
@Suite struct DSLHelpTests {
    @Test func theReferenceNamesEveryStage() throws {
        let output = try TestSession().run(".help dsl").output
        #expect(output.hasPrefix("The query DSL: a source, then stages joined by |, each working on the rows so far.\n"))
        for stage in ["where", "select", "group", "union", "returning"] { #expect(output.contains("\n  \(stage) "), "\(stage)") }
        #expect(output.contains("On this database: remindersLists | select title, count(reminders where not isCompleted) as open\n"))
    }

    @Test func aStageHasAnExampleThatRunsOnTheSample() throws {
        let test = try TestSession()
        #expect(test.run(".help where").output == """
            usage: | where CONDITION
            keeps the rows for which the condition is true

            example on this database:
              reminders | where isFlagged and not isCompleted

            """)
        for stage in ["where", "select", "order", "limit", "offset", "group", "having", "distinct", "count", "join",
                      "find", "search", "union", "intersect", "except"] {
            let help = test.run(".help \(stage)").output
            let example = help.split(separator: "\n").last.map { String($0.dropFirst(2)) } ?? ""
            #expect(test.run(example).errors == "", "\(stage): \(example)")
        }
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: .help STAGE on Chinook, as ../shared/data/chinook.sqlite is absent"))
    func onAnotherDatabaseTheExamplesUseItsTables() throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        for stage in ["where", "select", "order", "limit", "offset", "group", "having", "distinct", "count", "join",
                      "find", "union", "intersect", "except"] {
            let help = test.run(".help \(stage)").output
            let example = help.split(separator: "\n").last.map { String($0.dropFirst(2)) } ?? ""
            #expect(example.hasPrefix("Album") || example.hasPrefix("insert Album"), "\(stage): \(example)")
            #expect(test.run(example).errors == "", "\(stage): \(example)")
        }
    }

    @Test func anUnknownNameSuggestsTheClosest() throws {
        #expect(try TestSession().run(".help wher").errors == "error: no help for \"wher\": there is no such command or DSL stage\ndid you mean where?\n")
        #expect(try TestSession().run(".help .tabels").errors.hasSuffix("did you mean .tables?\n"))
    }
}

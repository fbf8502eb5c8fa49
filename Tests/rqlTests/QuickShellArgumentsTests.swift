import ArgumentParser
import Testing
@testable import rql

/// `QuickShellArguments` reads what swift-argument-parser reads, or leaves
/// the command line to it.
@Suite struct QuickShellArgumentsTests {
    static let readHere: [[String]] = [
        [],
        ["app.db"],
        ["app.db", "-c", "select 1"],
        ["-c", "select 1"],
        ["--no-init", "app.db", "-c", "select 1"],
        ["app.db", ".tables", "select count(*) from t"],
        ["-c", "select 1", "app.db", "select 2"],
        ["--sample", "employees", "-c", "employees | count"],
        ["-c", "a", "--cmd", "b", "-c", "c", "--cmd", "d"],
        ["--mode", "CSV", "--header", "--separator", ";", "--newline", "|", "--nullvalue", "NULL", "app.db"],
        ["--no-header", "--bail", "--echo", "--batch", "--readonly", "--safe", "--no-color", "--init", "rc", "app.db"],
        ["--interactive", ""],
        ["", "-c", ""],
    ]

    @Test(arguments: readHere)
    func readsWhatTheParserReads(_ arguments: [String]) throws {
        let quick = try #require(QuickShellArguments.options(arguments))
        #expect(quick == (try Shell.parse(arguments)).options)
    }

    static let leftToTheParser: [[String]] = [
        ["--help"],
        ["-h"],
        ["--version"],
        ["--generate-completion-script", "bash"],
        ["--", "-x"],
        ["-c", "-- a comment"],
        ["-c"],
        ["--mode=csv"],
        ["-"],
        ["-x"],
        ["--sample", "reminders", "--sample", "employees"],
        ["--header", "--no-header"],
        ["--bail", "--bail"],
        ["app.db", "--sample", "employees"],
        ["--readonly"],
        ["--mode", "nope"],
        ["--sample", "nope"],
        ["--batch", "--interactive"],
        ["--init", "rc", "--no-init"],
    ]

    @Test(arguments: leftToTheParser)
    func leavesTheRestToTheParser(_ arguments: [String]) {
        #expect(QuickShellArguments.options(arguments) == nil)
    }
}

import Testing
@testable import RQLNotebook

/// `-- @param NAME = VALUE` and `-p NAME=VALUE`: a value the notebook's SQL
/// and DSL read as `:NAME`.
@Suite struct NotebookParameterTests {
    static let text = """
        -- @param list = 'Family'
        -- @param limit = 2
        -- @mode list

        reminders | where list.title == :list | order title | limit :limit | select title

        SELECT count(*) FROM reminders JOIN remindersLists AS l ON l.id = remindersListID WHERE l.title = :list;

        .parameter list
        """

    @Test func theDefaultsReachSQLAndTheDSL() throws {
        let notebook = try Notebook(text: NotebookParameterTests.text, path: "x.rql")
        #expect(notebook.settings.parameters == [NotebookParameter(name: "list", value: "'Family'"), NotebookParameter(name: "limit", value: "2")])
        let run = try NotebookRunner().run(notebook)
        #expect(run.outputs[0] == ["Get laundry", "Pick up kids from school"])
        #expect(run.outputs[1] == ["3"])
        #expect(run.outputs[2] == [":limit  2", ":list   'Family'"])
    }

    @Test func givenValuesOverrideThem() throws {
        let notebook = try Notebook(text: NotebookParameterTests.text, path: "x.rql")
        let values = ["list": NotebookParameter.literal(commandLine: "Business"), "limit": NotebookParameter.literal(commandLine: "1")]
        let run = try NotebookRunner(parameters: values).run(notebook)
        #expect(run.outputs[0] == ["Call accountant"])
        #expect(run.outputs[2] == [":limit  1", ":list   'Business'"])
    }

    @Test func aValueForNoDeclaredParameterIsAnError() throws {
        let notebook = try Notebook(text: NotebookParameterTests.text, path: "x.rql")
        let error = #expect(throws: NotebookError.self) { try NotebookRunner(parameters: ["lst": "1"]).run(notebook) }
        #expect(error?.description == "x.rql: error: -p lst: the notebook declares no parameter lst\nhelp: it declares list, limit")
    }

    @Test(arguments: [("5", "5"), ("-2.5", "-2.5"), ("1e3", "1e3"), ("Business", "'Business'"), ("O'Neil", "'O''Neil'"),
                      ("", "''"), ("inf", "'inf'"), ("12abc", "'12abc'"), ("東京", "'東京'")])
    func commandLineValuesAreNumbersWhenTheyReadAsOne(text: String, literal: String) {
        #expect(NotebookParameter.literal(commandLine: text) == literal)
    }
}

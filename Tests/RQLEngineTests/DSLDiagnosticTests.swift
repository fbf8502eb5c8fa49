import Testing
import RQLEngine

/// A wrong DSL input and the whole diagnostic rql prints for it.
struct Diagnostic: CustomTestStringConvertible, Sendable {
    let input: String
    let expected: String
    var testDescription: String { input }

    init(_ input: String, _ expected: String) {
        self.input = input
        self.expected = expected
    }
}

/// Golden diagnostics: the message, the line with carets under the span and
/// a label, then help and notes.
@Suite struct DSLDiagnosticTests {
    static let cases: [Diagnostic] = [
        Diagnostic("remindrs | count",
                   """
                   error: no table or view named `remindrs`
                   remindrs | count
                   ^^^^^^^^ unknown table
                   help: did you mean `reminders`?
                   note: tables: reminderTexts, reminders, remindersListAssets, remindersLists, remindersTags, tags
                   """),
        Diagnostic("reminders | where titel == 1",
                   """
                   error: unknown name `titel`
                   reminders | where titel == 1
                                     ^^^^^ not a column, helper or relationship of `reminders`
                   help: did you mean `title`?
                   note: columns of `reminders`: id, dueDate, isFlagged, notes, position, priority, remindersListID, status, title
                   note: relationships of `reminders`: remindersList (one remindersLists), remindersTags (many), tags (many, through remindersTags)
                   note: helpers of `reminders`: isCompleted, isPastDue, isScheduled, isToday
                   """),
        Diagnostic("reminders | where remindersList.titel == 'x'",
                   """
                   error: no column `titel` in `remindersList` (remindersLists)
                   reminders | where remindersList.titel == 'x'
                                                   ^^^^^ unknown column
                   help: did you mean `title`?
                   note: columns of `remindersList` (remindersLists): id, color, position, title
                   note: relationships of `remindersList` (remindersLists): reminders (many), remindersListAssets (many)
                   """),
        Diagnostic("reminders | where isDone",
                   """
                   error: unknown name `isDone`
                   reminders | where isDone
                                     ^^^^^^ not a column, helper or relationship of `reminders`
                   note: columns of `reminders`: id, dueDate, isFlagged, notes, position, priority, remindersListID, status, title
                   note: relationships of `reminders`: remindersList (one remindersLists), remindersTags (many), tags (many, through remindersTags)
                   note: helpers of `reminders`: isCompleted, isPastDue, isScheduled, isToday
                   """),
        Diagnostic("reminders | select title | frobnicate",
                   """
                   error: unknown stage `frobnicate`
                   reminders | select title | frobnicate
                                              ^^^^^^^^^^ not a stage
                   help: stages are where, select, order, limit, offset, group, having, distinct, count, join, find, search, update, delete, insert, returning, union, intersect, except, chart
                   """),
        Diagnostic("reminders | where title == 'x",
                   """
                   error: unterminated string
                   reminders | where title == 'x
                                              ^ this string has no closing '
                   help: write a ' inside it twice: ''
                   """),
        Diagnostic("reminders | | count",
                   """
                   error: expected a stage after `|`, found `|`
                   reminders | | count
                               ^ expected a stage after `|`
                   help: stages are where, select, order, limit, offset, group, having, distinct, count, join, find, search, update, delete, insert, returning, union, intersect, except, chart
                   """),
        Diagnostic("reminders |",
                   """
                   error: expected a stage after `|`, found the end of the input
                   reminders |
                              ^ expected a stage after `|`
                   help: stages are where, select, order, limit, offset, group, having, distinct, count, join, find, search, update, delete, insert, returning, union, intersect, except, chart
                   """),
        Diagnostic("reminders | where a < b < c",
                   """
                   error: comparisons cannot be chained
                   reminders | where a < b < c
                                           ^ second comparison
                   help: join them with `and`: a < b and b < c
                   """),
        Diagnostic("remindersLists | select reminders.title",
                   """
                   error: `reminders` is a to-many relationship of `remindersLists`
                   remindersLists | select reminders.title
                                           ^^^^^^^^^ many rows here
                   help: aggregate it: count(reminders), or test it in `where`: any reminders.title …
                   """),
        Diagnostic("reminders | group by priority | select title",
                   """
                   error: `title` is neither a group key nor aggregated
                   reminders | group by priority | select title
                                                          ^^^^^ not a group key
                   help: add it to `group by`, or aggregate it: max(title), count(distinct title)
                   """),
        Diagnostic("reminders | having count() > 1",
                   """
                   error: `having` filters groups: it needs a `group` stage before it
                   reminders | having count() > 1
                               ^^^^^^ no group here
                   help: use `where` to filter rows
                   """),
        Diagnostic("reminders | update nosuch = 1",
                   """
                   error: no column `nosuch` in `reminders`
                   reminders | update nosuch = 1
                                      ^^^^^^ unknown column
                   note: columns of `reminders`: id, dueDate, isFlagged, notes, position, priority, remindersListID, status, title
                   """),
        Diagnostic("reminders | update toggle",
                   """
                   error: no column or mutation helper `toggle` in `reminders`
                   reminders | update toggle
                                      ^^^^^^ unknown
                   help: did you mean `toggleStatus`?
                   note: mutation helpers of `reminders`: toggleStatus
                   """),
        Diagnostic("reminders | where title = 'x'",
                   """
                   error: use `==` to compare
                   reminders | where title = 'x'
                                           ^ `=` sets a column in `update`
                   help: where title == 'Groceries'
                   """),
        Diagnostic("reminders | select label = 'Zoë ' || title",
                   """
                   error: `||` means or in a query; `++` joins text
                   reminders | select label = 'Zoë ' || title
                                                     ^^ or
                   help: select greeting = 'Hello, ' ++ title
                   """),
        Diagnostic("reminders | select highlight(title)",
                   """
                   error: `highlight` needs a `search` stage before it
                   reminders | select highlight(title)
                                      ^^^^^^^^^ no search here
                   help: reminders | search 'milk' | select highlight(title)
                   """),
        Diagnostic("selec 1",
                   """
                   error: unknown table or statement 'selec'
                   selec 1
                   ^^^^^ neither a table nor SQL
                   help: did you mean SELECT?
                   """),
        Diagnostic("updte reminders set title = 'x'",
                   """
                   error: unknown table or statement 'updte'
                   updte reminders set title = 'x'
                   ^^^^^ neither a table nor SQL
                   help: did you mean UPDATE?
                   """),
        // Closer to a table than to a keyword: a table's typo.
        Diagnostic("tgas | count",
                   """
                   error: no table or view named `tgas`
                   tgas | count
                   ^^^^ unknown table
                   help: did you mean `tags`?
                   note: tables: reminderTexts, reminders, remindersListAssets, remindersLists, remindersTags, tags
                   """),
        Diagnostic("tags | search 'x'",
                   """
                   error: no FTS5 or FTS4 table indexes `tags`
                   tags | search 'x'
                          ^^^^^^ nothing to search
                   note: rql looks for a full-text table with content='tags', or one that triggers on tags keep in sync
                   help: say which with `def tags.fts = ftsTable` (or `ftsTable(keyColumn)` when a column holds the key)
                   """),
        Diagnostic("reminders | where foo(title)",
                   """
                   error: unknown function `foo`
                   reminders | where foo(title)
                                     ^^^ no such function
                   note: .functions lists the functions this database has
                   """),
        Diagnostic("reminders where isFlagged",
                   """
                   error: expected `|` before `where`
                   reminders where isFlagged
                             ^^^^^ a stage follows `|`
                   help: stages are joined by `|`: reminders | where isFlagged
                   """),
        Diagnostic("reminders | join tags",
                   """
                   error: no foreign key links `tags` to reminders
                   reminders | join tags
                             ^^^^^^^^^^^ say how to join
                   help: join tags on …
                   """),
        Diagnostic("reminders | limit 2 | search 'x'",
                   """
                   error: `search` must come once, straight after the table and its `where` stages
                   reminders | limit 2 | search 'x'
                                         ^^^^^^ too late for search
                   help: reminders | search 'milk' | where isFlagged | select title
                   """),
        Diagnostic("reminders | where priority in (1, 2)",
                   """
                   error: expected a list `[a, b]` or a query in parentheses, found `(`
                   reminders | where priority in (1, 2)
                                                 ^ `in` takes [a, b] or (table | select column)
                   help: a list goes in brackets: priority in [1, 2]
                   """),
        Diagnostic("reminders | where status == finished",
                   """
                   error: unknown name `finished`
                   reminders | where status == finished
                                               ^^^^^^^^ not a column, helper or relationship of `reminders`
                   note: the cases of this column's enum: incomplete, completed, completing
                   note: columns of `reminders`: id, dueDate, isFlagged, notes, position, priority, remindersListID, status, title
                   note: relationships of `reminders`: remindersList (one remindersLists), remindersTags (many), tags (many, through remindersTags)
                   note: helpers of `reminders`: isCompleted, isPastDue, isScheduled, isToday
                   """),
        Diagnostic("reminders | select reminders",
                   """
                   error: `reminders` is a table, not a value
                   reminders | select reminders
                                      ^^^^^^^^^ a table
                   help: name one of its columns: reminders.id
                   """),
        Diagnostic("reminders | where any title == 'x'",
                   """
                   error: `any` needs a to-many relationship
                   reminders | where any title == 'x'
                                     ^^^^^^^^^^^^^^^^ nothing to range over
                   help: remindersLists | where any reminders.isFlagged
                   """),
        Diagnostic("reminders | select tags.title",
                   """
                   error: `tags` is a to-many relationship of `reminders`
                   reminders | select tags.title
                                      ^^^^ many rows here
                   help: aggregate it: count(tags), or test it in `where`: any tags.title …
                   """),
        Diagnostic("def reminders.title = 1",
                   """
                   error: `title` is already a column of `reminders`
                   def reminders.title = 1
                                 ^^^^^ pick another name for the helper
                   """),
        Diagnostic("enum reminders.nosuch = a 1",
                   """
                   error: no column `nosuch` in `reminders`
                   enum reminders.nosuch = a 1
                                  ^^^^^^ unknown column
                   note: columns of `reminders`: id, dueDate, isFlagged, notes, position, priority, remindersListID, status, title
                   """),
        Diagnostic("reminders | search 'take' | select highlight(priority)",
                   """
                   error: `priority` is not a column of the FTS5 table `reminderTexts`
                   reminders | search 'take' | select highlight(priority)
                                                                ^^^^^^^^ not indexed
                   note: columns of reminderTexts: title, notes, tags
                   """),
        Diagnostic("reminders | where remindersList",
                   """
                   error: `remindersList` is a relationship to `remindersLists`, not a value
                   reminders | where remindersList
                                     ^^^^^^^^^^^^^ name one of its columns
                   help: remindersList.id
                   """),
        Diagnostic("reminders | select 12abc",
                   """
                   error: malformed number `12abc`
                   reminders | select 12abc
                                      ^^^^^ names cannot start with a digit
                   """),
    ]

    @Test(arguments: cases)
    func diagnostic(_ diagnostic: Diagnostic) throws {
        let session = try TestSession()
        let result = session.run(diagnostic.input)
        #expect(result.errors == diagnostic.expected + "\n")
        #expect(result.output == "")
        #expect(result.result.failures == 1)
    }

    @Test func enumCasesAreListedWhenOneIsMisspelled() throws {
        let session = try TestSession()
        let errors = session.run("reminders | where status == completd").errors
        #expect(errors.contains("help: did you mean `completed`?\nnote: the cases of this column's enum: incomplete, completed, completing\n"))
    }

    @Test func aHelperThatStopsCompilingNamesItself() throws {
        let session = try TestSession()
        let errors = session.run("def reminders.late = dueDate < date('now')\nALTER TABLE reminders RENAME COLUMN dueDate TO due;\nreminders | where late").errors
        #expect(errors.contains("error: in helper `reminders.late`: unknown name `dueDate`\nreminders | where late\n                  ^^^^ helper used here\n"))
        #expect(errors.contains("note: def reminders.late = dueDate < date('now')"))
    }
}

/// The words of problems with a pipeline's stages, and of compiling as a whole.
extension DSLProblem {
    var stageWording: Wording? {
        switch self {
        case .interrupted:
            return Wording("interrupted", label: "compiling stopped here")
        case .expandedTooDeeply(let levels):
            return Wording("the query is nested too deeply", label: "more than \(levels) levels once helpers are expanded")
        case .insertNotFirst(let table):
            return Wording("`insert` must come straight after the table", label: "insert here",
                           notes: [.help("\(table) | insert column = value")])
        case .onlyReturning(let stage):
            return Wording("only `returning` can follow `\(stage)`", label: "not allowed here")
        case .returningWithoutChange:
            return Wording("`returning` must follow `update`, `delete` or `insert`", label: "nothing to return from",
                           notes: [.help("reminders | where isFlagged | update isFlagged = false | returning title")])
        case .havingWithoutGroup:
            return Wording("`having` filters groups: it needs a `group` stage before it", label: "no group here",
                           notes: [.help("use `where` to filter rows")])
        case .chartNotLast:
            return Wording("`chart` comes last, after every other stage of the query", label: "not the last stage",
                           notes: [.help("reminders | group by list.title | select list.title, count() | chart bar")])
        case .unknownChart(let name, let suggestions):
            return Wording("no chart named `\(name)`", label: "not a chart",
                           notes: Self.didYouMean(suggestions) + [Self.listing("charts", Compiler.chartKinds)])
        case .compoundWidths(let stage, let left, let right):
            return Wording("`\(stage)` combines rows of the same number of columns: the rows so far have \(left), "
                           + "the query in parentheses \(right)", label: "\(right) \(right == 1 ? "column" : "columns")",
                           notes: [.help("select the same number of columns on both sides")])
        case .aggregateFilters(let stage):
            return Wording("an aggregate cannot filter rows", label: "aggregate in `\(stage)`",
                           notes: [.help("group first: reminders | group by remindersListID | where count() > 2")])
        case .windowFilters(let stage):
            return Wording("a window function cannot filter rows where it is computed", label: "window in `\(stage)`",
                           notes: [.help("select it with a name, then filter: "
                                         + "… | select title, row_number() over (order title) as n | where n <= 3")])
        default:
            return groupAndJoinWording
        }
    }

    /// The words of problems with `group`, `select`, `find` and `join`.
    private var groupAndJoinWording: Wording? {
        switch self {
        case .notGrouped(let column):
            return Wording("`\(column)` is neither a group key nor aggregated", label: "not a group key",
                           notes: [.help("add it to `group by`, or aggregate it: max(\(column)), count(distinct \(column))")])
        case .groupByAggregate:
            return Wording("cannot group by an aggregate", label: "aggregate")
        case .starAfterGroup:
            return Wording("`*` cannot follow `group`", label: "not a group key",
                           notes: [.help("select the group keys and aggregates")])
        case .toManySelected(let text):
            return Wording("a to-many relationship is not a value", label: "aggregate it",
                           notes: [.help("count(\(text)), or use it in `where any \(text)…`")])
        case .findWithoutKey:
            return Wording("`find` needs a table with a primary key", label: "no key here")
        case .findCompositeKey(let relation, let key):
            return Wording("`find` needs a one-column primary key; \(relation) has (\(key.joined(separator: ", ")))",
                           label: "composite key",
                           notes: [.help("use where: " + key.map { "\($0) == …" }.joined(separator: " and "))])
        case .alreadyJoined(let name, let source):
            return Wording("`\(name)` is already in this query", label: "give it an alias",
                           notes: [.help("join \(source) as other")])
        case .joinWithoutForeignKeys(let name):
            return Wording("`\(name)` has no foreign keys to join by", label: "add `on …`")
        case .noJoiningKey(let name, let source, let relations):
            return Wording("no foreign key links `\(name)` to \(relations.joined(separator: ", "))", label: "say how to join",
                           notes: [.help("join \(source) on …")])
        case .severalJoiningKeys(let name, let source, let relations):
            return Wording("several foreign keys link `\(name)` to \(relations.joined(separator: ", "))", label: "say which one",
                           notes: [.help("join \(source) as x on x.… == …")])
        default:
            return nil
        }
    }

    /// The words of problems with `search` and the FTS5 functions.
    var searchWording: Wording? {
        switch self {
        case .searchTooLate:
            return Wording("`search` must come once, straight after the table and its `where` stages",
                           label: "too late for search",
                           notes: [.help("reminders | search 'milk' | where isFlagged | select title")])
        case .searchWithoutTable:
            return Wording("`search` needs a table", label: "not a table")
        case .emptySearch:
            return Wording("nothing to search for", label: "no words in this text")
        case .searchTableGone(let table, let fts):
            return Wording("`def \(table).fts` names `\(fts)`, which is gone", label: "no such table",
                           notes: [Self.sayWhichFTS(table)])
        case .noSearchTable(let table):
            return Wording("no FTS5 or FTS4 table indexes `\(table)`", label: "nothing to search",
                           notes: [.note("rql looks for a full-text table with content='\(table)', "
                                         + "or one that triggers on \(table) keep in sync"),
                                   Self.sayWhichFTS(table)])
        case .severalSearchTables(let table, let candidates):
            return Wording("several full-text tables index `\(table)`: " + candidates.map { "`\($0)`" }.joined(separator: ", "),
                           label: "which one?", notes: [Self.sayWhichFTS(table)])
        case .notInFTS4(let function, let table):
            return Wording("`\(function)` is FTS5's; `\(table)` is an FTS4 table", label: "not in FTS4",
                           notes: [function == "bm25"
                                   ? .note("FTS4 ranks nothing itself: matchinfo() gives the counts to rank by")
                                   : .help("snippet(column) works on FTS4 tables too")])
        case .searchFunctionArguments(let function, let table):
            return Wording("`\(function)` takes a column of `\(table)`, then optionally the open and close markers"
                           + (function == "highlight" ? "" : ", the ellipsis and the number of tokens"),
                           label: "\(function)(title)")
        case .notIndexed(let column, let table, let suggestions, let columns):
            return Wording("`\(column)` is not a column of the FTS5 table `\(table)`", label: "not indexed",
                           notes: Self.didYouMean(suggestions) + [Self.listing("columns of \(table)", columns)])
        case .searchFunctionWithoutSearch(let function):
            return Wording("`\(function)` needs a `search` stage before it", label: "no search here",
                           notes: [.help("reminders | search 'milk' | select "
                                         + (function == "bm25" ? "bm25()" : "\(function)(title)"))])
        default:
            return nil
        }
    }

    /// `help: say which with `def table.fts = ftsTable` …`.
    private static func sayWhichFTS(_ table: String) -> DiagnosticNote {
        .help("say which with `def \(table).fts = ftsTable` (or `ftsTable(keyColumn)` when a column holds the key)")
    }
}

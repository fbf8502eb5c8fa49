/// The words of problems with definitions (`def`, `enum`, `alias`, `let`)
/// and with changing rows.
extension DSLProblem {
    var definitionWording: Wording? {
        switch self {
        case .helperNameIsColumn(let name, let table):
            return Wording("`\(name)` is already a column of `\(table)`", label: "pick another name for the helper")
        case .aliasNameIsColumn(let name, let table):
            return Wording("`\(name)` is already a column of `\(table)`", label: "pick another name")
        case .notFullText(let name, let ftsTables):
            return Wording("`\(name)` is not an FTS5 table", label: "not an FTS5 table",
                           notes: [Self.listing("FTS5 tables", ftsTables)])
        case .unknownFTSColumn(let column, let table, let columns):
            return Wording("no column `\(column)` in `\(table)`", label: "unknown column",
                           notes: [Self.listing("columns of \(table)", columns)])
        case .enumCaseTwice(let name):
            return Wording("`\(name)` is listed twice", label: "a second time")
        case .unknownAliasTarget(let name, let table, let suggestions, let relationships):
            return Wording("`\(name)` is not a column, relationship or helper of `\(table)`", label: "unknown name",
                           notes: Self.didYouMean(suggestions)
                               + (relationships.isEmpty ? [] : [Self.listing("relationships of `\(table)`", relationships)]))
        case .alreadyATable(let name):
            return Wording("`\(name)` is already a table", label: "pick another name")
        case .definedInTermsOfItself(let name):
            return Wording("`\(name)` is defined in terms of itself", label: "used inside its own definition")
        case .enumNeedsLiteral:
            return Wording("an enum case needs a literal value", label: "not a literal",
                           notes: [.help("enum reminders.priority = low 1, medium 2, high 3")])
        case .inLet(let name, let inner):
            return Wording("in `let \(name)`: \(inner.message)", label: "this query no longer compiles", notes: inner.notes)
        default:
            return nil
        }
    }

    var mutationWording: Wording? {
        switch self {
        case .mutationWithoutTable(let stage):
            return Wording("`\(stage)` needs a table", label: "these rows are not a table's",
                           notes: [.help("\(stage) before `select` and `group`")])
        case .mutationOfDerivedRows(let stage):
            return Wording("`\(stage)` works on the rows of one table", label: "after select, group, count, distinct or join",
                           notes: [.help("filter with where, find or search, then \(stage): "
                                         + "reminders | where isFlagged | \(stage)")])
        case .mutationWithoutKey(let stage, let table):
            return Wording("`\(stage)` after this query needs a primary key, and `\(table)` has none",
                           label: "cannot find the rows again")
        case .unknownInsertTable(let name, let suggestions):
            return Wording("no table named `\(name)` to insert into", label: "unknown table", notes: Self.didYouMean(suggestions))
        case .returningAggregate:
            return Wording("`returning` cannot aggregate", label: "aggregate")
        default:
            return assignmentWording
        }
    }

    /// The words of problems with `column = value` and mutation helpers.
    private var assignmentWording: Wording? {
        switch self {
        case .setTwice(let column):
            return Wording("`\(column)` is set twice", label: "set again here")
        case .setTwiceByHelper(let column):
            return Wording("`\(column)` is set twice", label: "also set by this helper")
        case .setToAggregate:
            return Wording("a column cannot be set to an aggregate", label: "aggregate",
                           notes: [.help("use a subquery: (reminders | select max(position))")])
        case .helperNeedsValue(let column):
            return Wording("`\(column)` needs a value", label: "set it with `=`", notes: [.help("\(column) = …")])
        case .unknownMutationHelper(let name, let table, let suggestions, let helpers):
            return Wording("no column or mutation helper `\(name)` in `\(table)`", label: "unknown",
                           notes: Self.didYouMean(suggestions)
                               + (helpers.isEmpty ? [] : [Self.listing("mutation helpers of `\(table)`", helpers)]))
        case .mutationHelperUsesItself(let name):
            return Wording("mutation helper `\(name)` uses itself", label: "endless expansion")
        case .inMutationHelper(let name, let definition, let inner):
            return Wording("in mutation helper `\(name)`: \(inner.message)", label: "helper used here",
                           notes: inner.notes + [.note(definition)])
        default:
            return nil
        }
    }
}

/// The words of problems with values: parameters, calls, aggregates,
/// windows and subqueries.
extension DSLProblem {
    var expressionWording: Wording? {
        switch self {
        case .parameterNotSet(let name):
            return Wording("the parameter `\(name)` is not set", label: "no value",
                           notes: [.help(".parameter set \(name) VALUE gives it one (in a notebook, -- @param at the top)")])
        case .filterOutsideAggregate:
            return Wording("`where` inside parentheses filters the rows an aggregate reads", label: "not in an aggregate",
                           notes: [.help("count(reminders where not isCompleted)")])
        case .membersOfNonName:
            return Wording("only names have members", label: "not a name",
                           notes: [.help("call a function as a method: (a ++ b).lower()")])
        case .subqueryChangesRows:
            return Wording("a query inside another reads rows; it cannot change them", label: "changes rows",
                           notes: [.help("run the change as a command of its own")])
        case .subqueryColumns(let count):
            return Wording("a subquery used as a value must give one column; this one gives \(count)", label: "select one column",
                           notes: [.help("end it with `| select column`")])
        case .windowCollation(let function):
            return Wording("`\(function)` cannot compare this window with the collation of a later argument",
                           label: "a window over a path",
                           notes: [.help("select the window first, then call `\(function)` on its column")])
        default:
            return callWording
        }
    }

    /// The words of problems with function calls and `any`, `all` and `none`.
    private var callWording: Wording? {
        switch self {
        case .distinctOutsideAggregate(let function):
            return Wording("`distinct` only goes in an aggregate", label: "\(function) is not an aggregate")
        case .filterWithoutRelationship:
            return Wording("`where` here filters the rows of a to-many relationship, and this aggregate reads none",
                           label: "no relationship to filter",
                           notes: [.help("in a grouped query, SQL's form: count() filter (where isFlagged)")])
        case .overWithoutCall:
            return Wording("`over` follows a function call", label: "not a call",
                           notes: [.help("row_number() over (order dueDate)")])
        case .filterWithoutAggregate:
            return Wording("`filter (where …)` follows an aggregate of the query's rows", label: "not an aggregate here",
                           notes: [.help("count() filter (where isFlagged); "
                                         + "over a relationship: count(reminders where isFlagged)")])
        case .toManyArgument:
            return Wording("a to-many relationship is not a value", label: "count it, or name a column",
                           notes: [.help("count(…) counts its rows; max(….priority) reads a column")])
        case .unknownFunction(let name, let suggestions):
            return Wording("unknown function `\(name)`", label: "no such function",
                           notes: Self.didYouMean(suggestions) + [.note(".functions lists the functions this database has")])
        case .quantifierWithoutRelationship(let quantifier):
            return Wording("`\(quantifier)` needs a to-many relationship", label: "nothing to range over",
                           notes: [.help("remindersLists | where any reminders.isFlagged")])
        case .allWithoutCondition:
            return Wording("`all` needs a condition", label: "all of them what?",
                           notes: [.help("where all reminders.isCompleted")])
        default:
            return nil
        }
    }
}

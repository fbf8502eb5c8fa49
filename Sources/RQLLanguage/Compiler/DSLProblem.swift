import RQLValues

/// What can be wrong with a DSL command, each worded once: the message, the
/// label under the carets and the notes. A case holds the names and counts
/// its words need; the files `DSLProblem+…` word the cases of each area.
///
///     DSLProblem.setTwice("title").message // "`title` is set twice"
public enum DSLProblem: Equatable, Sendable {
    // MARK: Syntax

    case emptyQuotedName
    /// A character that is not part of the language: `;`, `#`.
    case unexpectedCharacter(String)
    /// Digits running into a name: `12abc`.
    case digitLeadsName(String)
    case malformedNumber(String)
    /// A string quoted by `quote` (`'` or `"`) that the text does not close.
    case unterminatedString(quote: String)
    case unterminatedQuotedName
    /// The parser's general complaint: what it expected, the token it found
    /// as the token describes itself, and the label for that token.
    case unexpected(expected: String, found: String, label: String)
    /// A stage's keyword where the query should end: `reminders where …`.
    case missingPipe(before: String)
    /// After `|`, a token that is not a word; `atEnd` when the input or another `|` follows.
    case missingStage(found: String, atEnd: Bool)
    case unknownStage(String, suggestions: [String])
    /// More than `levels` brackets, subqueries and cases inside each other.
    case nestedTooDeeply(levels: Int)
    /// More than `levels` operators, calls and paths inside each other.
    case treeTooDeep(levels: Int)
    /// `column == value` among assignments.
    case equalsInAssignment(column: String)
    case upsertWithoutColumns
    case mutationHelperWithoutTable(String)
    /// SQL's `||` next to text.
    case orWithText
    case chainedComparison
    /// `=` where a comparison belongs.
    case assignInComparison
    case inWithoutList(found: String)
    case listOutsideIn
    case unknownCastType(suggestions: [String])
    /// `selec 1`: a first word nearer an SQL statement's keyword than any table.
    case sqlKeywordTypo(String, keyword: String)

    // MARK: Compiling

    /// Compiling was told to stop (Ctrl-C, a time limit).
    case interrupted
    /// More than `levels` levels once helpers are expanded.
    case expandedTooDeeply(levels: Int)

    // MARK: Names

    /// A query's source that names no table, view or `let` query.
    case unknownSource(String, suggestions: [String], tables: [String], views: [String])
    /// A definition's table that is not in the catalog.
    case unknownTable(String, suggestions: [String])
    case unknownColumn(String, table: String, suggestions: [String], columns: [String])
    /// A name that nothing in scope has: what is close, the cases of the
    /// column's enum, the result columns so far and the relations in scope.
    case unknownName(String, suggestions: [String], enumCases: [String]?, resultColumns: [String]?,
                     relations: [RelationOutline])
    /// `relation.name` where the relation has nothing of that name.
    case noMember(String, of: RelationOutline, suggestions: [String])
    /// A name that more than one relation in scope has.
    case ambiguous(String, relations: [String])
    case tableNotValue(String, column: String)
    case relationshipNotValue(String, target: String, column: String)
    /// `column.member`.
    case columnNotRelationship(String, member: String)
    /// A to-many relationship of `relation` where one value is needed; the
    /// names after it in the path.
    case toManyNotValue(String, of: String, path: [String])
    /// A second to-many relationship in one aggregate, the first one's name.
    case secondRelationship(already: String)
    /// An enum case of several enums with different values.
    case ambiguousEnumCase(String, matches: [EnumMatch])
    /// A relationship's table that has gone from the catalog.
    case missingTable(String)
    /// `name.*` for a name no relation in the query has.
    case unknownRelationName(String, names: [String])
    case helperUsesItself(String, definition: String)
    case helpersTooDeep(levels: Int)
    /// An error inside the helper `name`, defined as `definition`.
    indirect case inHelper(String, definition: String, DSLProblem)

    // MARK: Stages

    case insertNotFirst(table: String)
    case onlyReturning(after: String)
    case returningWithoutChange
    case havingWithoutGroup
    case chartNotLast
    case unknownChart(String, suggestions: [String])
    /// `union` and the others over rows of different widths.
    case compoundWidths(stage: String, left: Int, right: Int)
    case aggregateFilters(stage: String)
    case windowFilters(stage: String)
    case notGrouped(String)
    case groupByAggregate
    case starAfterGroup
    /// A to-many relationship selected as it is written.
    case toManySelected(String)
    case findWithoutKey
    case findCompositeKey(relation: String, key: [String])
    /// A joined source whose name the query already has.
    case alreadyJoined(String, source: String)
    case joinWithoutForeignKeys(String)
    case noJoiningKey(String, source: String, relations: [String])
    case severalJoiningKeys(String, source: String, relations: [String])

    // MARK: Search

    case searchTooLate
    case searchWithoutTable
    case emptySearch
    /// `def table.fts` names an FTS5 table that is no longer there.
    case searchTableGone(table: String, fts: String)
    case noSearchTable(String)
    case severalSearchTables(String, candidates: [String])
    case notInFTS4(function: String, table: String)
    case searchFunctionArguments(function: String, table: String)
    case notIndexed(String, table: String, suggestions: [String], columns: [String])
    case searchFunctionWithoutSearch(String)

    // MARK: Expressions

    case parameterNotSet(String)
    /// `(relationship where …)` outside an aggregate.
    case filterOutsideAggregate
    case membersOfNonName
    case subqueryChangesRows
    /// A subquery used as a value that gives this many columns.
    case subqueryColumns(Int)
    case distinctOutsideAggregate(function: String)
    /// An aggregate's `where` with no to-many relationship to filter.
    case filterWithoutRelationship
    case overWithoutCall
    case filterWithoutAggregate
    /// A to-many relationship as a function's argument.
    case toManyArgument
    case unknownFunction(String, suggestions: [String])
    /// `any`, `all` or `none` with no to-many relationship to range over.
    case quantifierWithoutRelationship(String)
    case allWithoutCondition
    /// `max(window, collated)` and the others, whose collation no text can say.
    case windowCollation(function: String)

    // MARK: Definitions

    case helperNameIsColumn(String, table: String)
    case aliasNameIsColumn(String, table: String)
    case notFullText(String, ftsTables: [String])
    case unknownFTSColumn(String, table: String, columns: [String])
    case enumCaseTwice(String)
    case unknownAliasTarget(String, table: String, suggestions: [String], relationships: [String])
    case alreadyATable(String)
    case definedInTermsOfItself(String)
    case enumNeedsLiteral
    /// An error inside the `let` query `name`.
    indirect case inLet(String, DSLProblem)

    // MARK: Mutations

    case mutationWithoutTable(stage: String)
    /// `update` or `delete` after select, group, count, distinct or join.
    case mutationOfDerivedRows(stage: String)
    case mutationWithoutKey(stage: String, table: String)
    case unknownInsertTable(String, suggestions: [String])
    case returningAggregate
    case setTwice(String)
    /// A column a mutation helper sets that the assignments set already.
    case setTwiceByHelper(String)
    case setToAggregate
    /// A column named among assignments without `= value`.
    case helperNeedsValue(String)
    case unknownMutationHelper(String, table: String, suggestions: [String], helpers: [String])
    case mutationHelperUsesItself(String)
    /// An error inside the mutation helper `name`, defined as `definition`.
    indirect case inMutationHelper(String, definition: String, DSLProblem)
}

extension DSLProblem {
    /// What a relation in scope offers, for the notes of an unknown name:
    /// how it reads (`reminders`, `e (employees)`), its columns, its
    /// relationships and its helpers.
    public struct RelationOutline: Equatable, Sendable {
        public var described: String
        public var columns: [String]
        public var relationships: [Relationship]
        public var helpers: [String]
    }

    /// An enum that has the case: its column (`table.column` when not in
    /// scope) and the case's value there.
    public struct EnumMatch: Equatable, Sendable {
        public var column: String
        public var value: SQLValue
    }

    /// The first line of the error.
    public var message: String { wording.message }
    /// Printed after the carets.
    public var label: String { wording.label }
    /// Lines printed after the snippet.
    public var notes: [DiagnosticNote] { wording.notes }

    /// Whether the text ends inside a string or a quoted name, which a
    /// later line may close.
    public var isUnterminated: Bool {
        switch self {
        case .unterminatedString, .unterminatedQuotedName: true
        default: false
        }
    }

    /// The words of a problem, from the file of its area.
    struct Wording {
        var message: String
        var label: String
        var notes: [DiagnosticNote]

        init(_ message: String, label: String, notes: [DiagnosticNote] = []) {
            self.message = message
            self.label = label
            self.notes = notes
        }
    }

    /// Each area's file words its own cases and gives nil for the others.
    /// `DSLProblemTests` checks that some area words every case, so the
    /// last resort, the case as Swift prints it, is not what anyone reads.
    private var wording: Wording {
        syntaxWording ?? nameWording ?? stageWording ?? searchWording ?? expressionWording ?? definitionWording
            ?? mutationWording ?? Wording(String(describing: self), label: "")
    }

    /// `help: did you mean `a` or `b`?`, none when nothing is close.
    static func didYouMean(_ names: [String]) -> [DiagnosticNote] {
        names.isEmpty ? [] : [.help("did you mean " + Suggestions.phrase(names.map { "`\($0)`" }) + "?")]
    }

    /// `note: what: a, b, c`.
    static func listing(_ what: String, _ names: [String]) -> DiagnosticNote {
        .note(what + ": " + names.joined(separator: ", "))
    }
}

import Testing
@testable import RQLLanguage

/// The catalogue of DSL errors: a few cases' words pinned as printed, and
/// every case worded, each message its own but where two cases are meant
/// to say the same thing.
@Suite struct DSLProblemTests {
    @Test func anUnknownColumnSuggestsAndListsTheColumns() {
        let problem = DSLProblem.unknownColumn("titel", table: "reminders", suggestions: ["title"], columns: ["id", "title"])
        #expect(problem.message == "no column `titel` in `reminders`")
        #expect(problem.label == "unknown column")
        #expect(problem.notes.map(\.text) == ["help: did you mean `title`?", "note: columns of `reminders`: id, title"])
        #expect(DSLProblem.unknownColumn("x", table: "t", suggestions: [], columns: ["a"]).notes == [.note("columns of `t`: a")])
    }

    @Test func anUnknownStageSuggestsAStageAsAKeyword() {
        let problem = DSLProblem.unknownStage("selct", suggestions: ["select"])
        #expect(problem.message == "unknown stage `selct`")
        #expect(problem.label == "not a stage")
        #expect(problem.notes.map(\.text) == [
            "help: did you mean select?",
            "help: stages are where, select, order, limit, offset, group, having, distinct, count, join, find, search, "
                + "update, delete, insert, returning, union, intersect, except, chart",
        ])
    }

    @Test func anUnknownNameOutlinesTheRelationsInScope() {
        let lists = Relationship(name: "reminders", kind: .toMany, target: "reminders", links: [], junction: nil, junctionLinks: [])
        let outline = DSLProblem.RelationOutline(described: "`remindersLists`", columns: ["id", "title"], relationships: [lists],
                                                 helpers: ["open"])
        let problem = DSLProblem.unknownName("titel", suggestions: ["title"], enumCases: nil, resultColumns: ["n"],
                                             relations: [outline])
        #expect(problem.message == "unknown name `titel`")
        #expect(problem.label == "not a column, helper or relationship of `remindersLists`")
        #expect(problem.notes.map(\.text) == [
            "help: did you mean `title`?",
            "note: result columns so far: n",
            "note: columns of `remindersLists`: id, title",
            "note: relationships of `remindersLists`: reminders (many)",
            "note: helpers of `remindersLists`: open",
        ])
        let nothing = DSLProblem.unknownName("x", suggestions: [], enumCases: nil, resultColumns: nil, relations: [])
        #expect(nothing.label == "no columns can be used here")
        #expect(nothing.notes.isEmpty)
    }

    @Test func anErrorInsideAHelperKeepsItsWordsAndAddsTheDefinition() {
        let inner = DSLProblem.unknownColumn("titel", table: "reminders", suggestions: [], columns: ["title"])
        let problem = DSLProblem.inMutationHelper("reminders.done", definition: "def reminders.done := titel = 1", inner)
        #expect(problem.message == "in mutation helper `reminders.done`: no column `titel` in `reminders`")
        #expect(problem.label == "helper used here")
        #expect(problem.notes.map(\.text) == ["note: columns of `reminders`: title", "note: def reminders.done := titel = 1"])
        #expect(DSLProblem.inLet("open", inner).message == "in `let open`: no column `titel` in `reminders`")
    }

    @Test func anOpenStringSaysHowToWriteItsQuote() {
        let problem = DSLProblem.unterminatedString(quote: "'")
        #expect(problem.message == "unterminated string")
        #expect(problem.label == "this string has no closing '")
        #expect(problem.notes == [.help("write a ' inside it twice: ''")])
        #expect(problem.isUnterminated)
        #expect(DSLProblem.unterminatedQuotedName.label == "this quoted name has no closing `")
        #expect(!DSLProblem.emptyQuotedName.isUnterminated)
    }

    @Test func countsAreWordedWithTheirNouns() {
        #expect(DSLProblem.compoundWidths(stage: "union", left: 2, right: 1).label == "1 column")
        #expect(DSLProblem.compoundWidths(stage: "union", left: 1, right: 3).message
                == "`union` combines rows of the same number of columns: the rows so far have 1, the query in parentheses 3")
        #expect(DSLProblem.findCompositeKey(relation: "`tags`", key: ["a", "b"]).notes == [.help("use where: a == … and b == …")])
    }

    @Test func onlyAnInterruptionIsOne() {
        #expect(DSLError(.interrupted, at: SourceSpan(0, 0)).isInterruption)
        #expect(DSLError(.interrupted, at: SourceSpan(0, 0)).message == "interrupted")
        #expect(!DSLError(.inLet("a", .interrupted), at: SourceSpan(0, 0)).isInterruption)
    }

    /// Every case has words of its own; the groups here say one thing in
    /// one message and tell themselves apart by label or notes.
    @Test func everyCaseHasItsOwnMessageButTheSharedOnes() {
        for problem in Self.everyCase {
            let isUnworded = problem.message == String(describing: problem) && problem.label.isEmpty
            #expect(!isUnworded, "not worded: \(problem)")
        }
        let byMessage = Dictionary(grouping: Self.everyCase, by: \.message).filter { $0.value.count > 1 }
        #expect(Set(byMessage.keys) == [
            "malformed number `x`",
            "the query is nested too deeply",
            "no table or view named `x`",
            "no column `x` in `t`",
            "a to-many relationship is not a value",
            "`x` is already a column of `t`",
            "`x` is set twice",
        ])
        for (message, problems) in byMessage {
            #expect(Set(problems.map { [$0.label] + $0.notes.map(\.text) }).count == problems.count, "\(message)")
        }
    }

    /// One value of each case, its names `x` (and `t` for a table).
    static let everyCase: [DSLProblem] = syntaxCases + nameCases + stageCases + expressionCases + definitionCases

    static let syntaxCases: [DSLProblem] = [
        .emptyQuotedName, .unexpectedCharacter("x"), .digitLeadsName("x"), .malformedNumber("x"),
        .unterminatedString(quote: "'"), .unterminatedQuotedName, .unexpected(expected: "x", found: "y", label: "z"),
        .missingPipe(before: "x"), .missingStage(found: "x", atEnd: true), .unknownStage("x", suggestions: []),
        .nestedTooDeeply(levels: 1), .treeTooDeep(levels: 1), .equalsInAssignment(column: "x"), .upsertWithoutColumns,
        .mutationHelperWithoutTable("x"), .orWithText, .chainedComparison, .assignInComparison, .inWithoutList(found: "x"),
        .listOutsideIn, .unknownCastType(suggestions: []), .sqlKeywordTypo("x", keyword: "select"),
        .interrupted, .expandedTooDeeply(levels: 1),
    ]

    static let nameCases: [DSLProblem] = [
        .unknownSource("x", suggestions: [], tables: [], views: []), .unknownTable("x", suggestions: []),
        .unknownColumn("x", table: "t", suggestions: [], columns: ["a"]),
        .unknownName("x", suggestions: [], enumCases: nil, resultColumns: nil, relations: []),
        .noMember("x", of: .init(described: "`t`", columns: [], relationships: [], helpers: []), suggestions: []),
        .ambiguous("x", relations: []), .tableNotValue("x", column: "id"), .relationshipNotValue("x", target: "t", column: "id"),
        .columnNotRelationship("x", member: "y"), .toManyNotValue("x", of: "`t`", path: []), .secondRelationship(already: "x"),
        .ambiguousEnumCase("x", matches: []), .missingTable("x"), .unknownRelationName("x", names: []),
        .helperUsesItself("x", definition: "def x"), .helpersTooDeep(levels: 1),
        .inHelper("x", definition: "def x", .emptySearch),
    ]

    static let stageCases: [DSLProblem] = [
        .insertNotFirst(table: "t"), .onlyReturning(after: "x"), .returningWithoutChange, .havingWithoutGroup, .chartNotLast,
        .unknownChart("x", suggestions: []), .compoundWidths(stage: "x", left: 1, right: 2), .aggregateFilters(stage: "x"),
        .windowFilters(stage: "x"), .notGrouped("x"), .groupByAggregate, .starAfterGroup, .toManySelected("x"),
        .findWithoutKey, .findCompositeKey(relation: "x", key: []), .alreadyJoined("x", source: "t"),
        .joinWithoutForeignKeys("x"), .noJoiningKey("x", source: "t", relations: []),
        .severalJoiningKeys("x", source: "t", relations: []), .searchTooLate, .searchWithoutTable, .emptySearch,
        .searchTableGone(table: "t", fts: "x"), .noSearchTable("x"), .severalSearchTables("x", candidates: []),
        .notInFTS4(function: "x", table: "t"), .searchFunctionArguments(function: "x", table: "t"),
        .notIndexed("x", table: "t", suggestions: [], columns: []), .searchFunctionWithoutSearch("x"),
    ]

    static let expressionCases: [DSLProblem] = [
        .parameterNotSet("x"), .filterOutsideAggregate, .membersOfNonName, .subqueryChangesRows, .subqueryColumns(2),
        .distinctOutsideAggregate(function: "x"), .filterWithoutRelationship, .overWithoutCall, .filterWithoutAggregate,
        .toManyArgument, .unknownFunction("x", suggestions: []), .quantifierWithoutRelationship("x"), .allWithoutCondition,
        .windowCollation(function: "x"),
    ]

    static let definitionCases: [DSLProblem] = [
        .helperNameIsColumn("x", table: "t"), .aliasNameIsColumn("x", table: "t"), .notFullText("x", ftsTables: []),
        .unknownFTSColumn("x", table: "t", columns: []), .enumCaseTwice("x"),
        .unknownAliasTarget("x", table: "t", suggestions: [], relationships: []), .alreadyATable("x"),
        .definedInTermsOfItself("x"), .enumNeedsLiteral, .inLet("x", .emptySearch),
        .mutationWithoutTable(stage: "x"), .mutationOfDerivedRows(stage: "x"), .mutationWithoutKey(stage: "x", table: "t"),
        .unknownInsertTable("x", suggestions: []), .returningAggregate, .setTwice("x"), .setTwiceByHelper("x"),
        .setToAggregate, .helperNeedsValue("x"), .unknownMutationHelper("x", table: "t", suggestions: [], helpers: []),
        .mutationHelperUsesItself("x"), .inMutationHelper("x", definition: "def x", .emptySearch),
    ]
}

import Testing
@testable import RQLEngine
import RQLLanguage

/// The catalogue of command errors: a few cases' words pinned as printed,
/// and every case worded, each message its own.
@Suite struct CommandProblemTests {
    @Test func anUnknownCommandSuggestsTheNearestOne() {
        let problem = CommandProblem.unknownCommand("opne")
        #expect(problem.message == "unknown command: .opne")
        #expect(problem.notes.map(\.text) == ["did you mean .open?", ".help lists the dot-commands"])
        #expect(CommandProblem.unknownCommand("zzzzzz").notes == [.plain(".help lists the dot-commands")])
    }

    @Test func helpSuggestsAStageBeforeADotCommand() {
        #expect(CommandProblem.noHelp("selct").notes == [.plain("did you mean select?")])
        #expect(CommandProblem.noHelp(".opne").notes == [.plain("did you mean .open?")])
        #expect(CommandProblem.noHelp("zzzzzz").notes == [.plain(".help lists the dot-commands; .help dsl the query language")])
    }

    @Test func aLockedFileSaysWhoHoldsItAndHowLongRQLWaited() {
        let problem = CommandProblem.locked("a.db", message: "database is locked",
                                            holder: "process 42 holds a shared lock on it (it is reading)", waited: 500)
        #expect(problem.message == "cannot open a.db: database is locked")
        #expect(problem.notes.map(\.text) == [
            "note: process 42 holds a shared lock on it (it is reading)",
            "note: rql waited 500 ms for it (.timeout MS waits longer)",
        ])
        #expect(CommandProblem.locked("a.db", message: "m", holder: nil, waited: 1).notes.count == 1)
    }

    @Test func importColumnsNameWhatEachSideLacks() {
        let problem = CommandProblem.importColumns(path: "p.csv", table: "t", absent: ["a"], computed: ["g"], missing: ["b", "c"])
        #expect(problem.message == "the columns of p.csv are not those of t")
        #expect(problem.notes.map(\.text) == [
            "t has no column a",
            "t computes g (a generated column): no value goes into it",
            "p.csv has no column b, c",
            "help: --by-position fills the columns in order",
        ])
    }

    @Test func safeModeSaysWhatItRefusedAndWhyItIsOn() {
        let problem = CommandProblem.refused(.vacuumInto)
        #expect(problem.message == "refused by safe mode: VACUUM INTO would write a file outside the private database")
        #expect(problem.notes == [.plain("safe mode is on: rql --safe, or a notebook command without --unsafe")])
        #expect(CommandProblem.notADatabase("f").notes.map(\.text) == ["help: .backup --force f replaces it"])
    }

    @Test func jsonFaultsAreWordedAfterInvalidJSON() {
        #expect(CommandProblem.invalidJSON(.expectedColon(afterKey: "a")).message == "invalid JSON: expected `:` after the key \"a\"")
        #expect(CommandProblem.invalidJSON(.expectedColon(afterKey: nil)).message == "invalid JSON: expected `:` after a key")
        #expect(JSONFault.unknownEscape("q").words == "an unknown escape \\q")
        let faults: [JSONFault] = [
            .afterArray, .endsInsideArray, .endsInsideRecord, .expectedAfterRecord, .notAnObject(inArray: true),
            .notAnObject(inArray: false), .expectedKey, .expectedColon(afterKey: nil), .expectedAfterValue(closing: "}"),
            .expectedValue, .expectedLiteral, .malformedNumber, .unclosedString, .controlCharacter, .halfCharacter,
            .unknownEscape("q"), .shortUnicodeEscape, .nestedTooDeeply(levels: 1),
        ]
        #expect(Set(faults.map(\.words)).count == faults.count)
    }

    @Test func onlyAnInterruptionIsOne() {
        #expect(CommandError(.importInterrupted).interruption == "; nothing was imported")
        #expect(CommandError(.importInterrupted).message == "interrupted; nothing was imported")
        #expect(CommandError(.interrupted).interruption == "")
        #expect(CommandError(.dsl(.interrupted)).isInterruption)
        #expect(!CommandError(.dsl(.emptySearch)).isInterruption)
        #expect(!CommandError(.sqlite("interrupted")).isInterruption)
    }

    @Test func othersWordsPassThroughAsTheyAre() {
        #expect(CommandProblem.sqlite("no such table: t").message == "no such table: t")
        #expect(CommandProblem.dsl(.emptySearch).notes == DSLProblem.emptySearch.notes)
        #expect(CommandProblem.notebook("cannot read the notebook: x", help: "h").notes == [.help("h")])
    }

    /// Every case has words of its own (`interrupted` is its own name);
    /// a file that is locked says what any file that cannot be opened
    /// says, and its notes tell it apart.
    @Test func everyCaseHasItsOwnMessageButTheSharedOnes() {
        for problem in Self.everyCase where problem != .interrupted {
            #expect(problem.message != String(describing: problem), "not worded: \(problem)")
        }
        let byMessage = Dictionary(grouping: Self.everyCase, by: \.message).filter { $0.value.count > 1 }
        #expect(Set(byMessage.keys) == ["cannot open x: y"])
        for (message, problems) in byMessage {
            #expect(Set(problems.map { $0.notes.map(\.text) }).count == problems.count, "\(message)")
        }
    }

    /// One value of each case, its names `x`; the words passed on from
    /// elsewhere each their own.
    static let everyCase: [CommandProblem] = dotCommandCases + sessionCases + fileCases + importCases + inspectorCases + passedOn

    static let dotCommandCases: [CommandProblem] = [
        .usage(command: ".x", usage: ".x ARG"), .missingCommandName, .unknownCommand("x"), .ambiguousCommand("x", candidates: ["xa", "xb"]),
        .unknownFlag(command: ".x", flag: "--y", usage: ".x"), .notOnOff(command: ".x", given: "y"),
        .notANumber(command: ".x", expected: "milliseconds", given: "y"), .notAChoice(command: ".x", choices: ["a", "b"], noun: nil, given: "y"),
        .unterminatedQuote("'"), .noHelp("x"), .explainWithoutQuery, .explainSeveral(count: 2, first: "x"), .explainDefinition, .summarizeWhat, .summarizeNotQuery, .expertWhat, .expertCopy(reason: "y"),
        .nothingShownYet, .lastNotKept, .lastTooBig(rows: 1, mebibytes: 1), .noParameter("x"), .badParameterName("x"),
        .unnumberedParameter, .cannotChangeFolder("x", exists: false, isFolder: false), .cannotRun("x", reason: "y"), .shellStatus(1),
        .editOutsidePrompt, .editorNotFound("x", variable: "EDITOR"), .editorFailed("x", how: "y"), .editedNothing, .editFile(reason: "y"),
        .pipeWithoutCommand, .cannotMakePipe("x", reason: "y"), .notAvailable(command: ".x"), .recordNotNotebook("x"), .notRecording,
        .resetNotSample("x"), .unknownSample("x"), .readTooDeep(path: "x", levels: 1), .readFailures(1, of: 2, path: "x"),
    ]

    static let sessionCases: [CommandProblem] = [
        .unknownTour("x"), .noTour, .notADuration("x"), .clockPastEnd("x", now: "y"), .clockGoesBack(now: "x"), .clockSetup(code: 1),
        .safeModeSetup(code: 1), .extensionsOff, .refused(.attach), .refused(.vacuumInto), .refused(.vacuum), .refused(.fts3Tokenizer),
        .refused(.folderPragma("x")), .refused(.dotCommand("x")), .refused(.erdSVG), .refused(.readOutside(folder: "x")),
        .connectionInMemory(1, target: "x"), .activeConnection(1), .noConnection(1), .scratchFolder(reason: "y"),
        .scratchCopy("x", reason: "y"), .interrupted, .importInterrupted,
        .sandboxAlreadyOn(steps: 1), .sandboxReadOnly("x"), .sandboxInTransaction, .noSandbox(command: "keep"),
        .undoWithoutSandbox, .nothingToUndo(asked: 1, steps: 0), .refusedInSandbox("VACUUM"), .sandboxInScript(".undo"), .previewWhat,
        .previewDotCommand,
    ]

    static let fileCases: [CommandProblem] = [
        .cannotOpen("x", reason: "y"), .noSuchFile("x"), .openFolder("x"), .hotJournal("x"),
        .locked("x", message: "y", holder: nil, waited: 1), .cannotRead("x", reason: "y"), .cannotWrite("x", reason: "y"),
        .cannotCopy("x", reason: "y"), .appTriggers(reason: "y"), .sampleBuild("x", reason: "y"), .alreadyExists("x"),
        .restoreInTransaction, .notRegularFile("x"), .notADatabase("x"), .noDatabase("x", databases: ["main"]),
        .backupCopy("x", reason: "y"), .backupOfNonDatabase("x"), .dumpUnterminated("x"), .tooLong(maximum: 1), .nulByte,
    ]

    static let importCases: [CommandProblem] = [
        .importFormat("x"), .importSeparator("x"), .importNoRoom("x", folder: "f", reason: "y"), .importCopy("x", reason: "y"),
        .noRecords("x"), .noKeyedRecords("x"), .importTarget("x", type: "view"),
        .importWidths(path: "x", columns: 1, table: "t", tableColumns: 2),
        .importColumns(path: "x", table: "t", absent: [], computed: [], missing: []), .unclosedQuotedField,
        .quoteAfterClosingQuote, .fieldCount(1, width: 2, header: true), .recordTooLong(maximum: 1), .tooManyFields(maximum: 1),
        .invalidJSON(.unclosedString),
    ]

    static let inspectorCases: [CommandProblem] = [
        .noTable("x", orView: true, tables: []), .noTrigger("x", triggers: []), .noView("x", views: []),
        .noFullTextTable("x", tables: []), .tokenizerFails("x", reason: "y"), .noTableMatches(["x"]), .noSchemaMatch("x"),
        .graphvizMissing, .dotFailed("y"),
    ]

    /// The cases whose message is words from elsewhere, each different.
    static let passedOn: [CommandProblem] = [
        .sqlite("SQLite's words"), .dsl(.emptySearch), .chart("a chart's words"), .notebook("a notebook's words", help: nil),
        .notAnInstant(.notAnInstant("x")), .importRow(sqlite: "SQLite's words for a row"), .unexpected("Swift's words"),
    ]
}

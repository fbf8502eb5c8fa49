import Foundation
import Testing
import RQLEngine
import RQLLanguage

/// Tab completion: what `Session.completions(before:)` offers where.
@Suite struct CompletionTests {
    let test: TestSession

    init() throws {
        test = try TestSession()
    }

    func candidates(_ text: String) -> [String] {
        test.session.completions(before: text).candidates
    }

    @Test func dotCommandNames() {
        #expect(candidates(".he") == [".headers", ".help", ".helpers"])
        #expect(test.session.completions(before: ".he").word == ".he")
        #expect(candidates("  .tou") == [".tour"])
        #expect(candidates(".trig") == [".triggers"])
        #expect(candidates(".trigger") == [".trigger", ".triggers"])
    }

    @Test func dotCommandArguments() {
        #expect(candidates(".mode c") == ["csv"])
        #expect(candidates(".headers o") == ["off", "on"])
        #expect(candidates(".schema remindersL") == ["remindersListAssets", "remindersLists"])
        #expect(candidates(".sample e") == ["employees"])
        #expect(candidates(".help tim") == ["timeout", "timer"])
        #expect(candidates(".parameter s") == ["set"])
        #expect(candidates(".triggers remindersT") == ["remindersTags"])
        #expect(candidates(".trigger remindersTags_") == ["remindersTags_limit_before_insert"])
        #expect(candidates(".quit x") == [])
        #expect(candidates(".nosuch x") == [])
    }

    @Test func filesAfterCommandsThatTakeOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("north.sql").path, contents: Data()))
        let completion = test.session.completions(before: ".read \(folder.path)/no")
        #expect(completion.word == folder.path + "/no")
        #expect(completion.candidates == [folder.path + "/north.sql", folder.path + "/notes/"])
    }

    @Test func theFirstWordIsAStatementOrASource() {
        #expect(candidates("sel") == ["select"])
        #expect(candidates("SEL") == ["SELECT"])
        #expect(candidates("remindersT") == ["remindersTags"])
        #expect(candidates("de") == ["def", "delete", "detach"])
    }

    @Test func sqlTablesAfterFrom() {
        #expect(candidates("SELECT * FROM rem") == ["reminders", "remindersListAssets", "remindersLists", "remindersTags", "reminderTexts"])
        #expect(candidates("select * from reminders join t") == ["tags"])
        #expect(candidates("INSERT INTO ta") == ["tags"])
    }

    @Test func sqlColumnsOfTheTablesNamed() {
        #expect(candidates("SELECT ti") == ["ties", "time(", "title"])
        #expect(candidates("SELECT dueD") == ["dueDate"])
        #expect(candidates("SELECT isF") == ["isFlagged"])
        #expect(candidates("select titl from tags where ti").contains("title"))
        #expect(candidates("SELECT count(*) FROM reminders WHERE pri") == ["primary", "printf(", "priority"])
    }

    @Test func sqlKeywordsFollowTheCaseTyped() {
        #expect(candidates("SELECT * FROM reminders ORD") == ["ORDER"])
        #expect(candidates("select * from reminders ord") == ["order"])
    }

    @Test func sqlFunctionsComeWithAParenthesis() {
        #expect(candidates("SELECT medi") == ["median("])
        #expect(candidates("select json_group_a") == ["json_group_array("])
    }

    @Test func sqlQualifiedColumns() {
        #expect(candidates("SELECT reminders.ti") == ["reminders.title"])
        #expect(candidates("SELECT r.ti FROM reminders AS r WHERE r.is") == ["r.isFlagged"])
        #expect(test.session.completions(before: "SELECT l.t", after: " FROM remindersLists l").candidates == ["l.title"])
    }

    @Test func catalogIsReadAgainAfterDDL() {
        test.run("CREATE TABLE gadgets (id INTEGER PRIMARY KEY, gizmoName TEXT);")
        #expect(candidates("SELECT * FROM gad") == ["gadgets"])
        #expect(candidates("SELECT gizmo") == ["gizmoName"])
    }

    @Test func dslStages() {
        #expect(candidates("reminders | wh") == ["where"])
        #expect(candidates("reminders | where isFlagged | o") == ["offset", "order"])
        #expect(candidates("reminders | ").count == 21)
        #expect(candidates("reminders | select title | un") == ["union"])
    }

    @Test func dslNamesInScope() {
        #expect(candidates("reminders | where isF") == ["isFlagged"])
        #expect(candidates("reminders | where isC") == ["isCompleted"])
        #expect(candidates("reminders | select remindersL") == ["remindersList", "remindersListID"])
        #expect(candidates("reminders | where li") == ["like", "like(", "likelihood(", "likely(", "list"])
        #expect(candidates("remindersLists | select count(rem") == ["reminders", "remindersListAssets"])
    }

    @Test func dslPathsThroughRelationships() {
        #expect(candidates("reminders | select remindersList.ti") == ["remindersList.title"])
        #expect(candidates("reminders | where list.co") == ["list.color"])
    }

    @Test func explainCompletesItsQuery() {
        #expect(candidates(".explain SELECT * FROM tag") == ["tags"])
        #expect(candidates(".explain reminders | ord") == ["order"])
    }

    @Test func aSecondLineOfSQLKeepsTheStatementsContext() {
        #expect(candidates("SELECT title\nFROM remindersL") == ["remindersListAssets", "remindersLists"])
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func chinookNames() throws {
        let chinook = try TestSession.chinook(readonly: false)
        #expect(chinook.session.completions(before: "Track | where Genre.Na").candidates == ["Genre.Name"])
        #expect(chinook.session.completions(before: "SELECT * FROM Inv").candidates == ["Invoice", "InvoiceLine"])
        #expect(chinook.session.completions(before: "Album | select Artist.").candidates.contains("Artist.Name"))
    }
}

/// Names that SQL, the DSL or a dot-command cannot read bare come from Tab
/// in quotes, and a name whose opening quote is typed is continued.
@Suite struct QuotedNameCompletionTests {
    let test: TestSession

    init() throws {
        test = try TestSession.inMemory("""
            CREATE TABLE "Order Details" ("Unit Price" REAL, qty INTEGER, "order" TEXT);
            CREATE TABLE Orders (id INTEGER PRIMARY KEY);
            CREATE TABLE "東京 店" (名前 TEXT);
            CREATE TABLE "it's" (x);
            """)
    }

    func completion(_ text: String) -> Completion {
        test.session.completions(before: text)
    }

    @Test func sqlQuotesNamesThatAreNotPlainWords() {
        #expect(completion("SELECT * FROM Ord").candidates == ["\"Order Details\"", "Orders"])
        #expect(completion("SELECT * FROM 東").candidates == ["\"東京 店\""])
        #expect(completion("SELECT * FROM \"Order D") == Completion(word: "\"Order D", candidates: ["\"Order Details\""]))
        #expect(completion("SELECT * FROM \"東京").candidates == ["\"東京 店\""])
        // A keyword is quoted as a name; after an opening quote no keyword is offered.
        #expect(test.session.completions(before: "SELECT ord", after: " FROM \"Order Details\"").candidates
                == ["\"order\"", "order", "\"Order Details\"", "Orders"])
        #expect(completion("SELECT \"ord").candidates == ["\"order\"", "\"Order Details\"", "Orders"])
        #expect(completion("SELECT \"Unit").candidates == ["\"Unit Price\""])
        #expect(completion("SELECT \"Order Details\".Un") == Completion(word: "\"Order Details\".Un",
                                                                       candidates: ["\"Order Details\".\"Unit Price\""]))
        #expect(completion("SELECT \"東京 店\".").candidates == ["\"東京 店\".名前"])
        // A quote in a string or a comment opens no name.
        #expect(completion("SELECT '\"' FROM Ord").candidates == ["\"Order Details\"", "Orders"])
        #expect(completion("SELECT 1 -- \"\nFROM Ord").candidates == ["\"Order Details\"", "Orders"])
    }

    @Test func theDSLQuotesThemInBackticks() {
        #expect(completion("Ord").candidates == ["`Order Details`", "Orders"])
        #expect(completion("`Order D").candidates == ["`Order Details`"])
        #expect(completion("`Order").candidates == ["`Order Details`", "Orders"])
        #expect(completion("`Order Details` | select Unit").candidates == ["`Unit Price`"])
        #expect(completion("`Order Details` | select `Unit").candidates == ["`Unit Price`"])
        #expect(completion("`Order Details` | select `Order Details`.q").candidates == ["`Order Details`.qty"])
        // Stage words are names inside an expression; the DSL's own words are not.
        #expect(completion("`Order Details` | where or").candidates == ["or", "order"])
    }

    @Test func aDotCommandsWordsAreQuotedWhenTheyHoldABlank() {
        #expect(completion(".schema Ord").candidates == ["\"Order Details\"", "Orders"])
        #expect(completion(".describe 'Order D").candidates == ["\"Order Details\""])
        #expect(completion(".schema it").candidates == ["it's"])
        #expect(completion(".schema \"東").candidates == ["\"東京 店\""])
    }

    /// What the candidates name is what runs.
    @Test func theCompletedTextRuns() {
        for (typed, rest) in [("SELECT count(*) FROM \"Order D", ";"), ("`Order D", " | count"), (".describe \"東", "")] {
            let completion = completion(typed)
            let text = String(typed.dropLast(completion.word.count)) + (completion.candidates.first ?? "") + rest
            #expect(test.run(text).errors == "", "\(text)")
        }
    }
}


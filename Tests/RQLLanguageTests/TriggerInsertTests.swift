import Testing
import RQLLanguage

/// Reading the `INSERT` of a trigger body that keeps a full-text table in
/// step: what it copies from the new row, and the key that follows.
@Suite struct TriggerInsertTests {
    let reminders = Catalog.Table(name: "reminders", columns: [
        .init(name: "id", type: "INTEGER", isPrimaryKey: true), .init(name: "title"), .init(name: "notes"),
        .init(name: "remindersListID"),
    ])

    func copies(_ statement: String, on table: Catalog.Table? = nil) -> [String: String]? {
        guard let insert = TriggerInsert.read(statement, on: table ?? reminders) else { return nil }
        return Dictionary(insert.copies.compactMap { copy in copy.newColumn.map { (copy.column, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The body of the insert trigger StructuredQueries generates for its
    /// test schema, as its tests run it (one clause a line) and as an app
    /// runs it (one line).
    @Test func structuredQueriesGeneratedInsertSelect() throws {
        let testing = """
            INSERT INTO "reminderTexts"
              ("reminderID", "title", "notes", "listID", "listTitle", "tags")
              SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "remindersLists"."id", "remindersLists"."title", ''
              FROM "reminders"
              JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
              WHERE ("reminders"."id") IN (("new"."id"));
            """
        let app = #"INSERT INTO "reminderTexts" ("reminderID", "title", "notes", "listID", "listTitle", "tags") SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "remindersLists"."id", "remindersLists"."title", '' FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id") WHERE ("reminders"."id") IN (("new"."id"));"#
        for statement in [testing, app] {
            let insert = try #require(TriggerInsert.read(statement, on: reminders))
            #expect(insert.table == "reminderTexts")
            #expect(insert.copies == [
                .init(column: "reminderID", newColumn: "id"), .init(column: "title", newColumn: "title"),
                .init(column: "notes", newColumn: "notes"), .init(column: "listID", newColumn: nil),
                .init(column: "listTitle", newColumn: nil), .init(column: "tags", newColumn: nil),
            ])
            #expect(insert.searchKey(on: reminders) == Catalog.SearchKey(fts: "reminderID", source: "id"))
        }
    }

    /// Later versions wrap the whole `WHERE` once more and write the rowid.
    @Test func theWholeConditionInParenthesesAndTheRowid() throws {
        let statement = #"INSERT INTO "reminderTexts" ("rowid", "title", "notes", "listID", "listTitle", "tags") SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "remindersLists"."id", "remindersLists"."title", '' FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") WHERE (("reminders"."id") IN (("new"."id")))"#
        let insert = try #require(TriggerInsert.read(statement, on: reminders))
        #expect(insert.searchKey(on: reminders) == Catalog.SearchKey(fts: "rowid", source: "id"))
    }

    @Test func aliasesQuotingAndEitherOrder() {
        let expected = ["rowid": "id", "title": "title"]
        for condition in [
            "r.id = new.id", "new.id = r.id", "r.id == new.id", "r.id IS new.id", "new.id IS r.id",
            "r.id IS NOT DISTINCT FROM new.id", "new.id IN (r.id)", "((r.id)) = (((new.id)))",
            "[r].`id` = \"NEW\".[ID]", "r.flag AND (r.id = new.id AND 1)", "r.rowid = new.rowid", "r.oid = new.id",
        ] {
            #expect(copies("INSERT INTO ix (rowid, title) SELECT r.id, (r.title) AS t FROM reminders AS r WHERE \(condition)") == expected,
                    "\(condition)")
        }
        #expect(copies("INSERT INTO ix (rowid, title) SELECT \"x\".\"id\", x.title FROM main.reminders \"x\" WHERE x.id = new.id") == expected)
        #expect(copies("INSERT OR REPLACE INTO main.ix AS i (rowid, title) SELECT id, title FROM reminders WHERE id = new.id") == expected)
        #expect(copies("REPLACE INTO ix (rowid, title) SELECT new.id, new.title") == expected)
    }

    @Test func aSelectThatDoesNotPickTheNewRowCopiesNothing() {
        for condition in [
            "r.title = new.title", "r.id IN (new.id, 3)", "r.id <= new.id", "r.id != new.id", "r.id >= new.id",
            "r.id = new.id OR 1", "r.id IS NOT new.id", "r.id = old.id", "other.id = new.id", "r.id NOT IN (new.id)",
            "r.id IN (SELECT new.id)", "r.id = new.title",
        ] {
            #expect(copies("INSERT INTO ix (rowid, title) SELECT r.id, r.title FROM reminders r WHERE \(condition)") == nil, "\(condition)")
        }
        // Read twice, or not at all.
        #expect(copies("INSERT INTO ix (rowid) SELECT a.id FROM reminders a, reminders b WHERE a.id = new.id") == nil)
        #expect(copies("INSERT INTO ix (rowid) SELECT id FROM tags WHERE id = new.id") == nil)
        #expect(copies("INSERT INTO ix (rowid) SELECT id FROM reminders WHERE id = new.id UNION SELECT 1") == nil)
        #expect(copies("INSERT INTO ix (rowid) SELECT id FROM reminders") == nil)
    }

    @Test func aCompositeKeyIsPickedWhole() {
        let lines = Catalog.Table(name: "lines", columns: [
            .init(name: "orderID", isPrimaryKey: true), .init(name: "position", isPrimaryKey: true), .init(name: "text"),
        ], hasRowid: false)
        let statement = "INSERT INTO ix (lineKey, text) SELECT l.orderID, l.text FROM lines l WHERE l.orderID = new.orderID"
        #expect(copies(statement, on: lines) == nil)
        #expect(copies(statement + " AND new.position = l.position", on: lines) == ["lineKey": "orderID", "text": "text"])
    }

    @Test func valuesInParenthesesAndQuotes() throws {
        let insert = try #require(TriggerInsert.read(
            #"INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags") VALUES (("new"."rowid"), NEW."title", replace("new"."notes", '\n', ' '), '')"#,
            on: reminders))
        #expect(insert.copies.map(\.newColumn) == ["rowid", "title", nil, nil])
        #expect(insert.searchKey(on: reminders) == .rowid)
        #expect(TriggerInsert.read("UPDATE ix SET title = new.title", on: reminders) == nil)
        #expect(TriggerInsert.read("INSERT INTO ix VALUES (new.id)", on: reminders) == nil)
    }

    /// Trigger text comes from the database: whatever it holds is read
    /// without a crash, in time linear in its length (nothing recurses, so
    /// nesting deeper than any stack is read too).
    @Test func hostileTriggerText() {
        let deep = 100_000
        let nested = String(repeating: "(", count: deep) + "r.id = new.id" + String(repeating: ")", count: deep)
        #expect(copies("INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE \(nested)") == ["rowid": "id"])
        let terms = Array(repeating: "(r.title = new.title)", count: 10_000).joined(separator: " AND ")
        #expect(copies("INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE \(terms) AND r.id = new.id") == ["rowid": "id"])
        let many = 20_000
        for statement in [
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE " + String(repeating: "(", count: many),
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE " + String(repeating: ")", count: many) + "r.id = new.id",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE r.id IN " + String(repeating: "(new.id", count: many),
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE r.id = ",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE = new.id",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE r.id IS NOT DISTINCT",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE r.id IN (",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE r.id = new.id AND",
            "INSERT INTO ix (rowid) SELECT FROM WHERE", "INSERT INTO ix (rowid) SELECT", "INSERT INTO ix (", "INSERT INTO",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders AS", "INSERT INTO ix (rowid) SELECT r.id FROM reminders r.",
            "INSERT INTO ix (rowid) SELECT DISTINCT", "INSERT INTO ix (rowid) VALUES (",
            "INSERT INTO ix (rowid) SELECT 'unterminated FROM reminders WHERE id = new.id",
            "INSERT INTO ix (rowid) SELECT r.id FROM reminders r WHERE \"r\".\"id = new.id",
            String(repeating: "INSERT INTO ix (rowid) SELECT ", count: 5_000),
            String(repeating: "AND ", count: many), String(repeating: ". ", count: many), "", ";", ")(",
        ] {
            _ = TriggerInsert.read(statement, on: reminders)?.searchKey(on: reminders)
        }
        let reader = SQLExpressionReader(SQLTokenizer.tokens(String(repeating: "(a = b) AND (", count: many)))
        #expect(reader.equalities(reader.all).count == 1)
    }
}

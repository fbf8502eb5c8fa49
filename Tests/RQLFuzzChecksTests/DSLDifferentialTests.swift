import RQLLanguage
import Testing
@testable import RQLFuzzChecks

/// A fixed-seed slice of the DSL differential tester (`make fuzz` runs it
/// at length): random queries compiled by rql and by the reference
/// lowering give the same rows on random databases of each schema.
@Suite struct DSLDifferentialTests {
    @Test(arguments: DifferentialSchema.allCases)
    func rqlGivesTheDefinitionsRows(schema: DifferentialSchema) {
        let check = DSLDifferentialCheck()
        var problems: [String] = []
        for database in 0..<UInt64(12) {
            problems += check.compare(schema: schema, databaseSeed: database, querySeed: 1000 + database, queries: 60)
        }
        #expect(check.pairs >= 700)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(3).joined(separator: "\n\n"))")
    }
}

/// Cases the differential tester found, kept as they were found, and their kin.
@Suite struct DSLDifferentialFindingsTests {
    static let rows = [
        #"INSERT OR IGNORE INTO "reminders" ("id", "dueDate", "isFlagged", "notes", "position", "priority", "remindersListID", "status", "title") VALUES ('b', NULL, 5, 'b', 4, NULL, 'B', 3, '1');"#,
        #"INSERT OR IGNORE INTO "remindersTags" ("id", "reminderID", "tagID") VALUES ('1', 'b', 'B');"#,
    ]

    /// A to-one path's column keeps its own collation (BINARY here) in the
    /// joined form; the reference lowering's scalar subquery had none, so
    /// the other side's NOCASE decided: the INTERSECT of 'b' and 'B' was
    /// empty one way and 'b' the other. The subquery now says COLLATE BINARY.
    @Test func aPathsBinaryCollationInACompound() throws {
        let session = try #require(DifferentialSession(.reminders, rows: DSLDifferentialFindingsTests.rows))
        let query = DifferentialQuery.Case(definitions: ["let dl = remindersTags | where tagID is not nil"],
                                           text: "dl | select v = reminder.id | intersect (remindersTags | select v = tagID)")
        #expect(session.mismatch(query) == nil)
    }

    /// In a comparison SQLite takes a COLLATE said on the right before the
    /// left column's own, and the left column's own before the right's. A
    /// path read by a scalar subquery says its column's collation, so the
    /// comparison says what the joined column would have meant: NOCASE
    /// both times here, as with the join.
    @Test(arguments: ["remindersTags | where tagID == reminder.id | count",
                      "remindersTags | where reminder.id == 'B' collate nocase | count"])
    func aComparisonWithAPathUsesTheJoinedCollation(query: String) throws {
        let session = try #require(DifferentialSession(.reminders, rows: DSLDifferentialFindingsTests.rows))
        #expect(session.mismatch(DifferentialQuery.Case(text: query)) == nil)
    }

    /// A `select` that aggregates without `group` gives one row even of no
    /// rows, and there the row's key is NULL though its table holds none:
    /// `none pet…` is true (NOT EXISTS), where NOT IN gave NULL.
    @Test func aQuantifierBesideAnAggregateOfNoRows() throws {
        let session = try #require(DifferentialSession(.edges, rows: [
            #"INSERT OR IGNORE INTO "pet" ("id", "ownerId", "name", "weight") VALUES (NULL, 2, '1', NULL);"#,
            #"INSERT OR IGNORE INTO "pet" ("id", "ownerId", "name", "weight") VALUES (4, 1, 'b', 1.5);"#,
        ]))
        let query = DifferentialQuery.Case(
            definitions: ["let dl = owner | where count(note where body < 'b') > 2", "def owner.dh = boss.name"],
            text: "dl | select c0 = none pet.weight >= 1.5, c1 = total(owner.boss), c2 = score, h = dh")
        #expect(session.mismatch(query) == nil)
    }

    /// SQLite compares `CASE x WHEN y`, `BETWEEN`'s bounds and a lone
    /// constant `IN` item as `=`, `>=` and `<=`, where a COLLATE said on the
    /// right counts before the left column's own; a path read by a subquery
    /// said its own, which then won. An operator or a function over a path
    /// (`++`, `coalesce`) gave the operator the collation the path said,
    /// where the joined column's own stops at the operator; `max` and
    /// `nullif` do compare with it. Each compares now as the join does.
    @Test(arguments: ["remindersTags | where case tag.title when 'a ' collate rtrim then 1 else 0 end == 1",
                      "remindersTags | where tag.title between 'a ' collate rtrim and 'b'",
                      "remindersTags | where tag.title not between 'A' and 'a ' collate rtrim",
                      "remindersTags | where (tag.title ++ '') == 'A'",
                      "remindersTags | where coalesce(tag.title, '') == 'A'",
                      "remindersTags | where max(tag.title, 'B') == 'b'",
                      "remindersTags | where max(tag.title, 'B') between 'b' and 'c'",
                      "remindersTags | where max(tag.title, 'B') between 'b' collate nocase and 'a'",
                      "remindersTags | where nullif(tag.title, 'A') is nil",
                      "remindersTags | where tag.title in ['a ' collate rtrim]",
                      "remindersTags | select v = case tag.title when 'A' then 1 when 'a ' collate rtrim then 2 end"])
    func aPathComparesAsTheJoinedColumn(query: String) throws {
        let session = try #require(DifferentialSession(.reminders, rows: [
            #"INSERT INTO "remindersTags" ("id", "reminderID", "tagID") VALUES (2, 'a', 'a');"#,
            #"INSERT INTO "tags" ("title") VALUES ('a');"#,
        ]))
        #expect(session.mismatch(DifferentialQuery.Case(text: query)) == nil)
    }

    /// SQLite takes a value's collation alone to sort, group, partition,
    /// combine compounds and read an outer query's column: a said COLLATE
    /// first, else a column's own, which stops at any call that holds the
    /// column. `max(owner.name, '1')` has none when joined; read by a
    /// subquery, the path said NOCASE and the call carried it, so 'B' and
    /// 'b' were one group and sorted after 'a'. Such a value is now read by
    /// a scalar subquery of its own, which has none; an aggregate over a
    /// to-many relationship, joined, drops a COLLATE of its arguments the
    /// same way.
    @Test(arguments: [("pet | order max(owner.name, '1'), rowid | select c0 = id", true),
                      ("pet | select c0 = max(owner.name, '1') | union (pet | select v = name)", false),
                      ("pet | group by k = max(owner.name, '1') | select k, n = count()", false),
                      ("pet | select id, r = count() over (partition by max(owner.name, '1'))", false),
                      ("pet | select c0 = max(owner.name, '1') | select w = c0 | union (pet | select v = name)", false),
                      ("pet | select c0 = count(distinct max(owner.name, '1'))", false),
                      ("owner | select i = id, a = max(pet.name collate nocase), b = count(pet) | order a, i", true),
                      ("pet | select c0 = max(owner.name) over (partition by id) | union (pet | select v = name ++ ' ' collate rtrim)", false),
                      ("pet | select c0 = max(owner.name) over (partition by id) | where c0 >= 'a'", false)])
    func aValueAloneTakesTheJoinedCollation(query: String, isOrdered: Bool) throws {
        let session = try #require(DifferentialSession(.edges, rows: [
            #"INSERT OR IGNORE INTO "owner" ("id", "name", "score", "boss") VALUES (1, 'a', 3, 2);"#,
            #"INSERT OR IGNORE INTO "owner" ("id", "name", "score", "boss") VALUES (2, 'B', NULL, 4);"#,
            #"INSERT OR IGNORE INTO "owner" ("id", "name", "score", "boss") VALUES (3, 'b', NULL, 4);"#,
            #"INSERT OR IGNORE INTO "pet" ("id", "ownerId", "name", "weight") VALUES (1, 1, 'B', NULL);"#,
            #"INSERT OR IGNORE INTO "pet" ("id", "ownerId", "name", "weight") VALUES (2, 2, 'A', NULL);"#,
            #"INSERT OR IGNORE INTO "pet" ("id", "ownerId", "name", "weight") VALUES (3, 3, 'a', NULL);"#,
        ]))
        var definitions = session.session.definitions
        #expect(throws: Never.self) { try DSL.compile(query, catalog: session.catalog, definitions: &definitions) }
        var found = DifferentialQuery.Case(text: query)
        found.isOrdered = isOrdered
        #expect(session.mismatch(found) == nil)
    }

    /// A window over a path read by a subquery carries the path's COLLATE,
    /// and no subquery can read it alone: compared by `max` with a later
    /// argument of another collation, it is refused rather than compared
    /// with the wrong one.
    @Test func aWindowOverAPathIsNotComparedWithALaterCollation() throws {
        let session = try #require(DifferentialSession(.edges, rows: []))
        var definitions = session.session.definitions
        let query = "note | select c0 = max(max(ownerName.name) over (partition by id), body collate rtrim)"
        #expect(throws: DSLError.self) { try DSL.compile(query, catalog: session.catalog, definitions: &definitions) }
        do {
            _ = try DSL.compile(query, catalog: session.catalog, definitions: &definitions)
        } catch {
            #expect(error.message == "`max` cannot compare this window with the collation of a later argument")
            #expect(error.notes.map(\.text) == ["help: select the window first, then call `max` on its column"])
        }
        for allowed in ["note | select c0 = max(max(ownerName.name) over (partition by id), body)",
                        "note | select c0 = max(body collate rtrim, max(ownerName.name) over (partition by id))"] {
            #expect(throws: Never.self) { try DSL.compile(allowed, catalog: session.catalog, definitions: &definitions) }
        }
    }

    /// `x in (T | select y)` compares as `x == y`: a path on either side
    /// compares as its joined column, whose own collation ranks below one
    /// said on the other side.
    @Test(arguments: ["remindersTags | where tag.title in (reminders | select title collate rtrim)",
                      "remindersTags | where tagID in (remindersTags | select tag.title)"])
    func aPathInASubqueryComparesAsTheJoinedColumn(query: String) throws {
        let session = try #require(DifferentialSession(.reminders, rows: [
            #"INSERT INTO "remindersTags" ("id", "reminderID", "tagID") VALUES (2, 'a', 'A');"#,
            #"INSERT INTO "tags" ("title") VALUES ('a');"#,
            #"INSERT INTO "reminders" ("id", "dueDate", "isFlagged", "notes", "position", "priority", "remindersListID", "status", "title") VALUES ('b', NULL, 5, 'b', 4, NULL, 'B', 3, 'a ');"#,
        ]))
        #expect(session.mismatch(DifferentialQuery.Case(text: query)) == nil)
    }

    /// SQLite 3.40 looks `x IN (SELECT y COLLATE BINARY …)` up in an index
    /// of `x` with the index's collation (NOCASE here) when the plan uses
    /// one, and compares as `x = y` says (BINARY) when it does not, so two
    /// forms of one query found different rows. The left says the
    /// collation now, and no index of another collation serves it.
    @Test func anInSubqueryThatSaysACollationFindsTheSameRowsWithAnIndex() throws {
        let session = try #require(DifferentialSession(.edges, rows: [
            #"INSERT OR IGNORE INTO "pet" ("id", "ownerId", "name", "weight") VALUES (6, 3, '1', 1.5);"#,
            #"INSERT OR IGNORE INTO "petToy" ("petId", "toyCode") VALUES (6, 'A');"#,
            #"INSERT OR IGNORE INTO "toy" ("code", "label", "price") VALUES ('A', '', NULL);"#,
            #"INSERT OR IGNORE INTO "visit" ("id", "petId", "region", "num") VALUES (6, 5, 'a', 1);"#,
        ]))
        let query = DifferentialQuery.Case(text: "pet | where none toy.code in (visit | select region collate binary) "
                                                 + "| select k = owner.id, n = count(), s = sum(ownerId)")
        #expect(session.mismatch(query) == nil)
    }

    /// SQLite finds no collation for the rowid, an INTEGER PRIMARY KEY
    /// included: a compound whose first column is one takes the collation of
    /// the next (NOCASE here), and 'a' and 'A' are one row. The subquery
    /// said COLLATE BINARY for it, and kept both.
    @Test func anIntegerPrimaryKeyHasNoCollation() throws {
        let session = try #require(DifferentialSession(.edges, rows: [
            #"INSERT OR IGNORE INTO "owner" ("id", "name", "score", "boss") VALUES (6, 'a', 3, 2);"#,
            #"INSERT OR IGNORE INTO "owner" ("id", "name", "score", "boss") VALUES (4, 'A', NULL, 4);"#,
        ]))
        let query = DifferentialQuery.Case(text: "owner | select v = boss.id | union (owner | select v = name)")
        #expect(session.mismatch(query) == nil)
    }
}

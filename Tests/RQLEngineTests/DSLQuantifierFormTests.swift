import Testing
import RQLEngine
import RQLRender

/// `any` and `none` compile to `key IN (SELECT …)` when the keys on both
/// sides are never NULL, which SQLite runs once, and to EXISTS otherwise,
/// where IN would give NULL for a NULL key; the rows are the same either way.
/// With never-NULL keys, EXISTS is still chosen when an index finds the
/// far rows of each row and most of the far table's first rows meet the
/// condition (or there is none): it stops at the first match.
@Suite struct DSLQuantifierFormTests {
    static let schema = """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE pets (id INTEGER PRIMARY KEY, ownerID INTEGER REFERENCES owners (id), name TEXT NOT NULL);
        CREATE TABLE toys (id INTEGER PRIMARY KEY, petID INTEGER NOT NULL REFERENCES pets (id), name TEXT NOT NULL);
        INSERT INTO owners VALUES (1, 'Ana'), (2, 'Bo');
        INSERT INTO pets VALUES (1, 1, 'Rex'), (2, NULL, 'Stray'), (3, 2, 'Tom');
        INSERT INTO toys VALUES (1, 1, 'ball'), (2, 3, 'rope');
        """

    @Test func neverNullKeysUseIn() throws {
        let test = try TestSession.inMemory(DSLQuantifierFormTests.schema)
        let sql = test.run(".sql on\npets | where any toys.name == 'ball' | select name").output
        #expect(sql.contains("WHERE \"pets\".\"id\" IN ("))
        #expect(sql.contains("SELECT \"toys\".\"petID\""))
        #expect(!sql.contains("EXISTS"))
        #expect(sql.hasSuffix("Rex\n"))
        let none = test.run(".sql on\npets | where none toys | select name | order name").output
        #expect(none.contains("WHERE \"pets\".\"id\" NOT IN ("))
        #expect(none.hasSuffix("Stray\n"))
    }

    /// An index SQLite can look `toys` up by, for `pets.id = toys.petID`.
    static let indexed = schema + "CREATE INDEX toysByPet ON toys (petID);"

    @Test func aConditionMostRowsMeetUsesExists() throws {
        let test = try TestSession.inMemory(DSLQuantifierFormTests.indexed)
        let most = test.run(".sql on\npets | where any toys.name != 'x' | select name | order name").output
        #expect(most.contains("WHERE EXISTS ("))
        #expect(most.contains("\"pets\".\"id\" = \"toys\".\"petID\" AND \"toys\".\"name\" <> 'x'"))
        #expect(most.hasSuffix("Rex\nTom\n"))
        let none = test.run("pets | where none toys.name != 'x' | select name").output
        #expect(none.contains("WHERE NOT EXISTS ("))
        #expect(none.hasSuffix("Stray\n"))
        // A condition on the outer row cannot be measured alone: IN stays.
        let outer = test.run("pets | where any toys.name != pets.name | select name | order name").output
        #expect(outer.contains("WHERE \"pets\".\"id\" IN ("))
        #expect(outer.hasSuffix("Rex\nTom\n"))
    }

    @Test func noConditionUsesExistsWithAnIndex() throws {
        let test = try TestSession.inMemory(DSLQuantifierFormTests.indexed)
        let none = test.run(".sql on\npets | where none toys | select name").output
        #expect(none.contains("WHERE NOT EXISTS ("))
        #expect(none.hasSuffix("Stray\n"))
        #expect(test.run("pets | where any toys | select name | order name").output.hasSuffix("\nRex\nTom\n"))
    }

    /// Without an index on `toys.petID`, EXISTS would read every toy for
    /// each pet; so would it with an index SQLite cannot use for the
    /// comparison (another collation) or not for every row (partial).
    @Test(arguments: ["", "CREATE INDEX toysByPet ON toys (petID COLLATE NOCASE);",
                      "CREATE INDEX toysByPet ON toys (petID) WHERE name <> '';"])
    func inStaysWithoutAnIndexSQLiteCanUse(index: String) throws {
        let test = try TestSession.inMemory(DSLQuantifierFormTests.schema + index)
        let most = test.run(".sql on\npets | where any toys.name != 'x' | select name | order name").output
        #expect(most.contains("WHERE \"pets\".\"id\" IN ("))
        #expect(most.hasSuffix("Rex\nTom\n"))
        let none = test.run(".sql on\npets | where none toys | select name").output
        #expect(none.contains("WHERE \"pets\".\"id\" NOT IN ("))
        #expect(none.hasSuffix("Stray\n"))
    }

    @Test func aNullableKeyUsesExists() throws {
        let test = try TestSession.inMemory(DSLQuantifierFormTests.schema)
        let sql = test.run(".sql on\nowners | where none pets.name == 'Rex' | select name").output
        #expect(sql.contains("WHERE NOT EXISTS ("))
        #expect(sql.hasSuffix("Bo\n"))
    }

    /// Where only true keeps a row, `any` uses IN over a nullable key: the
    /// NULL IN gives where EXISTS gives false keeps no row either. As a
    /// value, under NOT, and for `none`, EXISTS stays.
    @Test func anyUsesInOverANullableKeyWhereOnlyTrueKeeps() throws {
        let test = try TestSession.inMemory(DSLQuantifierFormTests.schema)
        let kept = test.run(".sql on\nowners | where any pets.name == 'Rex' | select name").output
        #expect(kept.contains("WHERE \"owners\".\"id\" IN ("))
        #expect(kept.hasSuffix("Ana\n"))
        let either = test.run("owners | where any pets.name == 'Stray' or name == 'Bo' | select name").output
        #expect(either.contains(" IN ("))
        #expect(either.hasSuffix("\nBo\n"))
        let negated = test.run("owners | where not (any pets.name == 'Stray') | select name | order name").output
        #expect(negated.contains("NOT EXISTS ("))
        #expect(negated.hasSuffix("\nAna\nBo\n"))
        let value = test.run("owners | select name, any pets.name == 'Stray' as hasStray | order name").output
        #expect(value.contains("EXISTS ("))
        #expect(value.hasSuffix("\nAna|0\nBo|0\n"))
    }

    @Test func aCountOfRowsWithRelatedRowsCountsRowsOfTheTable() throws {
        // A toy of a pet that is gone names a key no pet has.
        let test = try TestSession.inMemory(DSLQuantifierFormTests.schema
                                                + "PRAGMA foreign_keys = OFF; INSERT INTO toys VALUES (3, 9, 'bone');")
        let sql = test.run(".sql on\npets | where any toys.name != 'x' | count").output
        #expect(sql.contains("FROM \"pets\""))
        #expect(!sql.contains("DISTINCT"))
        #expect(sql.hasSuffix("2\n"))
        #expect(test.run(".sql off\nowners | where any pets | count").output == "2\n")
    }

    @Test(arguments: [
        ("pets | where any toys.name != 'x' | count", "SELECT count(*) FROM pets p WHERE EXISTS (SELECT 1 FROM toys t WHERE t.petID = p.id AND t.name <> 'x')"),
        ("pets | where any toys.name == 'nothing' | count", "SELECT 0"),
        ("pets | where any toys | select name | order name", "SELECT name FROM pets p WHERE EXISTS (SELECT 1 FROM toys t WHERE t.petID = p.id) ORDER BY name"),
        ("pets | where none toys | select name | order name", "SELECT name FROM pets p WHERE NOT EXISTS (SELECT 1 FROM toys t WHERE t.petID = p.id) ORDER BY name"),
        ("pets | where not (any toys.name == 'ball') | select name | order name", "SELECT name FROM pets p WHERE NOT EXISTS (SELECT 1 FROM toys t WHERE t.petID = p.id AND t.name = 'ball') ORDER BY name"),
        ("owners | where none pets | select name | order name", "SELECT name FROM owners o WHERE NOT EXISTS (SELECT 1 FROM pets p WHERE p.ownerID = o.id) ORDER BY name"),
        ("pets | select name, any toys as hasToys | order name", "SELECT name, EXISTS (SELECT 1 FROM toys t WHERE t.petID = p.id) FROM pets p ORDER BY name"),
    ])
    func rowsAreThoseOfExists(dsl: String, sql: String) throws {
        #expect(try TestSession.inMemory(DSLQuantifierFormTests.schema).sameRows(dsl: dsl, sql: sql))
    }
}

import Testing
import RQLEngine

/// A many-to-many relationship reads its junction table, and joins the far
/// table only where a column of it is read: `any tags`, `none tags` and
/// `count(tags)` need the junction's rows alone when its keys are never
/// NULL (each row's foreign key names a far row). A far key that can be
/// NULL keeps the join, which leaves such rows out.
@Suite struct DSLJunctionJoinTests {
    static let schema = """
        CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
        CREATE TABLE petTags (petID INTEGER NOT NULL REFERENCES pets (id), tagID INTEGER NOT NULL REFERENCES tags (id));
        CREATE TABLE toys (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE petToys (petID INTEGER NOT NULL REFERENCES pets (id), toyID INTEGER REFERENCES toys (id));
        INSERT INTO pets VALUES (1, 'Rex'), (2, 'Kit'), (3, 'Tom');
        INSERT INTO tags VALUES (1, 'calm'), (2, 'loud');
        INSERT INTO petTags VALUES (1, 1), (1, 2), (3, 2);
        INSERT INTO toys VALUES (1, 'ball');
        INSERT INTO petToys VALUES (1, 1), (2, NULL);
        """

    @Test func existenceAndCountsReadTheJunctionAlone() throws {
        let test = try TestSession.inMemory(DSLJunctionJoinTests.schema)
        for dsl in ["pets | where any tags | select name", "pets | where none tags | select name",
                    "pets | select name, count(tags) as n"] {
            let output = test.run(".sql on\n" + dsl).output
            #expect(output.contains("FROM \"petTags\""), "\(dsl)")
            #expect(!output.contains("JOIN \"tags\""), "\(dsl): \(output)")
        }
        test.run(".sql off")
        #expect(test.run("pets | where none tags | select name").output == "Kit\n")
        #expect(test.run("pets | select name, count(tags) as n | order name").output == "Kit|0\nRex|2\nTom|1\n")
    }

    @Test func readingAColumnOfTheFarTableJoinsIt() throws {
        let test = try TestSession.inMemory(DSLJunctionJoinTests.schema)
        let output = test.run(".sql on\npets | where any tags.label == 'loud' | select name | order name").output
        #expect(output.contains("JOIN \"tags\" ON \"tags\".\"id\" = \"petTags\".\"tagID\""))
        #expect(output.hasSuffix("Rex\nTom\n"))
        let shared = test.run(".sql on\npets | select name, count(tags) as n, max(tags.label) as last | order name").output
        #expect(shared.contains("JOIN \"tags\""))
        #expect(shared.hasSuffix("Kit|0|\nRex|2|loud\nTom|1|loud\n"))
    }

    @Test func aFarKeyThatCanBeNullKeepsTheJoin() throws {
        let test = try TestSession.inMemory(DSLJunctionJoinTests.schema)
        let output = test.run(".sql on\npets | where any toys | select name").output
        #expect(output.contains("JOIN \"toys\""))
        #expect(output.hasSuffix("Rex\n"))
        test.run(".sql off")
        #expect(test.sameRows(dsl: "pets | where none toys | select name | order name",
                                  sql: "SELECT name FROM pets p WHERE NOT EXISTS (SELECT 1 FROM petToys pt JOIN toys t ON t.id = pt.toyID WHERE pt.petID = p.id) ORDER BY name"))
    }
}

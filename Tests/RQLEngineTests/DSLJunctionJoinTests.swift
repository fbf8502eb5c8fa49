import Testing
import RQLEngine

/// A many-to-many relationship's rows are the far rows that a junction row
/// links, each once: a junction row whose far row is gone links nothing,
/// and a link written twice is one far row. Where the junction's keys hold
/// a unique key (no link twice), rql reads `junction JOIN far`; otherwise
/// it reads the far rows whose key the junction names (`far.id IN …`).
@Suite struct DSLJunctionJoinTests {
    static let schema = """
        PRAGMA foreign_keys = OFF;
        CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
        CREATE TABLE petTags (petID INTEGER NOT NULL REFERENCES pets (id), tagID INTEGER NOT NULL REFERENCES tags (id),
          PRIMARY KEY (petID, tagID));
        CREATE TABLE toys (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE petToys (petID INTEGER NOT NULL REFERENCES pets (id), toyID INTEGER REFERENCES toys (id));
        INSERT INTO pets VALUES (1, 'Rex'), (2, 'Kit'), (3, 'Tom');
        INSERT INTO tags VALUES (1, 'calm'), (2, 'loud');
        INSERT INTO petTags VALUES (1, 1), (1, 2), (3, 2), (2, 9);
        INSERT INTO toys VALUES (1, 'ball');
        INSERT INTO petToys VALUES (1, 1), (1, 1), (2, NULL), (3, 7);
        """

    @Test func aJunctionWithAKeyIsJoinedToTheFarRows() throws {
        let test = try TestSession.inMemory(DSLJunctionJoinTests.schema)
        for dsl in ["pets | where any tags | select name", "pets | where none tags | select name",
                    "pets | select name, count(tags) as n"] {
            let output = test.run(".sql on\n" + dsl).output
            #expect(output.contains("FROM \"petTags\""), "\(dsl)")
            #expect(output.contains("JOIN \"tags\" ON \"tags\".\"id\" = \"petTags\".\"tagID\""), "\(dsl): \(output)")
        }
        test.run(".sql off")
        // Kit's one link names a tag that is gone: Kit has no tags.
        #expect(test.run("pets | where none tags | select name").output == "Kit\n")
        #expect(test.run("pets | select name, count(tags) as n | order name").output == "Kit|0\nRex|2\nTom|1\n")
        #expect(test.run("tags | select label, count(pets) as n | order label").output == "calm|1\nloud|2\n")
    }

    @Test func aJunctionWithoutAKeyReadsEachFarRowOnce() throws {
        let test = try TestSession.inMemory(DSLJunctionJoinTests.schema)
        let output = test.run(".sql on\npets | select name, count(toys) as n | order name").output
        #expect(output.contains("FROM \"toys\""))
        #expect(output.contains("WHERE \"toys\".\"id\" IN ("))
        // Rex's ball is linked twice, Kit's link names no toy, Tom's a toy that is gone.
        #expect(output.hasSuffix("Kit|0\nRex|1\nTom|0\n"))
        test.run(".sql off")
        #expect(test.sameRows(dsl: "pets | where none toys | select name | order name",
                              sql: "SELECT name FROM pets p WHERE NOT EXISTS (SELECT 1 FROM petToys pt JOIN toys t ON t.id = pt.toyID WHERE pt.petID = p.id) ORDER BY name"))
        #expect(test.run("pets | where any toys | select name").output == "Rex\n")
        #expect(test.run("toys | select name, count(pets) as n").output == "ball|1\n")
    }
}

import Testing
import RQLEngine

/// Two or more aggregates over one to-many relationship in a `select` join
/// it once and group by the row's key, where one aggregate keeps its
/// correlated subquery; the rows are those of a subquery per aggregate,
/// rows without related rows and junction rows without their far row
/// included.
@Suite struct DSLSharedAggregateTests {
    static let schema = """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE pets (id INTEGER PRIMARY KEY, ownerID INTEGER NOT NULL REFERENCES owners (id), name TEXT NOT NULL, age INTEGER);
        CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
        CREATE TABLE petTags (petID INTEGER NOT NULL REFERENCES pets (id), tagID INTEGER NOT NULL REFERENCES tags (id));
        INSERT INTO owners VALUES (1, 'Ana'), (2, 'Bo'), (3, 'Cy');
        INSERT INTO pets VALUES (1, 1, 'Rex', 3), (2, 1, 'Kit', NULL), (3, 3, 'Tom', 7);
        INSERT INTO tags VALUES (1, 'calm'), (2, 'loud');
        INSERT INTO petTags VALUES (1, 1), (1, 2), (3, 1), (3, 99);
        """

    @Test func aggregatesOverOneRelationshipShareAJoin() throws {
        let test = try TestSession.inMemory(DSLSharedAggregateTests.schema)
        let sql = test.run(".sql on\nowners | select name, count(pets) as n, max(pets.age) as oldest").output
        #expect(sql.contains("LEFT JOIN \"pets\" ON \"owners\".\"id\" = \"pets\".\"ownerID\""))
        #expect(sql.contains("GROUP BY \"owners\".\"id\""))
        #expect(!sql.contains("(SELECT"))
        let one = test.run(".sql on\nowners | select name, count(pets) as n").output
        #expect(one.contains("(SELECT count(*)"))
        let ordered = test.run(".sql on\nowners | select name, count(pets) as n, groupConcat(pets.name) as names").output
        #expect(ordered.contains("SELECT group_concat(") && !ordered.contains("GROUP BY"))
    }

    @Test(arguments: [
        ("owners | select name, count(pets) as n, max(pets.age) as oldest, sum(pets.age) as years | order name",
         "SELECT o.name, (SELECT count(*) FROM pets p WHERE p.ownerID = o.id), (SELECT max(age) FROM pets p WHERE p.ownerID = o.id), (SELECT sum(age) FROM pets p WHERE p.ownerID = o.id) FROM owners o ORDER BY o.name"),
        ("owners | where name != 'Bo' | select name, count(pets) as n, min(pets.name) as first | order -n, name",
         "SELECT o.name, (SELECT count(*) FROM pets p WHERE p.ownerID = o.id) AS n, (SELECT min(name) FROM pets p WHERE p.ownerID = o.id) FROM owners o WHERE o.name <> 'Bo' ORDER BY n DESC, o.name"),
        ("owners | select name, count(pets) as n, total(pets.age) as years | where n == 0 | select name, years",
         "SELECT o.name, (SELECT total(age) FROM pets p WHERE p.ownerID = o.id) FROM owners o WHERE (SELECT count(*) FROM pets p WHERE p.ownerID = o.id) = 0"),
        ("owners | select name, count(pets) as n, count(distinct pets.age) as ages | count",
         "SELECT count(*) FROM owners"),
        ("pets | select name, count(tags) as n, max(tags.label) as last, count(distinct tags.label) as distinctLabels | order name",
         "SELECT p.name, (SELECT count(*) FROM petTags pt JOIN tags t ON t.id = pt.tagID WHERE pt.petID = p.id), (SELECT max(t.label) FROM petTags pt JOIN tags t ON t.id = pt.tagID WHERE pt.petID = p.id), (SELECT count(DISTINCT t.label) FROM petTags pt JOIN tags t ON t.id = pt.tagID WHERE pt.petID = p.id) FROM pets p ORDER BY p.name"),
        ("owners | select n = count(pets), oldest = max(pets.age), last = max(id)",
         "SELECT (SELECT count(*) FROM pets p WHERE p.ownerID = o.id), (SELECT max(age) FROM pets p WHERE p.ownerID = o.id), max(o.id) FROM owners o"),
        ("owners | select name, count(pets) as n, max(pets.age) as oldest | order name | limit 2",
         "SELECT o.name, (SELECT count(*) FROM pets p WHERE p.ownerID = o.id), (SELECT max(age) FROM pets p WHERE p.ownerID = o.id) FROM owners o ORDER BY o.name LIMIT 2"),
    ])
    func rowsAreThoseOfASubqueryPerAggregate(dsl: String, sql: String) throws {
        #expect(try TestSession.inMemory(DSLSharedAggregateTests.schema).sameRows(dsl: dsl, sql: sql))
    }
}

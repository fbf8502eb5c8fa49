import Testing
import RQLEngine
import RQLRender

/// A to-one path through a nullable key joins with LEFT JOIN, so that rows
/// without the related row stay; a `where` that rejects the rows where the
/// path's end is missing makes every join of the path an inner join, which
/// leaves SQLite free to start from the path's end. The rows are the same.
@Suite struct DSLPathJoinTests {
    static let schema = """
        CREATE TABLE cities (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE owners (id INTEGER PRIMARY KEY, cityID INTEGER REFERENCES cities (id), name TEXT NOT NULL);
        CREATE TABLE pets (id INTEGER PRIMARY KEY, ownerID INTEGER REFERENCES owners (id), name TEXT NOT NULL);
        INSERT INTO cities VALUES (1, 'Oslo'), (2, 'Lima');
        INSERT INTO owners VALUES (1, 1, 'Ana'), (2, NULL, 'Bo'), (3, 2, 'Cy');
        INSERT INTO pets VALUES (1, 1, 'Rex'), (2, NULL, 'Stray'), (3, 2, 'Tom'), (4, 3, 'Kit');
        """

    @Test func aRejectingWhereJoinsThePathInner() throws {
        let test = try TestSession.inMemory(DSLPathJoinTests.schema)
        let sql = test.run(".sql on\npets | where owner.city.name == 'Oslo' | select name").output
        #expect(sql.contains("\nJOIN \"owners\" AS \"owner\""))
        #expect(sql.contains("\nJOIN \"cities\" AS \"owner_city\""))
        #expect(!sql.contains("LEFT JOIN"))
        #expect(sql.hasSuffix("Rex\n"))
    }

    @Test(arguments: [
        "pets | where owner.city.name is nil | select name",
        "pets | where owner.city.name == 'Oslo' or name == 'Stray' | select name",
        "pets | where owner.city.name ?? 'none' == 'none' | select name",
        "pets | select name, owner.city.name as city",
    ])
    func aWhereThatKeepsMissingRowsJoinsLeft(dsl: String) throws {
        let test = try TestSession.inMemory(DSLPathJoinTests.schema)
        let sql = test.run(".sql on\n" + dsl).output
        #expect(sql.contains("LEFT JOIN \"cities\" AS \"owner_city\""))
    }

    @Test(arguments: [
        ("pets | where owner.city.name == 'Oslo' | select name | order name",
         "SELECT p.name FROM pets p LEFT JOIN owners o ON o.id = p.ownerID LEFT JOIN cities c ON c.id = o.cityID WHERE c.name = 'Oslo' ORDER BY p.name"),
        ("pets | where owner.city.name != 'Oslo' and owner.name like '%' | select name | order name",
         "SELECT p.name FROM pets p LEFT JOIN owners o ON o.id = p.ownerID LEFT JOIN cities c ON c.id = o.cityID WHERE c.name <> 'Oslo' AND o.name LIKE '%' ORDER BY p.name"),
        ("pets | where not (owner.city.name == 'Oslo') | select name | order name",
         "SELECT p.name FROM pets p LEFT JOIN owners o ON o.id = p.ownerID LEFT JOIN cities c ON c.id = o.cityID WHERE NOT (c.name = 'Oslo') ORDER BY p.name"),
        ("pets | where owner.name == 'Bo' | select name, owner.city.name as city | order name",
         "SELECT p.name, c.name FROM pets p LEFT JOIN owners o ON o.id = p.ownerID LEFT JOIN cities c ON c.id = o.cityID WHERE o.name = 'Bo' ORDER BY p.name"),
        ("pets | where owner.city.name is nil | select name | order name",
         "SELECT p.name FROM pets p LEFT JOIN owners o ON o.id = p.ownerID LEFT JOIN cities c ON c.id = o.cityID WHERE c.name IS NULL ORDER BY p.name"),
    ])
    func rowsAreThoseOfLeftJoins(dsl: String, sql: String) throws {
        #expect(try TestSession.inMemory(DSLPathJoinTests.schema).sameRows(dsl: dsl, sql: sql))
    }
}

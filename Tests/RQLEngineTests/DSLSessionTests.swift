import Foundation
import Testing
import RQLEngine
import RQLRender

/// The DSL inside a session: dot-commands, the catalog cache, search keys
/// found on schemas the tests build, enum labels in box mode.
@Suite struct DSLSessionTests {
    @Test func sqlOnPrintsTheCompiledSQL() throws {
        let session = try TestSession()
        let output = session.run(".sql on\nreminders | where isFlagged | count").output
        #expect(output == "SELECT count(*) AS \"count\" FROM \"reminders\" WHERE \"reminders\".\"isFlagged\";\n2\n")
    }

    /// `.parameter set` reaches a DSL query as it reaches SQL: `:name`,
    /// `$name`, `@name` and `?N`, bound by value; an unset one is an error naming it.
    @Test func parametersReachTheDSL() throws {
        let session = try TestSession()
        session.run("""
            .parameter set :list 'Family'
            .parameter set $n 2
            .parameter set ?1 'Zoë 東京 🎉'
            .parameter set @bytes x'00ff'
            """)
        let ran = session.run("reminders | where list.title == :list | order title | limit $n | select title, ?1 as q, hex(@bytes) as b")
        #expect(ran.errors == "")
        #expect(ran.output == "Get laundry|Zoë 東京 🎉|00FF\nPick up kids from school|Zoë 東京 🎉|00FF\n")
        #expect(session.run("tags | where title == :unset").errors == """
            error: the parameter `:unset` is not set
            tags | where title == :unset
                                  ^^^^^^ no value
            help: .parameter set :unset VALUE gives it one (in a notebook, -- @param at the top)

            """)
        #expect(session.run(".sql on\ntags | where title == :list | count").output
                == "SELECT count(*) AS \"count\" FROM \"tags\" WHERE \"tags\".\"title\" = 'Family';\n0\n")
        // `:=` still defines a mutation, and a `:` alone is no parameter.
        #expect(session.run("def tags.shout := title = upper(title)").errors == "")
        #expect(session.run("tags | where title == :").errors.hasPrefix("error: unexpected character `:`"))
    }

    /// On a database nobody here made: the first five tracks are tracks 1
    /// to 5, sorted by name afterwards, whatever index SQLite has.
    @Test(.enabled(if: Chinook.isAvailable, "skipped: limit in key order on Chinook, as ../shared/data/chinook.sqlite is absent"))
    func aLimitTakesTheFirstRowsByKey() throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        #expect(test.run("Track | limit 5 | order Name | select TrackId").output == "2\n3\n1\n5\n4\n")
        #expect(test.run("Track | offset 3 | limit 2 | select TrackId").output == "4\n5\n")
    }

    /// StructuredQueries' test schema keeps its FTS table in sync with an
    /// `INSERT … SELECT … WHERE key IN (new.key)` trigger (TEMP, quoted
    /// names): `search` follows it to the key column.
    @Test func searchFollowsAnInsertSelectTrigger() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL DEFAULT '', "notes" TEXT NOT NULL DEFAULT '');
            CREATE VIRTUAL TABLE "reminderTexts" USING fts5("reminderID" UNINDEXED, "title", "notes", tokenize = 'trigram');
            CREATE TEMPORARY TRIGGER "after_insert_on_reminders" AFTER INSERT ON "reminders" FOR EACH ROW BEGIN
              INSERT INTO "reminderTexts" ("reminderID", "title", "notes")
              SELECT "reminders"."id", "reminders"."title", "reminders"."notes" FROM "reminders" WHERE ("reminders"."id" IN ("new"."id"));
            END;
            CREATE TEMPORARY TRIGGER "after_update_on_reminders" AFTER UPDATE ON "reminders" FOR EACH ROW BEGIN
              UPDATE "reminderTexts" SET "title" = "new"."title" WHERE ("reminderTexts"."reminderID" = "new"."id");
            END;
            INSERT INTO reminders (title, notes) VALUES ('Take out trash 🗑️', 'Zoë'), ('Call mom', 'take a break'), ('Groceries', '');
            """)
        #expect(test.run("reminders | search 'take' | select id, title").output == "1|Take out trash 🗑️\n2|Call mom\n")
        #expect(test.run(".describe reminders").output.contains(
            "full-text search:\n  reminderTexts: kept in sync by after_insert_on_reminders, after_update_on_reminders\n"))
    }

    /// A view whose table is gone cannot be read: the catalog leaves it out
    /// and reads every other table whole, its keys and relationships too.
    @Test func aBrokenViewLeavesTheRestOfTheCatalogWhole() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE);
            CREATE TABLE albums (id INTEGER PRIMARY KEY, artistID INTEGER REFERENCES artists (id), title TEXT);
            CREATE TABLE gone (x);
            CREATE VIEW broken AS SELECT x FROM gone;
            DROP TABLE gone;
            INSERT INTO artists VALUES (1, 'Björk');
            INSERT INTO albums VALUES (1, 1, 'Post'), (2, 1, 'Homogenic');
            """)
        #expect(test.run("albums | select title, artist.name | order title").output == "Homogenic|Björk\nPost|Björk\n")
        #expect(test.run("artists | where name == 'BJöRK' | select count(albums)").output == "2\n")
        #expect(test.run("broken | count").errors.contains("broken"))
    }

    /// `PRAGMA case_sensitive_like` changes LIKE, not what the catalog
    /// reads: a foreign key and a collation written in capitals still count.
    @Test func caseSensitiveLikeLeavesTheCatalogWhole() throws {
        let test = try TestSession.inMemory("""
            PRAGMA case_sensitive_like = ON;
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE);
            CREATE TABLE albums (id INTEGER PRIMARY KEY, artistID INTEGER REFERENCES artists (id), title TEXT);
            INSERT INTO artists VALUES (1, 'Björk');
            INSERT INTO albums VALUES (1, 1, 'Post'), (2, 1, 'Homogenic');
            """)
        #expect(test.run("albums | where artist.name == 'BJöRK' | count").output == "2\n")
        #expect(test.run("artists | select name, count(albums)").output == "Björk|2\n")
    }

    /// A function SQLite has beyond the core ones is found by its name or
    /// its camelCase spelling, in a query and in a `let`, and Tab
    /// offers it: the connection's own list is read when a name needs it.
    @Test func functionsOfTheConnectionAreFound() throws {
        let test = try TestSession()
        let version = test.run("SELECT sqlite_version();").output
        #expect(test.run("remindersLists | select sqliteVersion() | limit 1").output == version)
        test.run("let lists = remindersLists | select sqlite_version() as v, title")
        #expect(test.run("lists | select v | limit 1").output == version)
        #expect(test.session.completions(before: "SELECT sqlite_vers").candidates == ["sqlite_version("])
        #expect(test.run("remindersLists | select sqliteVersio() | limit 1").errors.contains("did you mean `sqlite_version`?"))
    }

    /// A table of an attached database by its qualified name, in the DSL,
    /// `.describe` and `.schema`, even where main has one of the same name.
    @Test func attachedTablesByTheirQualifiedNames() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rql-emp-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Sample.employees.write(to: file)
        let test = try TestSession()
        test.run("ATTACH '\(file)' AS emp;")
        #expect(test.run("emp.employees | where managerID is nil | select name").output == "Ada Moreau\n")
        #expect(test.run("emp.employees | select name, manager.name as boss | order id | limit 2").output == "Ada Moreau|\nBruno Keller|Ada Moreau\n")
        #expect(test.run(".describe emp.employees").output.hasPrefix("table emp.employees\nid|INTEGER|no||1|\n"))
        #expect(test.run(".schema emp.employees").output.hasPrefix("CREATE TABLE employees (\n"))
        test.run("CREATE TABLE employees (id INTEGER PRIMARY KEY);")
        #expect(test.value("employees | count") == "0")
        #expect(test.value("emp.employees | count") == "12")
        #expect(test.run("emp.employes | count").errors.contains("help: did you mean `emp.employees`?"))
    }

    /// A relationship of an attached table leads to a table of its own
    /// database (as SQLite's foreign keys do), even where main has a table
    /// of that name: the join names the database then.
    @Test func anAttachedTablesRelationshipsStayInItsDatabase() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rql-teams-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let test = try TestSession.inMemory("""
            CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO teams VALUES (1, 'main 東京');
            ATTACH '\(file)' AS emp;
            CREATE TABLE emp.teams (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE emp.people (id INTEGER PRIMARY KEY, name TEXT, teamID INTEGER REFERENCES teams(id));
            CREATE TABLE emp.skills (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE emp.peopleSkills (personID INTEGER NOT NULL REFERENCES people(id), skillID INTEGER NOT NULL REFERENCES skills(id));
            INSERT INTO emp.teams VALUES (1, 'Équipe');
            INSERT INTO emp.people VALUES (1, 'Zoë', 1);
            INSERT INTO emp.skills VALUES (1, 'SQL');
            INSERT INTO emp.peopleSkills VALUES (1, 1);
            """)
        #expect(test.run("emp.people | select name, team.name").output == "Zoë|Équipe\n")
        #expect(test.run("emp.teams | select name, count(people)").output == "Équipe|1\n")
        #expect(test.run("emp.people | select name, skills = count(skills), any skills.title == 'SQL'").output == "Zoë|1|1\n")
        #expect(test.run(".sql on\nemp.people | select team.name").output.contains("LEFT JOIN \"emp\".\"teams\" AS \"team\""))
        // main's teams has no people.
        #expect(test.run("teams | select count(people)").errors.contains("unknown name `people`"))
    }

    @Test func explainShowsTheSQLAndThePlanOfADSLQuery() throws {
        let session = try TestSession()
        let output = session.run(".explain reminders | where remindersList.title == 'Family'").output
        #expect(output.hasPrefix("SELECT \"reminders\".*\nFROM \"reminders\"\nJOIN \"remindersLists\" AS \"remindersList\""))
        #expect(output.contains("WHERE \"remindersList\".\"title\" = 'Family'\n\nQUERY PLAN\n"))
        #expect(output.contains("USING INDEX"))
        #expect(session.run(".explain SELECT 1 FROM tags").output.contains("SCAN tags"))
        #expect(session.run(".explain def x = 1").errors == "error: .explain takes a query, not a definition\n")
    }

    @Test func helpersListsDefinitionsAndSaysWhenThereAreNone() throws {
        let session = try TestSession(.sample(.employees))
        #expect(session.run(".helpers").output == "no helpers defined (def, enum, alias and let make them)\n")
        session.run("def employees.isTop = managerID is nil")
        #expect(session.run(".helpers").output == "def employees.isTop = managerID is nil\n")
        #expect(session.run(".sample reminders\n.helpers").output.hasPrefix("enum reminders.status = incomplete 0"))
    }

    /// The sample's prelude is made when the definitions are first read,
    /// against the schema the sample had when it opened: a table renamed
    /// and one dropped before then change nothing of it.
    @Test func thePreludeIsMadeAgainstTheSchemaTheSampleOpenedWith() throws {
        let fresh = try TestSession()
        let changed = try TestSession()
        changed.run("ALTER TABLE remindersLists RENAME TO lists;\nDROP TABLE remindersTags;\nDROP TABLE reminders;")
        #expect(changed.run(".helpers").output == fresh.run(".helpers").output)
        #expect(fresh.run(".helpers").output.contains("alias reminders.list = remindersList\n"))
        #expect(changed.run("CREATE TABLE reminders (id INTEGER PRIMARY KEY, status INTEGER);\nINSERT INTO reminders (status) VALUES (0), (1)").errors == "")
        #expect(changed.value("reminders | where isCompleted | count") == "1")
    }

    @Test func theCatalogFollowsSchemaChanges() throws {
        let session = try TestSession()
        #expect(session.run("notes | count").errors.contains("no table or view named `notes`"))
        session.run("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);\nINSERT INTO notes (body) VALUES ('a'), ('b');")
        #expect(session.value("notes | count") == "2")
        session.run("CREATE TEMP VIEW shortNotes AS SELECT * FROM notes WHERE length(body) < 5;")
        #expect(session.value("shortNotes | count") == "2")
    }

    @Test func enumColumnsShowTheirCaseNameInBoxMode() throws {
        let session = try TestSession(mode: .box)
        let output = session.run("reminders | find '00000000-0000-4000-8000-00000000b003' | select title, status, priority").output
        #expect(output.contains("│ Doctor appointment │ 0 (incomplete) │ 3 (high) │"))
        #expect(session.run(".mode list\n.headers off\nreminders | find '00000000-0000-4000-8000-00000000b003' | select status").output == "0\n")
    }

    @Test func searchFindsAnFTSTableByItsKeyColumnOrItsContentOption() throws {
        let session = try TestSession(.sample(.employees))
        session.run("""
            CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT);
            CREATE VIRTUAL TABLE noteTexts USING fts5(noteID UNINDEXED, body, tokenize = 'porter');
            CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
              INSERT INTO noteTexts (noteID, body) VALUES (new.id, new.body);
            END;
            CREATE TABLE docs (id INTEGER PRIMARY KEY, text TEXT);
            CREATE VIRTUAL TABLE docsIndex USING fts5(text, content='docs', content_rowid='id');
            INSERT INTO notes VALUES ('n1', 'running late'), ('n2', 'ran home');
            INSERT INTO docs VALUES (7, 'swift and sqlite'), (9, 'only sqlite');
            INSERT INTO docsIndex (docsIndex) VALUES ('rebuild');
            """)
        #expect(session.value("notes | search 'run' | select id") == "n1")
        #expect(session.value("docs | search 'swift' | select id") == "7")
        #expect(session.value("docs | search 'sqlite' | order id | select highlight(text, '[', ']')") == "swift and [sqlite]\nonly [sqlite]")
        session.run("CREATE VIRTUAL TABLE otherIndex USING fts5(text, content='docs', content_rowid='id');")
        #expect(session.run("docs | search 'swift'").errors.contains("several full-text tables index `docs`: `docsIndex`, `otherIndex`"))
        session.run("def docs.fts = docsIndex")
        #expect(session.value("docs | search 'swift' | select id") == "7")
    }

    @Test func aCommandThatIsNeitherSQLNorDSLGetsADSLError() throws {
        let session = try TestSession()
        #expect(session.run("hello there").errors == """
            error: expected the end of the query, found `there`
            hello there
                  ^^^^^ unexpected here

            """)
    }

    @Test func tablesOfAttachedDatabasesAreInTheCatalogUntilDetached() throws {
        let session = try TestSession()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rql-attached-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let ran = session.run("""
            ATTACH '\(file)' AS aux;
            CREATE TABLE aux.gadgets (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE aux.tags (title TEXT);
            INSERT INTO aux.gadgets (name) VALUES ('lamp'), ('kettle');
            gadgets | order name | select name
            tags | count
            """)
        #expect(ran.errors == "")
        // tags is main's (7 rows), not the empty one attached
        #expect(ran.output == "kettle\nlamp\n7\n")
        #expect(session.run("DETACH aux;\ngadgets | count").errors.hasPrefix("error: no table or view named `gadgets`\n"))
    }
}

import Foundation
import Testing
import RQLEngine

/// The sqlite3 shell's commands as its users type them: abbreviations, the
/// names sqlite3 gives rql's commands, `.exit`, `.print`, `.show`,
/// `.timeout` and `.shell` (`.timeout`'s waits: LockedDatabaseTests).
@Suite struct ShellHabitTests {
    @Test func theStartOfOneNameAloneIsThatCommand() throws {
        let test = try TestSession()
        #expect(test.run(".tab remindersL%").output == test.run(".tables remindersL%").output)
        #expect(test.run(".sch tags").output == test.run(".schema tags").output)
        #expect(test.run(".s").errors == "error: .s could be .sample, .scratch, .save, .separator, .schema, .sql, .summarize, .show, .shell, .sandbox\ntype more of the name\n")
        #expect(test.run(".help tab").output.hasPrefix("usage: .tables [PATTERN]\n"))
    }

    @Test func sqlite3NamesReachRqlCommands() throws {
        let test = try TestSession()
        #expect(test.run(".header on\nSELECT 1 AS one;").output == "one\n1\n")
        #expect(test.run(".indices tags").output == test.run(".indexes tags").output)
        #expect(test.run(".system echo Zoë").output == "Zoë\n")
    }

    @Test func exitEndsWithTheStatusGiven() throws {
        let test = try TestSession()
        test.run(".exit 3\nSELECT 'not run';")
        #expect(test.session.hasQuit)
        #expect(test.session.exitStatus == 3)
        #expect(try TestSession().run(".exit 256").errors == "error: .exit takes a status from 0 to 255, not \"256\"\n")
    }

    @Test func printWritesItsWords() throws {
        #expect(try TestSession().run(".print hello 'two  words' 東京").output == "hello two  words 東京\n")
    }

    @Test func showListsTheSettings() throws {
        let output = try TestSession().run(".mode csv\n.nullvalue '-'\n.timeout 250\n.show").output
        #expect(output.contains("mode       csv\n"))
        #expect(output.contains("nullvalue  \"-\"\n"))
        #expect(output.contains("timeout    250 ms\n"))
        #expect(output.contains("database   reminders\n"))
        // The connection's own value, which the PRAGMA sets too.
        #expect(try TestSession().run("PRAGMA busy_timeout = 300;\n.show").output.contains("timeout    300 ms\n"))
    }

    @Test func aDatabaseOpenedLaterWaitsTheTimeoutToTheMillisecond() throws {
        #expect(try TestSession().run(".timeout 1001\n.open ':memory:'\nPRAGMA busy_timeout;").output == "1001\n")
    }

    @Test func helpWrapsToTheWidth() throws {
        let test = try TestSession()
        test.session.settings.lineWidth = 60
        for help in [test.run(".help").output, test.run(".help mode").output, test.run(".help pager").output] {
            #expect(help.split(separator: "\n").allSatisfy { $0.count <= 60 || !$0.contains(" ") })
        }
        #expect(test.run(".help").output.contains("""
            .timer on|off                 print the time each command
                                          took
            """))
    }

    @Test func thePagerIsSetAndShown() throws {
        let test = try TestSession()
        #expect(test.run(".pager").output == "pager: auto\n")
        #expect(test.run(".pager OFF\n.pager").output == "pager: off\n")
        #expect(test.run(".show").output.contains("\npager      off\n"))
        // Output that is not a terminal never goes through it.
        #expect(test.run(".pager on\nSELECT 1 AS one;").output == "1\n")
    }

    @Test func shellRunsACommandAndSaysWhenItFails() throws {
        let test = try TestSession()
        #expect(test.run(".shell printf 'a\\nb\\n' | wc -l").output.trimmingCharacters(in: .whitespaces) == "2\n")
        #expect(test.run(".shell exit 4").errors == "error: the command ended with status 4\n")
        #expect(try TestSession(safe: true).run(".shell ls").errors.hasPrefix("error: refused by safe mode: .shell"))
    }

    @Test(arguments: [
        (".timeout soon", "error: .timeout takes milliseconds, not \"soon\"\n"),
        (".exit now", "error: .exit takes a status from 0 to 255, not \"now\"\n"),
        (".cd /nowhere/at/all", "error: cannot change to /nowhere/at/all: no such folder\n"),
        (".pager maybe", "error: .pager takes auto, on or off, not \"maybe\"\n"),
    ])
    func errors(command: String, error: String) throws {
        #expect(try TestSession().run(command).errors == error)
    }
}

/// `.eqp on`: each query's plan, as `.explain` shows it, before its rows.
@Suite struct EqpTests {
    @Test func eachQueryShowsItsPlanFirst() throws {
        let test = try TestSession()
        let output = test.run(".eqp on\nSELECT title FROM reminders WHERE id = '00000000-0000-4000-8000-00000000b001';").output
        #expect(output == """
            QUERY PLAN
            └─ SEARCH reminders USING INDEX sqlite_autoindex_reminders_1 (id=?)

            indexes used: sqlite_autoindex_reminders_1 on reminders(id)

            Groceries

            """)
        #expect(test.run("reminders | where isFlagged | count").output.hasPrefix("QUERY PLAN\n└─ SCAN reminders\n"))
        #expect(test.run("PRAGMA user_version;").output == "0\n")
        // SQLite says an EXPLAIN is one (sqlite3_stmt_isexplain), comments before it or not: its rows are the plan.
        #expect(test.run("/* first */ EXPLAIN QUERY PLAN SELECT 1;").output.hasPrefix("QUERY PLAN") == false)
        #expect(test.run(".eqp off\nSELECT 1;").output == "1\n")
    }
}

/// `.last`: the last query's rows again, from the kept copy.
@Suite struct LastResultTests {
    @Test func theLastRowsShowInAnotherModeWithoutRunningAgain() throws {
        let test = try TestSession()
        test.session.settings.keepsLastResult = true
        test.run("SELECT title, priority FROM reminders WHERE priority IS NOT NULL ORDER BY title LIMIT 2;")
        test.run("UPDATE reminders SET title = 'changed';")
        #expect(test.run(".last csv").output == "\"Doctor appointment\",3\n\"Get laundry\",1\n")
        #expect(test.run(".last").output == "Doctor appointment|3\nGet laundry|1\n")
    }

    @Test func whatCannotBeShownSaysWhy() throws {
        let test = try TestSession()
        #expect(test.run(".last").errors == "error: .last shows rows kept at the prompt; here none are kept\n")
        test.session.settings.keepsLastResult = true
        #expect(test.run(".last").errors == "error: no query has shown rows yet\n")
        test.run("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i <= 100000) SELECT i FROM n;")
        #expect(test.run(".last").errors == "error: the last result was too big to keep (more than 100000 rows or 64 MiB)\nrun the query again, perhaps with .once FILE\n")
        #expect(test.run(".last xml").errors.hasPrefix("error: .last takes a mode, not \"xml\"\n"))
    }
}

import Foundation
import Testing
@testable import RQLEngine

@Suite struct DotCommandTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("rql-\(UUID().uuidString)-\(name)").path
    }

    @Test func modeHeadersNullValueAndSeparator() throws {
        let s = try TestSession()
        #expect(s.run(".mode").output == "mode: list\n")
        #expect(s.run(".headers on\n.nullvalue -\n.separator ;\nSELECT 1 AS a, NULL AS b;").output == "a;b\n1;-\n")
        #expect(s.run(".mode csv\nSELECT 'x y' AS a, 2 AS b;").output == "a,b\n\"x y\",2\n")
        #expect(s.run(".mode list\n.headers off\n.separator \\t\nSELECT 1, 2;").output == "1\t2\n")
        #expect(s.run(".mode list\n.headers off\n.separator , \\r\\n\nSELECT 1, 2;").output == "1,2\r\n")
        #expect(s.run(".mode json\nSELECT 1 AS n;").output == "[{\"n\":1}]\n")
    }

    @Test func maxRowsAndWidth() throws {
        let s = try TestSession(mode: .box)
        let cut = s.run(".maxrows 2\nWITH RECURSIVE c(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM c LIMIT 5) SELECT value FROM c;")
        #expect(cut.output == """
            ┌───────┐
            │ value │
            ├───────┤
            │     1 │
            │ …     │
            │     5 │
            └───────┘
            … 5 rows, 2 shown

            """)
        #expect(s.run(".maxrows lots").errors == "error: .maxrows takes a number of rows (0 for all), not \"lots\"\n")
        #expect(s.run(".width 3 x").errors == "error: .width takes widths from -10000 to 10000 columns, not \"x\"\n")
        #expect(s.run(".width 9223372036854775807").errors
            == "error: .width takes widths from -10000 to 10000 columns, not \"9223372036854775807\"\n")
        #expect(s.run(".width 5 -999999999").errors
            == "error: .width takes widths from -10000 to 10000 columns, not \"-999999999\"\n")
        #expect(s.run(".width 99999999999999999999").errors
            == "error: .width takes widths from -10000 to 10000 columns, not \"99999999999999999999\"\n")
        #expect(s.run(".width 10000 -10000 +2\n.width").errors == "")
        let narrow = s.run(".maxrows 0\n.width 4\nSELECT 'abcdefgh' AS t;")
        #expect(narrow.output.contains("│ abc… │"))
    }

    @Test func onceAndOutputWriteFiles() throws {
        let s = try TestSession()
        let once = temporaryPath("once.txt")
        let all = temporaryPath("all.txt")
        defer { try? FileManager.default.removeItem(atPath: once); try? FileManager.default.removeItem(atPath: all) }
        let ran = s.run(".once \(once)\nSELECT 1;\nSELECT 2;\n.output \(all)\nSELECT 3;\nSELECT 4;\n.output\nSELECT 5;")
        #expect(ran.output == "2\n5\n")
        #expect(try String(contentsOfFile: once, encoding: .utf8) == "1\n")
        #expect(try String(contentsOfFile: all, encoding: .utf8) == "3\n4\n")
        #expect(s.run(".output /nonexistent/dir/x.txt").errors == "error: cannot write /nonexistent/dir/x.txt: No such file or directory\n")
    }

    @Test func timerAndEcho() throws {
        let s = try TestSession()
        let timed = s.run(".timer on\nSELECT 1;\n.timer off")
        #expect(timed.output.hasPrefix("1\nRun Time: real "))
        #expect(s.run(".echo on\nSELECT 7;\n.echo off").output == "SELECT 7;\n7\n.echo off\n")
        #expect(s.run(".timer sometimes").errors == "error: .timer takes on or off, not \"sometimes\"\n")
    }

    @Test func tablesSchemaAndDbinfo() throws {
        let s = try TestSession()
        #expect(s.run(".tables").output == "reminderTexts        remindersListAssets  remindersTags\nreminders            remindersLists       tags\n")
        #expect(s.run(".tables reminders%").output.contains("remindersLists"))
        #expect(!s.run(".tables").output.contains("reminderTexts_data"))
        let schema = s.run(".schema tags").output
        #expect(schema.hasPrefix("CREATE TABLE tags (\n  title TEXT PRIMARY KEY NOT NULL COLLATE NOCASE\n) STRICT;\n"))
        #expect(s.run(".schema reminders").output.contains("CREATE TRIGGER reminders_status_after_update"))
        #expect(s.run(".schema nothing_like_this").errors == "error: no table, view, index or trigger matches \"nothing_like_this\"\n.tables lists them\n")
        let info = s.run(".dbinfo").output
        #expect(info.contains("file            (memory: a private copy of the reminders sample)\n"))
        #expect(info.contains("foreign keys    on (rql turns them on; the sqlite3 shell leaves them off)\n"))
        #expect(info.contains("FTS5            yes\n"))
        s.run("CREATE TEMP TABLE scratch (x);")
        #expect(s.run(".tables scr%").output == "temp.scratch\n")
    }

    @Test func parameters() throws {
        let s = try TestSession()
        let ran = s.run("""
            .parameter set :title 'Haircut'
            .parameter set $n 40 + 2
            .parameter set @word hello
            .parameter set ?2 x'00ff'
            SELECT count(*) FROM reminders WHERE title = :title;
            SELECT $n, @word;
            SELECT typeof(?), hex(?);
            .parameter list
            """)
        #expect(ran.errors == "")
        #expect(ran.output == "1\n42|hello\nnull|00FF\n$n      42\n:title  'Haircut'\n?2      x'00ff'\n@word   'hello'\n")
        #expect(s.run(".parameter set title 'x'").errors == "error: parameter names start with :, $, @ or ? (as in :name or ?1), not \"title\"\n")
        #expect(s.run(".parameter set ?x 1").errors == "error: a ? parameter is numbered: ?1, ?2, …\n")
        #expect(s.run(".parameter unset :nope").errors == "error: no parameter named :nope\n")
        #expect(s.run(".parameter frobnicate").errors.hasPrefix("error: usage: .parameter set NAME VALUE | unset NAME | list | clear\n"))
        #expect(s.run(".parameter clear\n.parameter list").output == "")
    }

    /// VALUE is the SQL as written: quotes doubled inside a string stay one quote.
    @Test func parameterValuesAreSQLAsWritten() throws {
        let s = try TestSession()
        #expect(s.run(".parameter set :w 'O''Neil'\nSELECT :w, length(:w);").output == "O'Neil|6\n")
        #expect(s.run(".parameter set :n '42'\nSELECT typeof(:n);").output == "text\n")
        #expect(s.run(".parameter set :s 'two  spaces'  \nSELECT :s;").output == "two  spaces\n")
        #expect(s.run(".fts tokens 'a''b c' porter").errors == "")
    }

    @Test func help() throws {
        let s = try TestSession()
        let index = s.run(".help").output
        #expect(index.contains(".mode [MODE]"))
        #expect(index.contains(".parameter set NAME VALUE | unset NAME | list | clear"))
        #expect(s.run(".help .bail").output.hasPrefix("usage: .bail on|off\nstop a script at its first error\n"))
        #expect(s.run(".help mode").output.contains("  csv       comma-separated values, as sqlite3 -csv\n"))
        #expect(s.run(".help tabls").errors == "error: no help for \"tabls\": there is no such command or DSL stage\ndid you mean .tables?\n")
    }

    @Test func openSampleResetAndRead() throws {
        let s = try TestSession()
        let path = temporaryPath("employees.sqlite")
        let script = temporaryPath("script.sql")
        defer { try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: script) }
        try Sample.employees.write(to: path)
        let error = #expect(throws: CommandError.self) { try Sample.employees.write(to: path) }
        #expect(error?.message == "\(path) already exists; rql does not overwrite it")
        #expect(s.run(".open \(path)\nSELECT count(*) FROM employees;").output == "12\n")
        #expect(s.session.target == .file(path: path, readonly: false))
        #expect(s.run(".reset").errors == "error: .reset rebuilds a sample, and \(URL(fileURLWithPath: path).lastPathComponent) is a file\n.sample NAME opens a sample\n")
        #expect(s.run(".open --readonly").errors == "error: usage: .open [--readonly] PATH\n.help open explains it\n")
        #expect(s.run(".sample attachments\nSELECT count(*) FROM notes;").output == "3\n")
        s.run("DELETE FROM notes;")
        #expect(s.run(".reset\nSELECT count(*) FROM notes;").output == "3\n")
        #expect(s.run(".sample").output.hasPrefix("reminders    the Reminders app"))
        try "SELECT 1;\nSELECT nope;\nSELECT 2;\n".write(toFile: script, atomically: true, encoding: .utf8)
        let read = s.run(".read \(script)")
        #expect(read.output == "1\n2\n")
        #expect(read.errors == "\(script):2: error: no such column: nope\nSELECT nope;\n       ^\nerror: 1 of 3 commands in \(script) failed\n")
        #expect(s.run(".read /nonexistent.sql").errors == "error: cannot read /nonexistent.sql: no such file\n")
        let folder = FileManager.default.temporaryDirectory.path
        #expect(s.run(".read \(folder)").errors == "error: cannot read \(folder): it is a folder\n")
        #expect(s.run(".explain select 1; select 2").errors
                == "error: .explain takes one query; this holds 2 statements\nhelp: explain each on its own: .explain select 1;\n")
        try ".read \(script.replacingOccurrences(of: "script.sql", with: "loop.sql"))\n"
            .write(toFile: script.replacingOccurrences(of: "script.sql", with: "loop.sql"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script.replacingOccurrences(of: "script.sql", with: "loop.sql")) }
        #expect(s.run(".read \(script.replacingOccurrences(of: "script.sql", with: "loop.sql"))").errors.contains("is nested more than 16 deep"))
    }

    @Test func quitStopsTheScript() throws {
        let s = try TestSession()
        let ran = s.run("SELECT 1;\n.quit\nSELECT 2;")
        #expect(ran.output == "1\n")
        #expect(ran.result.stopped)
    }
}

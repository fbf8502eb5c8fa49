import Foundation
import Testing
@testable import RQLEngine

/// Bad input gets a clear error with its location, and nothing is lost.
@Suite struct BadInputTests {
    @Test func syntaxErrorShowsTheLineAndACaret() throws {
        let s = try TestSession()
        let ran = s.run("SELECT title FROM reminders\nWHERE titel = 'x';")
        #expect(ran.errors == """
            error: no such column: titel
            WHERE titel = 'x';
                  ^

            """)
        let syntax = s.run("SELECT * FROM reminders WHERE;")
        #expect(syntax.errors == """
            error: near ";": syntax error
            SELECT * FROM reminders WHERE;
                                         ^

            """)
    }

    @Test func scriptErrorsNameTheScriptLine() throws {
        let s = try TestSession()
        s.output.clear()
        let result = s.session.run(script: "SELECT 1;\n\nSELECT nope\n  FROM reminders;\nSELECT 2;", origin: "script.sql",
                                   policy: .continueUnlessBail)
        s.session.close()
        #expect(result == ScriptResult(commands: 3, failures: 1, stopped: false))
        #expect(s.errors.text.hasPrefix("script.sql:3: error: no such column: nope\n"))
        #expect(s.output.text == "1\n2\n")
    }

    @Test func unknownDotCommandSuggests() throws {
        let s = try TestSession()
        #expect(s.run(".tabels").errors == "error: unknown command: .tabels\ndid you mean .tables?\n.help lists the dot-commands\n")
        #expect(s.run(".mode boxx").errors == "error: .mode takes a mode, not \"boxx\"\ndid you mean box?\nmodes: box table markdown csv json line list html\n")
        #expect(s.run(".headers maybe").errors == "error: .headers takes on or off, not \"maybe\"\n")
        #expect(s.run(".maxrows").errors == "error: usage: .maxrows N\n.help maxrows explains it\n")
        #expect(s.run(".sample remindrs").errors == "error: no sample named \"remindrs\"\ndid you mean reminders?\nsamples: reminders employees attachments\n")
        #expect(s.run(".").errors == "error: a dot-command needs a name after the period\n.help lists them\n")
        #expect(s.run(".open 'unterminated").errors == "error: unterminated ' quote in the command\nnote: inside quotes, write a quote twice: 'O''Neil'\n")
    }

    @Test func nonDatabaseFileIsRefusedAndTheSessionStays() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-not-a-db-\(UUID().uuidString).txt").path
        try Data("hello, this is not SQLite\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = try TestSession()
        let ran = s.run(".open \(path)\nSELECT count(*) FROM reminders;")
        #expect(ran.errors == "error: cannot open \(path): file is not a database\n")
        #expect(ran.output == "11\n")
        #expect(throws: CommandError.self) { try TestSession(.file(path: path, readonly: true)) }
    }

    @Test func missingFileWithReadonly() throws {
        let error = #expect(throws: CommandError.self) { try TestSession(.file(path: "/nonexistent/rql.sqlite", readonly: true)) }
        #expect(error?.message == "cannot open /nonexistent/rql.sqlite: no such file")
        let s = try TestSession()
        #expect(s.run(".open --readonly /nonexistent/rql.sqlite").errors == "error: cannot open /nonexistent/rql.sqlite: no such file\n")
    }

    @Test func readonlyDatabasesRefuseWrites() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-ro-\(UUID().uuidString).sqlite").path
        try Sample.employees.write(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = try TestSession(.file(path: path, readonly: true))
        #expect(s.run("DELETE FROM employees;").errors == "error: attempt to write a readonly database\n")
        #expect(s.value("SELECT count(*) FROM employees;") == "12")
    }

    @Test func failingScriptKeepsWhatRanBefore() throws {
        let s = try TestSession()
        let ran = s.run("""
            INSERT INTO tags (title) VALUES ('errands');
            INSERT INTO tags (title) VALUES ('errands');
            INSERT INTO tags (title) VALUES ('garden');
            """)
        #expect(ran.result == ScriptResult(commands: 3, failures: 1, stopped: false))
        #expect(ran.errors == "error: UNIQUE constraint failed: tags.title\n")
        #expect(s.value("SELECT count(*) FROM tags;") == "9")
        let bailed = s.run(".bail on\nINSERT INTO tags VALUES ('x');\nINSERT INTO tags VALUES ('x');\nINSERT INTO tags VALUES ('y');")
        #expect(bailed.result == ScriptResult(commands: 3, failures: 1, stopped: true))
        #expect(s.value("SELECT count(*) FROM tags WHERE title IN ('x', 'y');") == "1")
        let stopped = s.run("SELECT 1;\nSELECT nope;\nSELECT 2;", policy: .stop)
        #expect(stopped.result.stopped && stopped.output == "1\n")
    }

    @Test func failureInsideATransactionSaysWhatBecameOfIt() throws {
        let s = try TestSession()
        let ran = s.run("BEGIN;\nINSERT INTO tags VALUES ('a');\nINSERT INTO tags VALUES ('a');")
        #expect(ran.errors == "error: UNIQUE constraint failed: tags.title\nnote: the transaction is still open (COMMIT or ROLLBACK to end it)\n")
        s.run("ROLLBACK;")
        #expect(s.value("SELECT count(*) FROM tags;") == "7")
    }

    @Test func triggerBodiesWithInnerSemicolonsStayWhole() throws {
        let s = try TestSession()
        let ran = s.run("""
            CREATE TABLE log (message TEXT);
            CREATE TRIGGER tags_logged AFTER INSERT ON tags
            BEGIN
              INSERT INTO log VALUES ('tag ' || new.title);
              INSERT INTO log VALUES ('count ' || (SELECT count(*) FROM tags));
            END;
            INSERT INTO tags VALUES ('garden');
            SELECT group_concat(message, '; ') FROM log;
            """)
        #expect(ran.errors == "")
        #expect(ran.output == "tag garden; count 8\n")
    }

    @Test func hugeAndBinaryValuesDoNotBreakRendering() throws {
        let s = try TestSession(mode: .box)
        let ran = s.run("SELECT randomblob(100000) AS b, zeroblob(3) AS z, char(0, 7, 27, 127) AS controls, printf('%.*c', 200000, 'x') AS long;")
        #expect(ran.errors == "")
        #expect(ran.output.contains("x'000000'"))
        #expect(ran.output.contains("␀␇␛␡"))
        #expect(!ran.output.contains("\u{1B}"))
    }

    /// A NUL byte fails the command that holds it, pointing at it; control
    /// characters in what a message quotes are shown, never sent raw.
    @Test func nulBytesAndControlCharactersInMessages() throws {
        let s = try TestSession()
        let ran = s.run("SELECT 1;\nSELECT 2\u{0};\nSELECT 3;")
        #expect(ran.output == "1\n3\n")
        #expect(ran.errors == "error: the command holds a NUL byte; SQLite would read only the text before it\nSELECT 2\u{2400};\n        ^ NUL byte\n")
        #expect(s.run(".fo\u{1B}[31mo").errors == "error: unknown command: .fo\u{241B}[31mo\n.help lists the dot-commands\n")
    }

    /// A long line shows a window around the spot an error points at.
    @Test func aLongLineShowsAWindowAroundTheError() throws {
        let s = try TestSession()
        let long = String(repeating: "y", count: 300)
        let errors = s.run("SELECT '\(long)' || nope || '\(long)';").errors
        let y = { String(repeating: "y", count: $0) }
        // 60 characters each side of the spot: 55 y's and `' || ` before, `nope || '` and 51 y's after.
        #expect(errors == "error: no such column: nope\n…\(y(55))' || nope || '\(y(51))…\n" + String(repeating: " ", count: 61) + "^\n")
    }
}

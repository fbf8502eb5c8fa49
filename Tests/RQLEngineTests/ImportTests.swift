import Foundation
import Testing
@testable import RQLEngine

/// `.import`: CSV, TSV, JSON and NDJSON files into new tables typed by
/// their values, or into existing tables by name or position; malformed
/// files say where and leave the database as it was.
@Suite final class ImportTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// In a file of one column a blank line is a record of one empty field,
    /// as the sqlite3 shell reads it: rql's own CSV of a one-column table
    /// with empty values and NULLs imports back whole. Elsewhere blank lines
    /// are skipped.
    @Test func aOneColumnFileKeepsItsEmptyValues() throws {
        let source = try TestSession.inMemory("CREATE TABLE words (w TEXT); INSERT INTO words VALUES ('a'), (''), (NULL), ('東京');")
        source.session.settings.mode = .csv
        let csv = source.run("SELECT w FROM words;").output
        #expect(csv == "a\n\"\"\n\n\"東京\"\n")
        let path = try file("words.csv", csv)
        let test = try TestSession.inMemory("")
        #expect(test.run(".import --no-header \(path) words").output == "imported 4 records into a new table words (c1 TEXT)\n")
        #expect(test.run("SELECT quote(c1) FROM words;").output == "'a'\n''\n''\n'東京'\n")
        let two = try file("two.csv", "a,b\n1,2\n\n3,4\n\n")
        #expect(test.run(".import \(two) pairs").output == "imported 2 records into a new table pairs (a INTEGER, b INTEGER)\n")
        let trailing = try file("one.csv", "\n\nn\n1\n\n3\n\n")
        #expect(test.run(".import \(trailing) ones").output == "imported 4 records into a new table ones (n INTEGER)\n")
    }

    /// A FIFO called NAME in the test's folder, and the shell command that
    /// writes what `command` prints into it (wait for it after reading).
    func pipe(_ name: String, writing command: String) throws -> (path: String, writer: Process) {
        let path = folder + "/" + name
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "\(command) > '\(path)'"]
        try writer.run()
        return (path, writer)
    }

    /// Writes `text` to FILE in the test's folder; returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aCSVFileBecomesATableTypedByAllItsValues() throws {
        let path = try file("people.csv", "\u{FEFF}id,name,score,zip,note\r\n1,Ana,3.5,01234,\r\n2,\"Bo, Jr.\",4,12345,\"said \"\"hi\"\"\nthen left\"\r\n3,Zoë 東京 🎉,,,x\r\n")
        let test = try TestSession.inMemory("")
        let imported = test.run(".import '\(path)' people")
        #expect(imported.errors == "")
        #expect(imported.output == "imported 3 records into a new table people (id INTEGER, name TEXT, score REAL, zip TEXT, note TEXT)\n")
        #expect(test.run("SELECT id, name, score, zip, note, typeof(score), typeof(note) FROM people ORDER BY id;").output == """
            1|Ana|3.5|01234||real|text
            2|Bo, Jr.|4.0|12345|said "hi"
            then left|real|text
            3|Zoë 東京 🎉|||x|null|text

            """)
    }

    @Test(arguments: [
        (["1", "-7", "", "9223372036854775807", "-9223372036854775808"], "INTEGER"),
        (["1", "2.5", "-1e-3", "3E4", "0.25"], "REAL"),
        (["1", "007"], "TEXT"),
        (["1", "+5"], "TEXT"),
        (["1,000"], "TEXT"),
        (["9223372036854775808"], "TEXT"),
        (["1e999"], "TEXT"),
        (["", ""], "TEXT"),
        (["1."], "TEXT"),
        ([".5"], "TEXT"),
        (["-"], "TEXT"),
        (["1e"], "TEXT"),
        (["9007199254740993", "1.5"], "TEXT"),
        (["9007199254740992", "-1.5"], "REAL"),
        (["1e-400"], "TEXT"),
        (["0e5", "2.5", "0.0"], "REAL"),
    ])
    func numbersAreNumbersOnlyWhenWrittenWithoutLoss(values: [String], type: String) throws {
        let path = try file("n.csv", "n\n" + values.map { "\"\($0)\"" }.joined(separator: "\n") + "\n")
        let test = try TestSession.inMemory("")
        #expect(test.run(".import \(path) t").output.hasSuffix("(n \(type))\n"))
        // The values read back as written, whatever the type.
        let expected = values.map { $0.isEmpty && type != "TEXT" ? "NULL" : $0 }
        let readBack = test.run("SELECT coalesce(CASE typeof(n) WHEN 'real' THEN NULL ELSE CAST(n AS TEXT) END, CASE WHEN n IS NULL THEN 'NULL' END, n) FROM t;").output
        if type != "REAL" { #expect(readBack == expected.map { $0 + "\n" }.joined()) }
    }

    /// A JSON number a column would change is kept as written: an integer
    /// beyond 64 bits, and an integer beyond 2^53 in a column with fractions.
    @Test func jsonNumbersKeepTheirDigits() throws {
        let test = try TestSession.inMemory("")
        let json = try file("n.json", """
            [{"big": 123456789012345678901234567890, "edge": 9223372036854775807, "mixed": 9007199254740993, "tiny": 1e-400},
             {"big": 1, "edge": 9223372036854775808, "mixed": 1.5, "tiny": 2}]
            """)
        #expect(test.run(".import \(json) n").output == "imported 2 records into a new table n (big TEXT, edge TEXT, mixed TEXT, tiny TEXT)\n")
        #expect(test.run("SELECT big, edge, mixed, tiny FROM n;").output
            == "123456789012345678901234567890|9223372036854775807|9007199254740993|1e-400\n1|9223372036854775808|1.5|2\n")
    }

    @Test func optionsForHeaderlessSeparatedAndPrefacedFiles() throws {
        let test = try TestSession.inMemory("")
        let tsv = try file("a.tsv", "x\ty\n1\tone\n2\ttwo\n")
        #expect(test.run(".import \(tsv) t1").output == "imported 2 records into a new table t1 (x INTEGER, y TEXT)\n")
        let semicolons = try file("b.txt", "exported by a tool\n\n1;a\n2;b\n")
        #expect(test.run(".import --csv --no-header --skip 2 --separator ';' \(semicolons) t2").output
                == "imported 2 records into a new table t2 (c1 INTEGER, c2 TEXT)\n")
        let repeated = try file("c.csv", "a,A,,a\n1,2,3,4\n")
        #expect(test.run(".import \(repeated) t3").output
                == "imported 1 record into a new table t3 (a INTEGER, A_2 INTEGER, c3 INTEGER, a_3 INTEGER)\n")
    }

    @Test func jsonArraysAndLinesKeepNullsNestingAndUnicode() throws {
        let json = try file("a.json", """
            [{"id": 1, "name": "Zo\\u00eb \\ud83c\\udf89 東京", "tags": ["a", {"b": null}], "ok": true, "gone": null},
             {"id": 2, "name": "two", "score": 2.5e3, "ok": false}]
            """)
        let test = try TestSession.inMemory("")
        #expect(test.run(".import \(json) j").output
                == "imported 2 records into a new table j (id INTEGER, name TEXT, tags TEXT, ok INTEGER, gone TEXT, score REAL)\n")
        #expect(test.run("SELECT id, name, tags, ok, gone IS NULL, score FROM j ORDER BY id;").output
                == "1|Zoë 🎉 東京|[\"a\",{\"b\":null}]|1|1|\n2|two||0|1|2500.0\n")
        let lines = try file("b.ndjson", "{\"a\": 1}\n\n{\"b\": \"x\", \"a\": 2}\n")
        #expect(test.run(".import \(lines) n").output == "imported 2 records into a new table n (a INTEGER, b TEXT)\n")
        #expect(test.run("SELECT a, b FROM n ORDER BY a;").output == "1|\n2|x\n")
    }

    @Test(arguments: [
        ("bad.csv", "a,b\n1,2\n3\n", "bad.csv:3: error: 1 field where the header names 2\n"),
        ("bad.csv", "a,b\n1,\"x\n2,3\n", "bad.csv:2:3: error: a quoted field is never closed: the file ends inside it\n"),
        ("bad.csv", "a,b\n\"1\"x,2\n", "bad.csv:2:4: error: a quoted field goes on after its closing quote (a quote inside quotes is written \"\")\n"),
        ("bad.csv", "a,b\n\"東京\",\"x\"\"y\" z\n", "bad.csv:2:12: error: a quoted field goes on after its closing quote (a quote inside quotes is written \"\")\n"),
        ("bad.json", "[{\"a\": 1},\n {\"a\": 2,}]", "bad.json:2: error: invalid JSON: expected a key in double quotes\n"),
        ("bad.json", "[{\"a\": 1}, 2]", "bad.json:1: error: invalid JSON: each element of the array must be an object: {\"column\": value, …}\n"),
        ("bad.json", "{\"a\": [1, 2}", "bad.json:1: error: invalid JSON: expected `,` or `]` after a value\n"),
        ("bad.json", "{\"a\": \"x", "bad.json:1: error: invalid JSON: a string is never closed\n"),
        ("bad.json", "{\"a\": -}", "bad.json:1: error: invalid JSON: a number is malformed\n"),
        ("bad.json", "{\"a\": 01x}", "bad.json:1: error: invalid JSON: expected `,` or `}` after a value\n"),
        ("bad.json", "[{\"a\": 1}", "bad.json:1: error: invalid JSON: the file ends inside the array of records\n"),
        ("bad.json", "[{\"a\": 1}] {}", "bad.json:1: error: invalid JSON: more after the array of records ends\n"),
        ("bad.json", "{\"a\": \"\\q\"}", "bad.json:1: error: invalid JSON: an unknown escape \\q\n"),
        ("bad.json", "{\"a\": \"\\udc00\"}", "bad.json:1: error: invalid JSON: a \\u escape holds half a character\n"),
        ("bad.json", "{\"a\": tru}", "bad.json:1: error: invalid JSON: expected a value (true, false, null, a number, a string, [ or {)\n"),
        ("bad.json", "{\"a\" 1}", "bad.json:1: error: invalid JSON: expected `:` after the key \"a\"\n"),
        ("empty.csv", "", "error: empty.csv holds no records\n"),
        ("empty.json", "[]", "error: empty.json holds no records with a key\n"),
    ])
    func aMalformedFileSaysWhereAndImportsNothing(name: String, text: String, error: String) throws {
        let path = try file(name, text)
        let test = try TestSession.inMemory("")
        let result = test.run(".import \(path) t")
        #expect(result.errors == error.replacingOccurrences(of: name, with: path))
        #expect(test.run(".tables").output == "")
    }

    /// A Latin-1 file's bytes are stored as they are, with a warning that
    /// names the first line that is not UTF-8 and how to convert the file.
    @Test func aFileThatIsNotUTF8IsImportedWithAWarning() throws {
        let path = folder + "/latin1.csv"
        try Data([UInt8]("id,name\n1,Zoë\n2,caf".utf8) + [0xE9] + [UInt8]("\n3,x".utf8) + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        let test = try TestSession.inMemory("")
        let imported = test.run(".import '\(path)' t")
        #expect(imported.output == "imported 3 records into a new table t (id INTEGER, name TEXT)\n")
        #expect(imported.errors == """
            \(path):3: warning: this line is not UTF-8 text; its bytes are stored as they are
            help: a file saved as Latin-1 or Windows-1252 reads right once converted: iconv -f WINDOWS-1252 -t UTF-8 \(path) > \(folder)/latin1-utf8.csv

            """)
        #expect(test.value("SELECT hex(name) FROM t WHERE id = 2;") == "636166E9")
        // UTF-8 text from every plane gives no warning.
        let utf8 = try file("utf8.ndjson", "{\"a\": \"Zoë 東京 🎉 \\u00e9 𝄞\"}\n")
        #expect(test.run(".import '\(utf8)' u").errors == "")
    }

    /// A header that is not UTF-8 cannot make a name as it is: the warning
    /// says which bytes became U+FFFD, and the values keep theirs.
    @Test func aHeaderThatIsNotUTF8IsSaidSo() throws {
        let path = folder + "/header.csv"
        try Data([0x5A, 0xFC] + [UInt8]("rich,b\n1,x\n".utf8)).write(to: URL(fileURLWithPath: path))
        let test = try TestSession.inMemory("")
        let imported = test.run(".import '\(path)' t")
        #expect(imported.output == "imported 1 record into a new table t (Z\u{FFFD}rich INTEGER, b TEXT)\n")
        #expect(imported.errors
            == "\(path):1: warning: the header is not UTF-8 text; in the column names each byte that is not became U+FFFD\n")
    }

    /// A REAL field reads as the double that parsing its text gives, bit for
    /// bit, whether or not it takes the fast path.
    @Test func realFieldsReadAsTheirTextParses() {
        func read(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { ColumnKind.real($0) }
        }
        var texts = ["0.1", "-0.0", "0.5", "123456.5", "1e22", "1e23", "1e-22", "1e-23", "9007199254740992.0",
                     "9007199254740993.0", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
                     "0.30000000000000004", "123456789012345678.5", "1E5", "1e+5", "-2.5e-3", "0.000000000000000000001",
                     "3.14159265358979323846", "1e00022", "1e99999"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let whole = next(2) == 0 ? "0" : String(next(9) + 1) + String((0..<next(17)).map { _ in Character(String(next(10))) })
            let fraction = String((0..<(next(12) + 1)).map { _ in Character(String(next(10))) })
            let exponent = next(3) == 0 ? "e\(next(61) - 30)" : ""
            texts.append((next(4) == 0 ? "-" : "") + whole + "." + fraction + exponent)
        }
        for text in texts {
            let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
            #expect(read(text)?.bitPattern == expected?.bitPattern, "\(text)")
        }
        #expect(read("12") == nil && read("1.") == nil && read("01.5") == nil && read("1e") == nil && read("x1.5") == nil)
        // The shape's check from the text alone agrees with the value.
        texts += ["1e-400", "1e400", "0.0e-400", "1." + String(repeating: "0", count: 60) + "1e-300", "12", "1e",
                  "1" + String(repeating: "0", count: 38) + ".5e250", "1" + String(repeating: "0", count: 38) + ".5e270"]
        for text in texts {
            #expect(Array(text.utf8).withUnsafeBufferPointer { ColumnKind.isReal($0) } == (read(text) != nil), "\(text)")
        }
    }

    /// The conversion the warning suggests names a file `.import` can read
    /// (its extension kept), quoted as a shell reads it.
    @Test func theSuggestedConversionKeepsTheExtension() {
        #expect(Session.convertedName("data/cities.csv") == "data/cities-utf8.csv")
        #expect(Session.convertedName("in.dir/cities") == "in.dir/cities-utf8")
        #expect(Session.convertedName(".hidden") == ".hidden-utf8")
        #expect(Session.shellWord("data/cities-1.csv") == "data/cities-1.csv")
        #expect(Session.shellWord("it's 東京.csv") == "'it'\\''s 東京.csv'")
    }

    @Test func utf8ValidationRefusesWhatIsNotText() {
        func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(UTF8Validation.isValid) }
        #expect(valid(Array("plain ASCII, longer than a word or two".utf8)))
        #expect(valid(Array("Zoë 東京 🎉 𝄞 after eight bytes: é".utf8)))
        #expect(valid([]))
        #expect(!valid([0xC0, 0x80]))               // an overlong NUL
        #expect(!valid([0xE0, 0x80, 0x80]))         // an overlong 3-byte form
        #expect(!valid([0xED, 0xA0, 0x80]))         // a surrogate
        #expect(!valid([0xF4, 0x90, 0x80, 0x80]))   // past U+10FFFF
        #expect(!valid(Array("abcdefgh".utf8) + [0xE6, 0x9D]))  // cut short
        #expect(!valid(Array("abcdefgh".utf8) + [0x80]))        // a lone continuation byte
        #expect(!valid([0xE9, 0x41]))               // Latin-1 é
    }

    @Test func aDeeplyNestedValueIsAnErrorNotACrash() throws {
        let path = try file("deep.json", "{\"a\": " + String(repeating: "[", count: 100_000) + "}")
        let test = try TestSession.inMemory("")
        #expect(test.run(".import \(path) t").errors == "\(path):1: error: invalid JSON: values are nested more than 512 deep\n")
    }

    @Test func anExistingTableIsFilledByNameOrPosition() throws {
        let test = try TestSession.inMemory("CREATE TABLE people (id INTEGER PRIMARY KEY, Name TEXT NOT NULL, age INTEGER);")
        let byName = try file("p.csv", "NAME,Age,ID\nAna,30,1\nBo,,2\n")
        #expect(test.run(".import \(byName) people").output == "imported 2 records into people\n")
        let other = try file("q.csv", "name,height\nCy,1.8\n")
        #expect(test.run(".import \(other) people").errors == """
            error: the columns of \(other) are not those of people
            people has no column height
            \(other) has no column id, age
            help: --by-position fills the columns in order

            """)
        let ordered = try file("r.csv", "whatever,x,y\n3,Cy,40\n")
        #expect(test.run(".import --by-position \(ordered) people").output == "imported 1 record into people\n")
        let narrow = try file("s.csv", "a,b\n1,2\n")
        #expect(test.run(".import --by-position \(narrow) people").errors == """
            error: \(narrow) has 2 columns and people has 3
            by position, each column of the file fills the table's column in the same place

            """)
        #expect(test.run("SELECT id, name, age FROM people ORDER BY id;").output == "1|Ana|30\n2|Bo|\n3|Cy|40\n")
    }

    @Test func aFailedInsertRollsBackEveryRecord() throws {
        let test = try TestSession.inMemory("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE VIEW v AS SELECT 1;")
        let path = try file("t.csv", "id,name\n1,a\n2,b\n1,c\n")
        #expect(test.run(".import \(path) t").errors == "\(path):4: error: UNIQUE constraint failed: t.id\nnothing was imported\n")
        #expect(test.run("SELECT count(*) FROM t;").output == "0\n")
        #expect(test.run(".import \(path) v").errors == "error: v is a view; .import fills ordinary tables\n")
    }

    /// `aux.t` is table t of the attached database aux, as in SQL; the
    /// tables .import cannot fill, and the columns it cannot fill, say why.
    @Test func tablesOfAttachedDatabasesAndTablesThatCannotBeFilled() throws {
        let path = try file("x.csv", "x,doubled\n1,2\n")
        let test = try TestSession.inMemory("""
            ATTACH ':memory:' AS aux;
            CREATE TABLE "main.odd" (x, doubled);
            CREATE TABLE computed (x INTEGER, doubled AS (x * 2));
            CREATE VIRTUAL TABLE texts USING fts5(x, doubled);
            """)
        #expect(test.run(".import \(path) aux.t").output == "imported 1 record into a new table aux.t (x INTEGER, doubled INTEGER)\n")
        #expect(test.run(".import \(path) aux.t").output == "imported 1 record into aux.t\n")
        #expect(test.value("SELECT count(*) FROM aux.t;") == "2")
        #expect(test.value("SELECT count(*) FROM pragma_table_list WHERE schema = 'main' AND name = 'aux.t';") == "0")
        #expect(test.run(".import \(path) main.odd").output == "imported 1 record into main.odd\n")
        #expect(test.value("SELECT count(*) FROM \"main.odd\";") == "1")
        #expect(test.run(".import \(path) computed").errors == """
            error: the columns of \(path) are not those of computed
            computed computes doubled (a generated column): no value goes into it
            help: --by-position fills the columns in order

            """)
        #expect(test.run(".import \(path) texts").errors == "error: texts is a virtual table; .import fills ordinary tables\n")
        #expect(test.run(".import \(path) texts_data").errors
            == "error: texts_data is a shadow table, which its virtual table keeps; .import fills ordinary tables\n")
    }

    /// A CSV file is read once, typed by its first records; a later value
    /// that would type a column otherwise over the whole file starts the
    /// import again, so the table is what typing by every value makes.
    @Test(arguments: [
        ("1.5", "x", "TEXT", "'1.50'"),     // text after reals: every value kept as written
        ("7", "2.5", "REAL", "7.0"),        // a fraction after integers
        ("", "42", "INTEGER", "NULL"),      // the first value of a column empty so far
        ("1.5", "9007199254740993", "TEXT", "'1.50'"),  // an integer a REAL cannot hold, beside fractions
        ("1", "9007199254740993", "INTEGER", "1"),      // which an INTEGER column holds
    ])
    func aLaterValueThatTypesTheColumnOtherwise(early: String, late: String, type: String, first: String) throws {
        let early = early == "1.5" ? "1.50" : early
        let records = (1...5_000).map { "\($0),\($0 == 4_500 ? late : early)" }.joined(separator: "\n")
        let path = try file("late.csv", "n,v\n" + records + "\n")
        let test = try TestSession.inMemory("")
        #expect(test.run(".import \(path) t").output == "imported 5000 records into a new table t (n INTEGER, v \(type))\n")
        #expect(test.value("SELECT quote(v) FROM t WHERE n = 1;") == first)
        #expect(test.value("SELECT count(*) FROM t;") == "5000")
        // The same through a pipe, read once into a copy that the second reading takes whole.
        let (fifo, writer) = try pipe("late-pipe.csv", writing: "cat '\(path)'")
        #expect(test.run(".import \(fifo) piped").output == "imported 5000 records into a new table piped (n INTEGER, v \(type))\n")
        writer.waitUntilExit()
        #expect(test.value("SELECT count(*) FROM (SELECT n, v FROM piped EXCEPT SELECT n, v FROM t);") == "0")
    }

    /// A first record larger than what is held is read as the later ones
    /// are, and the columns are still typed by every value.
    @Test func aFirstRecordLargerThanWhatIsHeld() throws {
        let path = try file("large.csv", "n,v\n1," + String(repeating: "x", count: 5 << 20) + "\n2,y\n3,4\n")
        let test = try TestSession.inMemory("")
        #expect(test.run(".import \(path) t").output == "imported 3 records into a new table t (n INTEGER, v TEXT)\n")
        #expect(test.value("SELECT sum(length(v)) FROM t;") == String((5 << 20) + 2))
    }

    /// A malformed record after the first ones, read while records are
    /// inserted, leaves nothing behind.
    @Test func aLateMalformedRecordLeavesNothing() throws {
        let records = (1...4_600).map { $0 == 4_500 ? "4500,x,extra" : "\($0),x" }.joined(separator: "\n")
        let path = try file("bad.csv", "n,v\n" + records + "\n")
        let test = try TestSession.inMemory("CREATE TABLE kept (n INTEGER, v TEXT);")
        #expect(test.run(".import \(path) t").errors.hasPrefix("\(path):4501: error: "))
        #expect(test.run(".import \(path) kept").errors.hasPrefix("\(path):4501: error: "))
        #expect(test.value("SELECT count(*) FROM kept;") == "0")
        #expect(test.run(".tables").output == "kept\n")
    }

    @Test func anImportInsideATransactionEndsWithIt() throws {
        let test = try TestSession.inMemory("")
        let path = try file("t.csv", "a\n1\n")
        test.run("BEGIN;")
        #expect(test.run(".import \(path) t").output == "imported 1 record into a new table t (a INTEGER)\n")
        test.run("ROLLBACK;")
        #expect(test.run(".tables").output == "")
    }

    @Test func aFIFOIsReadOnceAndKeptForTheSecondReading() throws {
        let (fifo, writer) = try pipe("pipe.csv", writing: "printf 'a,b\\n1,x\\n2,y\\n'")
        let test = try TestSession.inMemory("")
        #expect(test.run(".import \(fifo) t").output == "imported 2 records into a new table t (a INTEGER, b TEXT)\n")
        writer.waitUntilExit()
        #expect(test.run("SELECT group_concat(b) FROM t;").output == "x,y\n")
    }

    @Test(arguments: [
        (".import a.txt t", "error: cannot tell the format of a.txt from its name\nsay which: --csv, --tsv, --json or --ndjson\n"),
        (".import --xml a.xml t", "error: unknown option --xml for .import\nusage: .import [--csv|--tsv|--json|--ndjson] [--no-header] [--skip N] [--separator X] [--by-position] FILE TABLE\n"),
        (".import --skip x a.csv t", "error: --skip takes a number of lines, not \"x\"\n"),
        (".import --separator ab a.csv t", "error: --separator takes one ASCII character other than a quote or a newline, not \"ab\"\n"),
        (".import a.csv", "error: usage: .import [--csv|--tsv|--json|--ndjson] [--no-header] [--skip N] [--separator X] [--by-position] FILE TABLE\n.help import explains it\n"),
        (".import --csv a.csv t extra", "error: usage: .import [--csv|--tsv|--json|--ndjson] [--no-header] [--skip N] [--separator X] [--by-position] FILE TABLE\n.help import explains it\n"),
        (".import --csv /nowhere/a.csv t", "error: cannot read /nowhere/a.csv: no such file\n"),
        (".import a.csv t --skip", "error: usage: .import [--csv|--tsv|--json|--ndjson] [--no-header] [--skip N] [--separator X] [--by-position] FILE TABLE\n.help import explains it\n"),
    ])
    func usageErrors(command: String, error: String) throws {
        #expect(try TestSession.inMemory("").run(command).errors == error)
    }

    @Test func aFolderIsNotAFile() throws {
        #expect(try TestSession.inMemory("").run(".import --csv \(folder) t").errors == "error: cannot read \(folder): it is a folder\n")
    }
}

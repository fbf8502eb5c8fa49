import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RQLEngine

/// A quote followed by a combining mark (U+0301) is one Character in Swift
/// and still a quote to SQLite, FTS5 and Graphviz: names and text holding
/// one are quoted so that each of them reads them back whole.
@Suite struct CombiningMarkTests {
    /// `"` then U+0301, as a table or column name holds it.
    static let mark = "\"\u{301}"
    /// Two tables whose names and columns hold the mark, one referring to the other.
    static let schema = """
        CREATE TABLE "p""\u{301}{y}" (id INTEGER PRIMARY KEY, "c""\u{301}d" TEXT);
        CREATE TABLE "q""\u{301}x" (id INTEGER PRIMARY KEY, "p""\u{301}id" INTEGER REFERENCES "p""\u{301}{y}"(id), note TEXT);
        INSERT INTO "p""\u{301}{y}" VALUES (1, 'it''\u{301}s');
        INSERT INTO "q""\u{301}x" VALUES (10, 1, 'Zoë 東京 🎉');
        """

    @Test func theDSLQuotesNamesSQLiteReadsBack() throws {
        let test = try TestSession.inMemory(Self.schema)
        let ran = test.run("`q\(Self.mark)x` | select `p\(Self.mark)id`, note, `a\(Self.mark)b` = id")
        #expect(ran.errors == "")
        #expect(ran.output == "1|Zoë 東京 🎉|10\n")
        let grouped = test.run("`p\(Self.mark){y}` | group by `c\(Self.mark)d` ++ '\(Self.mark)' | select `c\(Self.mark)d` ++ '\(Self.mark)', count()")
        #expect(grouped.errors == "")
        #expect(grouped.output == "it'\u{301}s\(Self.mark)|1\n")
    }

    @Test func theDiagramsQuoteThemForGraphviz() throws {
        let test = try TestSession.inMemory(Self.schema)
        let dot = test.run(".erd --dot").output
        #expect(dot.contains("    \"q\\\"\u{301}x\" -> \"p\\\"\u{301}{y}\" [label=\"p\\\"\u{301}id\", style=dashed];\n"))
        #expect(dot.contains("\\{y\\}"))
        #expect(test.run(".erd --mermaid").output.contains(" : \"p'\u{301}id\"\n"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"),
                   "skipped: .erd --svg with a quote and a combining mark, as Graphviz's dot is not installed"))
    func graphvizDrawsThem() throws {
        let test = try TestSession.inMemory(Self.schema)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rql-erd-mark-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let drawn = test.run(".erd --svg '\(file)'")
        #expect(drawn.errors == "")
        #expect(drawn.output == "drew 2 tables into \(file)\n")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(XMLParser(data: data).parse())
        #expect(String(decoding: data, as: UTF8.self).contains("q&quot;\u{301}x"))
    }

    @Test func searchQuotesTheWordsForFTS5() throws {
        let test = try TestSession()
        let ran = test.run("reminders | search 'milk\(Self.mark) OR' | count")
        #expect(ran.errors == "")
        #expect(ran.output == "0\n")
    }

    /// The inspectors read tables, views and FTS tables whose names hold a
    /// quote (GRDB's `quotedDatabaseIdentifier` does not double one).
    @Test func theInspectorsReadNamesWithQuotes() throws {
        let test = try TestSession.inMemory(Self.schema + """
            CREATE VIEW "v""\u{301}" AS SELECT note FROM "q""\u{301}x";
            CREATE VIRTUAL TABLE "f""\u{301}" USING fts5(body);
            INSERT INTO "f""\u{301}" VALUES ('milk and honey');
            """)
        let fts = test.run(".fts 'f\(Self.mark)'")
        #expect(fts.errors == "")
        #expect(fts.output.contains("  rows           1\n"))
        let view = test.run(".view 'v\(Self.mark)'")
        #expect(view.errors == "")
        #expect(view.output.contains("    q\(Self.mark)x: note\n"))
        #expect(test.run(".explain SELECT * FROM \"q\"\"\u{301}x\" WHERE note = 'x';").errors == "")
    }

    /// `.fts` finds an FTS5 table's shadow tables by their names' prefix as
    /// text: `%` and `_` in a name are not LIKE's wildcards.
    @Test func shadowTablesOfANameWithWildcards() throws {
        let test = try TestSession.inMemory("""
            CREATE VIRTUAL TABLE "f%_x" USING fts5(body);
            CREATE VIRTUAL TABLE "fa_x" USING fts5(body);
            """)
        let output = test.run(".fts 'f%_x'").output
        #expect(output.contains("shadow tables  f%_x_config, f%_x_content, f%_x_data, f%_x_docsize, f%_x_idx\n"))
        #expect(!output.contains("fa_x_"))
    }
}

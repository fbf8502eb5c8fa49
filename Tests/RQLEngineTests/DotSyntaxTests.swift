import Testing
@testable import RQLEngine

/// Dot-commands read their words by their declared syntax: the usage line,
/// the values handlers get, the errors, and what Tab offers.
@Suite struct DotSyntaxTests {
    private func usage(_ name: String) -> String? {
        DotCommand.named(name)?.usage
    }

    @Test func theUsageLineComesFromTheDeclaration() {
        #expect(usage("mode") == ".mode [MODE] [--wrap N]")
        #expect(usage("headers") == ".headers on|off")
        #expect(usage("pager") == ".pager [auto|on|off]")
        #expect(usage("chart") == ".chart bar|column|line|spark")
        #expect(usage("output") == ".output [FILE|'|COMMAND']")
        #expect(usage("backup") == ".backup [DB] [--force] FILE")
        #expect(usage("parameter") == ".parameter set NAME VALUE | unset NAME | list | clear")
        #expect(usage("clock") == ".clock [set INSTANT | advance DURATION]")
        #expect(usage("connection") == ".connection [N | close N]")
        #expect(usage("import") == ".import [--csv|--tsv|--json|--ndjson] [--no-header] [--skip N] [--separator X] [--by-position] FILE TABLE")
        #expect(usage("width") == ".width [N ...]")
        #expect(usage("quit") == ".quit")
    }

    /// Optional values take the words left once the required ones have theirs,
    /// in order; flags go anywhere.
    @Test func wordsFillTheFormInOrder() throws {
        let test = try TestSession()
        #expect(test.run(".backup").errors == "error: usage: .backup [DB] [--force] FILE\n.help backup explains it\n")
        #expect(test.run(".backup a b c").errors == "error: usage: .backup [DB] [--force] FILE\n.help backup explains it\n")
        #expect(test.run(".backup nosuch --force f.sqlite").errors == "error: no database named nosuch\ndatabases: main temp\n")
        #expect(test.run(".backup --force --force f.sqlite").errors.hasPrefix("error: usage: .backup"))
        #expect(test.run(".erd --dot --mermaid").errors.hasPrefix("error: usage: .erd"))
        #expect(test.run(".last --wide").errors == "error: unknown option --wide for .last\nusage: .last [MODE] [--full]\n")
        #expect(test.run(".separator , ; x").errors == "error: usage: .separator COLUMN [ROW]\n.help separator explains it\n")
    }

    @Test func valuesAreCheckedByTheirKind() throws {
        let test = try TestSession()
        #expect(test.run(".timer maybe").errors == "error: .timer takes on or off, not \"maybe\"\n")
        #expect(test.run(".maxrows -1").errors == "error: .maxrows takes a number of rows (0 for all), not \"-1\"\n")
        #expect(test.run(".exit 256").errors == "error: .exit takes a status from 0 to 255, not \"256\"\n")
        #expect(test.run(".pager sometimes").errors == "error: .pager takes auto, on or off, not \"sometimes\"\n")
        #expect(test.run(".import --skip x a.csv t").errors == "error: --skip takes a number of lines, not \"x\"\n")
        // A value taken as written keeps its quotes; a keyword is any case.
        #expect(test.run(".parameter SET :x 'a b'\nSELECT :x;").output == "a b\n")
        #expect(test.run(".mode BOX\n.mode").output == "mode: box\n")
    }

    /// Of two forms that start with a value, the one whose words had the
    /// right shape says what was wrong with its value.
    @Test func theErrorIsThatOfTheFormTheWordsFit() throws {
        let test = try TestSession()
        #expect(test.run(".connection 1 2").errors == "error: usage: .connection [N | close N]\n.help connection explains it\n")
        #expect(test.run(".connection close x").errors == "error: .connection takes a number from 0 to 9, not \"x\"\n")
        #expect(test.run(".fts tokens").errors == "error: usage: .fts [TABLE] | tokens 'TEXT' [TOKENIZER]\n.help fts explains it\n")
    }

    @Test func tabOffersWhatFitsWhereTheWordIs() throws {
        let test = try TestSession()
        func candidates(_ text: String) -> [String] { test.session.completions(before: text).candidates }
        #expect(candidates(".parameter ") == ["clear", "list", "set", "unset"])
        #expect(candidates(".parameter set :x ").isEmpty)
        #expect(candidates(".fts tokens 'a b' ") == ["ascii", "porter", "trigram", "unicode61"])
        #expect(candidates(".last --") == ["--full"])
        #expect(candidates(".last ").contains("box"))
        #expect(candidates(".import --s") == ["--separator", "--skip"])
        #expect(candidates(".headers o") == ["off", "on"])
        #expect(candidates(".connection ") == ["close"])
        #expect(candidates(".erd --svg ").allSatisfy { !$0.hasPrefix("--") })
    }
}

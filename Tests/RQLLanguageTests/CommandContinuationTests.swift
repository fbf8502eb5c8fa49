import Testing
import RQLLanguage

@Suite struct CommandContinuationTests {
    @Test func aQueryThatLeavesSomethingOpenGoesOnUpToABlankLine() {
        for rules in [CommandContinuation.prompt, .script, .notebook] {
            #expect(rules.query(isOpen: true, continuesOn: "  count"))
            #expect(rules.query(isOpen: true, continuesOn: "-- a comment"))
            #expect(!rules.query(isOpen: true, continuesOn: "  \t"))
        }
        #expect(!CommandContinuation.notebook.query(isOpen: true, continuesOn: "--> 1"))
        #expect(CommandContinuation.script.query(isOpen: true, continuesOn: "--> 1"))
    }

    /// A line starting with `|` goes on with a complete query where the
    /// next line is at hand; at the prompt the query has already run.
    @Test func aPipeContinuesACompleteQueryWhenTheReaderLooksAhead() {
        for line in ["| count", "  |count", "/* c */ | count", "|\u{0301} count"] {
            #expect(CommandContinuation.script.query(isOpen: false, continuesOn: line))
            #expect(CommandContinuation.notebook.query(isOpen: false, continuesOn: line))
            #expect(!CommandContinuation.prompt.query(isOpen: false, continuesOn: line))
        }
        #expect(!CommandContinuation.script.query(isOpen: false, continuesOn: "count"))
    }

    /// A comment line after a complete query: part of it in a script,
    /// prose in a notebook.
    @Test func aCommentLineAfterACompleteQuery() {
        #expect(CommandContinuation.script.query(isOpen: false, continuesOn: "  -- the count"))
        #expect(!CommandContinuation.notebook.query(isOpen: false, continuesOn: "  -- the count"))
    }

    /// Blank means any whitespace, but in a notebook only spaces and tabs.
    @Test func blankLines() {
        #expect(CommandContinuation.script.isBlank(" \u{00A0}\t"))
        #expect(!CommandContinuation.notebook.isBlank(" \u{00A0}\t"))
        #expect(CommandContinuation.notebook.isBlank(" \t"))
        #expect(!CommandContinuation.script.query(isOpen: true, continuesOn: "\u{00A0}"))
        #expect(CommandContinuation.notebook.query(isOpen: true, continuesOn: "\u{00A0}"))
    }

    /// A statement without its `;` goes on over blank lines, but a
    /// notebook's ends with its cell, unless it stops inside a token.
    @Test func aStatementWithoutItsSemicolon() {
        let open = SQLStatementScanner("SELECT 1")
        #expect(CommandContinuation.script.statement(open, continuesOn: ""))
        #expect(CommandContinuation.prompt.statement(open, continuesOn: "-->"))
        #expect(!CommandContinuation.notebook.statement(open, continuesOn: "  "))
        #expect(!CommandContinuation.notebook.statement(open, continuesOn: "--> 1"))
        #expect(CommandContinuation.notebook.statement(open, continuesOn: "FROM t"))
        for inside in ["SELECT 'a", "SELECT [a", "SELECT /* a"] {
            #expect(CommandContinuation.notebook.statement(SQLStatementScanner(inside), continuesOn: ""))
            #expect(CommandContinuation.notebook.statement(SQLStatementScanner(inside), continuesOn: "--> 1"))
        }
    }

    @Test(arguments: [
        ("", CommandContinuation.AfterStatement.nothing), ("  -- done; SELECT 2;", .nothing), (" /* a */ ", .nothing),
        (" /* a", .openComment), ("\0", .command(0)), (" SELECT 2;", .command(1)),
        ("\r", .nothing), (" \u{00A0}-- x", .nothing), (" '/*", .command(1)), ("\u{3000}\u{B}x", .command(4)),
    ])
    func whatFollowsAStatement(rest: String, after: CommandContinuation.AfterStatement) {
        #expect(CommandContinuation.after(statement: ArraySlice(rest.utf8)) == after)
    }

    /// The index is one of the bytes given, which need not start at 0.
    @Test func theCommandIsFoundInTheBytesGiven() {
        let line = Array("SELECT 1; -- a\n  SELECT 2;".utf8)
        #expect(CommandContinuation.after(statement: line[9...]) == .command(17))
    }

    /// Hostile rests: long, open, and not UTF-8 where the file was not.
    @Test func longAndOpenRests() {
        #expect(CommandContinuation.after(statement: ArraySlice(("/*" + String(repeating: "*", count: 1 << 20)).utf8)) == .openComment)
        #expect(CommandContinuation.after(statement: ArraySlice(String(repeating: " -- a", count: 1 << 18).utf8)) == .nothing)
        #expect(CommandContinuation.after(statement: [0x20, 0xFF, 0x3B]) == .command(1))
    }

    @Test func outputLines() {
        #expect(CommandContinuation.isOutput("-->"))
        #expect(CommandContinuation.isOutput("--> 1"))
        #expect(!CommandContinuation.isOutput("-->1"))
        #expect(!CommandContinuation.isOutput(" --> 1"))
    }
}

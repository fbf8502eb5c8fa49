/// The words of the lexer's and the parser's problems.
extension DSLProblem {
    var syntaxWording: Wording? {
        switch self {
        case .emptyQuotedName:
            return Wording("empty quoted name", label: "a name goes between the backticks")
        case .unexpectedCharacter(let character):
            return Wording("unexpected character `\(character)`", label: "not part of the query language",
                           notes: character == ";"
                               ? [.help("DSL queries need no `;`; SQL statements start with a keyword such as SELECT")] : [])
        case .digitLeadsName(let text):
            return Wording("malformed number `\(text)`", label: "names cannot start with a digit")
        case .malformedNumber(let digits):
            return Wording("malformed number `\(digits)`", label: "not a number")
        case .unterminatedString(let quote):
            return Self.unterminated("string", quote: quote)
        case .unterminatedQuotedName:
            return Self.unterminated("quoted name", quote: "`")
        case .unexpected(let expected, let found, let label):
            return Wording("expected \(expected), found \(found)", label: label)
        case .missingPipe(let stage):
            return Wording("expected `|` before `\(stage)`", label: "a stage follows `|`",
                           notes: [.help("stages are joined by `|`: reminders | where isFlagged")])
        case .missingStage(let found, let atEnd):
            return Wording("expected a stage after `|`, found \(found)",
                           label: atEnd ? "expected a stage after `|`" : "not a stage",
                           notes: [Self.stageList])
        case .unknownStage(let word, let suggestions):
            return Wording("unknown stage `\(word)`", label: "not a stage",
                           notes: Self.plainDidYouMean(suggestions) + [Self.stageList])
        case .nestedTooDeeply(let levels):
            return Wording("the query is nested too deeply", label: "more than \(levels) levels of nesting here")
        case .treeTooDeep(let levels):
            return Wording("the query is nested too deeply",
                           label: "more than \(levels) levels of operators, calls and paths inside each other",
                           notes: [.help("a list goes in `in [a, b, …]`; a long query can be split with `let`")])
        default:
            return statementSyntaxWording
        }
    }

    /// The words of problems in assignments, definitions and expressions.
    private var statementSyntaxWording: Wording? {
        switch self {
        case .equalsInAssignment(let column):
            return Wording("use `=` to set a column", label: "`==` compares", notes: [.help("\(column) = value")])
        case .upsertWithoutColumns:
            return Wording("`on conflict … update` needs the columns whose conflict it handles", label: "which columns?",
                           notes: [.help("on conflict (title) update notes = excluded.notes")])
        case .mutationHelperWithoutTable(let name):
            return Wording("a mutation helper needs a table", label: "write table.\(name)",
                           notes: [.help("def reminders.\(name) := status = 1")])
        case .orWithText:
            return Wording("`||` means or in a query; `++` joins text", label: "or",
                           notes: [.help("select greeting = 'Hello, ' ++ title")])
        case .chainedComparison:
            return Wording("comparisons cannot be chained", label: "second comparison",
                           notes: [.help("join them with `and`: a < b and b < c")])
        case .assignInComparison:
            return Wording("use `==` to compare", label: "`=` sets a column in `update`",
                           notes: [.help("where title == 'Groceries'")])
        case .inWithoutList(let found):
            return Wording("expected a list `[a, b]` or a query in parentheses, found \(found)",
                           label: "`in` takes [a, b] or (table | select column)",
                           notes: [.help("a list goes in brackets: priority in [1, 2]")])
        case .listOutsideIn:
            return Wording("a list is only allowed after `in`", label: "list here", notes: [.help("priority in [1, 2]")])
        case .unknownCastType(let suggestions):
            return Wording("cast takes one of SQLite's types", label: "not a type",
                           notes: Self.plainDidYouMean(suggestions)
                               + [.note("the types are " + Parser.castTypes.joined(separator: ", "))])
        case .sqlKeywordTypo(let word, let keyword):
            return Wording("unknown table or statement '\(word)'", label: "neither a table nor SQL",
                           notes: [.help("did you mean \(keyword.uppercased())?")])
        default:
            return nil
        }
    }

    private static func unterminated(_ what: String, quote: String) -> Wording {
        Wording("unterminated \(what)", label: "this \(what) has no closing \(quote)",
                notes: [.help("write a \(quote) inside it twice: \(quote)\(quote)")])
    }

    /// `help: stages are where, select, …`.
    private static var stageList: DiagnosticNote {
        .help("stages are \(Parser.stageNames.filter { $0 != "left" }.joined(separator: ", "))")
    }

    /// `help: did you mean text?`: keywords, not names, so without backticks.
    private static func plainDidYouMean(_ words: [String]) -> [DiagnosticNote] {
        words.isEmpty ? [] : [.help("did you mean \(Suggestions.phrase(words))?")]
    }
}

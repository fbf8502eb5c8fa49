import RQLLanguage

/// The words of problems with the inspectors: `.schema`, `.describe`,
/// `.triggers`, `.views`, `.fts` and `.erd`.
extension CommandProblem {
    var inspectorWording: Wording? {
        switch self {
        case .noTable(let name, let orView, let tables):
            return Wording("no \(orView ? "table or view" : "table") named \"\(name)\"",
                           notes: [Self.didYouMean(name, in: tables) ?? .plain(".tables lists them")])
        case .noTrigger(let name, let triggers):
            return Wording("no trigger named \"\(name)\"", notes: [Self.didYouMean(name, in: triggers)
                               ?? .plain(triggers.isEmpty ? "this database has no triggers" : ".triggers lists them")])
        case .noView(let name, let views):
            return Wording("no view named \"\(name)\"", notes: [Self.didYouMean(name, in: views)
                               ?? .plain(views.isEmpty ? "this database has no views" : ".views lists them")])
        case .noFullTextTable(let name, let tables):
            return Wording("no FTS5 or FTS4 table named \"\(name)\"",
                           notes: [Self.didYouMean(name, in: tables) ?? .plain(tables.isEmpty ? "this database has no full-text table"
                                                                                 : "full-text tables: " + tables.joined(separator: " "))])
        case .tokenizerFails(let tokenizer, let reason):
            return Wording("the tokenizer \"\(tokenizer)\" does not work: \(reason)",
                           notes: [.plain("tokenizers: unicode61, ascii, porter, trigram (with options, e.g. 'porter ascii')")])
        case .noTableMatches(let patterns):
            return Wording("no table matches " + patterns.map { "\"\($0)\"" }.joined(separator: " "), notes: [.plain(".tables lists them")])
        case .noSchemaMatch(let pattern):
            return Wording("no table, view, index or trigger matches \"\(pattern)\"", notes: [.plain(".tables lists them")])
        case .graphvizMissing:
            return Wording("Graphviz's dot is not installed, and it draws the SVG",
                           notes: [.help("apt-get install graphviz (make run and make test install it); .erd --dot writes its input")])
        case .dotFailed(let message):
            return Wording("dot could not draw the diagram: " + message)
        default:
            return nil
        }
    }
}

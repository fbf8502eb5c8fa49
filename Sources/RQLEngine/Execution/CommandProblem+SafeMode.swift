import RQLLanguage

/// The words of safe mode's refusals, so that nobody sees SQLite's bare
/// "too many attached databases - max 0".
extension CommandProblem {
    var safeModeWording: Wording? {
        switch self {
        case .safeModeSetup(let code):
            return Wording("cannot turn on safe mode (SQLite result code \(code))")
        case .extensionsOff:
            return Wording("rql does not load extensions: load_extension is off")
        case .refused(let refusal):
            return Wording("refused by safe mode: \(refusal.what)",
                           notes: [.plain("safe mode is on: rql --safe, or a notebook command without --unsafe")])
        default:
            return nil
        }
    }
}

extension SafeModeRefusal {
    /// What was refused, and why.
    var what: String {
        switch self {
        case .attach: "ATTACH is off, as it can reach files outside the private database"
        case .vacuumInto: "VACUUM INTO would write a file outside the private database"
        case .vacuum: "VACUUM works through an attached database, which safe mode does not allow"
        case .fts3Tokenizer: "fts3_tokenizer() reads and sets pointers inside SQLite"
        case .folderPragma(let name): "PRAGMA \(name) would make SQLite create files in another folder"
        case .dotCommand(let name): ".\(name) would reach a file outside the private database"
        case .erdSVG: ".erd --svg would write a file outside the private database"
        case .readOutside(let folder): ".read reads only files in \(folder) or below it"
        }
    }
}

extension DiagnosticNote {
    /// Why SQLite refused a function or virtual table when the schema is not trusted.
    static let untrustedSchema = DiagnosticNote.note(
        "PRAGMA trusted_schema is off (safe mode turns it off for a database file; --unsafe leaves it on), "
            + "so the schema's views, triggers and defaults may use only innocuous functions and virtual tables")
}

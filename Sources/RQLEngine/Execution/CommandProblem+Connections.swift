import RQLLanguage

/// The words of problems with the session's connections, and the notes on
/// locks and transactions that an SQLite error gets.
extension CommandProblem {
    var connectionWording: Wording? {
        switch self {
        case .connectionInMemory(let number, let target):
            return Wording("connection \(number) cannot open \(target): it is in memory, where no other connection can reach it",
                           notes: [.plain(".scratch copies it into a temporary file that connections can share")])
        case .activeConnection(let number):
            return Wording("connection \(number) is the active one", notes: [.plain(".connection N switches to another first")])
        case .noConnection(let number):
            return Wording("no connection \(number)", notes: [.plain(".connection lists them")])
        case .scratchFolder(let reason):
            return Wording("cannot make a folder for scratch files: \(reason)")
        case .scratchCopy(let target, let reason):
            return Wording("cannot copy \(target) into a scratch file: \(reason)")
        default:
            return nil
        }
    }
}

extension DiagnosticNote {
    /// Who holds a lock on the database: `process 4242 holds …`.
    static func lockHolder(_ holder: String) -> DiagnosticNote { .note(holder) }

    /// Another connection of the session with a `kind` (read or write) transaction on the same file.
    static func heldByConnection(_ number: Int, kind: String) -> DiagnosticNote {
        .note("connection \(number) of this session holds a \(kind) transaction on it (.connection \(number), then COMMIT or ROLLBACK)")
    }

    /// How long rql waited for a lock.
    static func waited(milliseconds: Int32) -> DiagnosticNote {
        .note("rql waited \(milliseconds) ms for it (.timeout MS waits longer)")
    }

    static let transactionStillOpen = DiagnosticNote.note("the transaction is still open (COMMIT or ROLLBACK to end it)")
    static let transactionRolledBack = DiagnosticNote.note("SQLite rolled the open transaction back")
}

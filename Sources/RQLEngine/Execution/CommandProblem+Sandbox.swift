import RQLLanguage

/// The words of problems with `.sandbox`, `.undo` and `.preview`.
extension CommandProblem {
    var sandboxWording: Wording? {
        switch self {
        case .sandboxAlreadyOn(let steps):
            return Wording("the sandbox is on already, with \(Session.commands(steps)) to undo", notes: [Wording.endSandbox])
        case .sandboxReadOnly(let path):
            return Wording("\(path) is open read-only: a sandbox has nothing to hold",
                           notes: [.plain(".open without --readonly opens it to write")])
        case .sandboxInTransaction:
            return Wording("a transaction is open: the sandbox needs one of its own",
                           notes: [.plain("COMMIT or ROLLBACK it first, then .sandbox on")])
        case .noSandbox(let command):
            return Wording(".sandbox \(command): no sandbox is on", notes: [.plain(".sandbox on starts one")])
        case .undoWithoutSandbox:
            return Wording(".undo needs a sandbox: no command can be taken back outside one",
                           notes: [.plain(".sandbox on starts one; each command after it can be undone")])
        case .nothingToUndo(let asked, let steps):
            return Wording(steps == 0
                ? "nothing to undo: no command has changed the database since .sandbox on"
                : "only \(Session.commands(steps)) can be undone, not \(asked)")
        case .refusedInSandbox(let what):
            let ends = Wording.endSandbox
            if what.hasPrefix(".") {
                return Wording("\(what) cannot run in a sandbox: it would close the database the sandbox holds", notes: [ends])
            }
            if ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains(what) {
                return Wording("\(what) cannot run in a sandbox: the sandbox holds the transaction",
                               notes: [.plain(".undo takes back the last command; .sandbox keep commits, .sandbox off rolls back")])
            }
            return Wording("\(what) cannot run in a sandbox: SQLite refuses it inside a transaction, and the sandbox holds one",
                           notes: [ends])
        case .sandboxInScript(let name):
            return Wording("\(name) cannot run inside a script while a sandbox is on: the script is one command of the sandbox",
                           notes: [.plain("run it at the prompt, after the script")])
        case .previewWhat:
            return Wording(".preview needs a command: SQL or the DSL",
                           notes: [.plain("for example: .preview DELETE FROM remindersLists WHERE title = 'Family'")])
        case .previewDotCommand:
            return Wording(".preview shows what SQL or a DSL command would change, not a dot-command")
        default:
            return nil
        }
    }
}

extension CommandProblem.Wording {
    static let endSandbox = DiagnosticNote.plain(".sandbox keep commits what the sandbox holds, .sandbox off discards it")
}

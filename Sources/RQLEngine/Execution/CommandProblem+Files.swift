import RQLLanguage
import RQLRender
import RQLValues

/// The words of problems with files: opening, reading and writing them,
/// `.backup`, `.restore` and `.dump`.
extension CommandProblem {
    var fileWording: Wording? {
        switch self {
        case .cannotOpen(let path, let reason):
            return Wording("cannot open \(path): \(reason)")
        case .noSuchFile(let path):
            return Wording("cannot open \(path): no such file")
        case .openFolder(let path):
            return Wording("cannot open \(path): it is a folder")
        case .hotJournal(let path):
            return Wording("cannot open \(path): a writer stopped in the middle of a transaction, and only "
                           + "a program that may write the file can roll its journal (\(path)-journal) back")
        case .locked(let path, let message, let holder, let waited):
            return Wording("cannot open \(path): \(message)",
                           notes: [holder.map(DiagnosticNote.lockHolder), .waited(milliseconds: waited)].compactMap { $0 })
        case .cannotRead(let path, let reason):
            return Wording("cannot read \(path): \(reason)")
        case .cannotWrite(let path, let reason):
            return Wording("cannot write \(path): \(reason)")
        case .cannotCopy(let path, let reason):
            return Wording("cannot copy \(path): \(reason)")
        case .appTriggers(let reason):
            return Wording("cannot create the Reminders app's TEMP triggers: \(reason)")
        case .sampleBuild(let sample, let reason):
            return Wording("cannot build the \(sample) sample: \(reason)")
        case .alreadyExists(let path):
            return Wording("\(path) already exists; rql does not overwrite it")
        default:
            return backupWording
        }
    }

    /// The words of problems with `.backup`, `.restore`, `.dump` and long or NUL-holding commands.
    private var backupWording: Wording? {
        switch self {
        case .restoreInTransaction:
            return Wording(".restore cannot run inside a transaction", notes: [.plain("COMMIT or ROLLBACK first")])
        case .notRegularFile(let path):
            return Wording("cannot save to \(path): it is not a regular file",
                           notes: [.note(".backup and .save write a database file, or a new one")])
        case .notADatabase(let path):
            return Wording("\(path) is not an SQLite database; .backup would replace it",
                           notes: [.help(".backup --force \(path) replaces it")])
        case .noDatabase(let schema, let databases):
            return Wording("no database named \(schema)", notes: [.plain("databases: " + databases.joined(separator: " "))])
        case .backupCopy(let file, let reason):
            return Wording("cannot copy to or from \(file): \(reason)")
        case .backupOfNonDatabase(let file):
            return Wording("cannot copy to or from \(file): it is not an SQLite database")
        case .dumpUnterminated(let name):
            return Wording("the SQL of \(SQLText.identifier(name)) ends where no semicolon ends it; the dump stops before it")
        case .tooLong(let maximum):
            return Wording("a line or command runs past \(CellText.grouped(maximum)) bytes, longer than SQLite runs a statement; "
                           + "the rest is not read")
        case .nulByte:
            return Wording("the command holds a NUL byte; SQLite would read only the text before it")
        default:
            return nil
        }
    }
}

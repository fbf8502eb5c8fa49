import RQLEngine
import RQLLanguage
import RQLRender

/// `.dump` round trips: a random database (`DumpFuzzSchema`) is dumped; the
/// dump must hold nothing but SQL, from `PRAGMA foreign_keys=OFF;` to
/// `COMMIT;`, and read into a new in-memory database without a message; the
/// new database must hold the same schema (every object's SQL, byte for
/// byte), the same rows in every table, view, R*Tree and FTS5 table (with
/// their rowids, and every value's type and bytes), the same FTS5 index
/// entries, and dump to the same text.
public enum DumpRoundTripCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        roundTrip(input).problems
    }

    /// What one input gives: the dump, the original's contents, and the broken invariants.
    public static func roundTrip(_ input: [UInt8]) -> (dump: String, contents: String, problems: [String]) {
        let original = FuzzDatabaseFile("original")
        let contents = DumpContents.text(of: original, after: DumpFuzzSchema(input).statements)
        guard let dump = DumpFuzzSession(original)?.run(".dump", as: .dot) else { return ("", contents, ["rql does not open the database"]) }
        guard dump.errors.isEmpty else { return (dump.output, contents, ["the dump failed: \(dump.errors)"]) }
        var problems = structureProblems(dump.output)
        guard problems.isEmpty else { return (dump.output, contents, problems) }
        let copy = FuzzDatabaseFile("copy")
        guard let reader = DumpFuzzSession(copy) else { return (dump.output, contents, ["rql does not open a new database"]) }
        let messages = reader.read(dump.output)
        if !messages.isEmpty { problems.append("reading the dump said: \(messages)") }
        let again = reader.run(".dump", as: .dot).output
        if again != dump.output { problems.append("the database read from the dump dumps otherwise:\n" + difference(dump.output, again)) }
        let copied = DumpContents.text(of: copy)
        if copied != contents { problems.append("the database read from the dump differs:\n" + difference(contents, copied)) }
        return (dump.output, contents, problems)
    }

    /// A fuzz input of `count` bytes that `seed` fixes, for a slice of the target run by `swift test`.
    public static func input(seed: UInt64, count: Int) -> [UInt8] {
        var random = DifferentialRandom(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// The contents of a database file (`DumpContents`).
    public static func contents(ofFile path: String) -> String {
        DumpContents.text(of: FuzzDatabaseFile(existing: path))
    }

    /// Every command of the dump is SQL, and it is one transaction.
    static func structureProblems(_ dump: String) -> [String] {
        let commands = CommandReader.commands(in: dump)
        var problems: [String] = []
        if let other = commands.first(where: { $0.language != .sql }) {
            problems.append("line \(other.line) of the dump is a \(other.language) command: \(other.text.debugDescription)")
        }
        if commands.first?.text != "PRAGMA foreign_keys=OFF;" || commands.dropFirst().first?.text != "BEGIN TRANSACTION;"
            || commands.last?.text != "COMMIT;" {
            problems.append("the dump is not one transaction: \(commands.prefix(2).map(\.text)) … \(commands.last?.text ?? "")")
        }
        return problems
    }

    /// The first line where two texts differ, with the line before it.
    static func difference(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        func line(_ lines: [Substring]) -> String { index < lines.count ? String(lines[index]).debugDescription : "(none)" }
        return "line \(index + 1): expected \(line(left)), got \(line(right))"
    }
}

/// A session on a database file of the check's, its output kept.
final class DumpFuzzSession {
    let session: Session
    private let output = ByteOutput(.memory)
    private let errors = ByteOutput(.memory)

    /// One clock for every session: SQLite keeps a VFS for each clock a
    /// session is made with, and a list of thousands slows every open.
    private static let clock = SystemClock()

    init?(_ file: FuzzDatabaseFile) {
        guard let session = try? Session(options: .init(target: .file(path: file.path, readonly: false), mode: .list, colorAllowed: false,
                                                        clock: DumpFuzzSession.clock, output: output, diagnostics: errors))
        else { return nil }
        self.session = session
    }

    /// Runs one command as it is; what it printed and what it said.
    func run(_ text: String, as language: InputLanguage) -> (output: String, errors: String) {
        output.clear()
        errors.clear()
        session.execute(Command(language, text))
        return (output.text, errors.text)
    }

    /// Reads a script as `.read` does; what it said.
    func read(_ script: String) -> String {
        errors.clear()
        session.run(script: script, origin: "dump", policy: .continueUnlessBail)
        return errors.text
    }
}

import ArgumentParser
import FoundationEssentials
import Glibc
import RQLEngine
import RQLLanguage
import RQLValues

/// `rql import FILE TABLE --db DB`: `.import` from the command line.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql import",
        abstract: "Import a CSV, TSV, JSON or NDJSON file into a table of a database file.",
        discussion: """
            The same as .import FILE TABLE in rql, with its options: --csv, --tsv, --json, \
            --ndjson (otherwise the file's extension says), --no-header, --skip N, \
            --separator X, --by-position. A new table gets a column per field or JSON key, \
            each INTEGER, REAL or TEXT by what all its values hold; an existing table is \
            filled by column names. All or nothing: a malformed record leaves DB as it was.

            Example: rql import people.csv people --db app.sqlite
            Exit status: 0 imported, 1 the import failed, 2 a usage error.
            """)

    @Option(help: ArgumentHelp("The database file to import into (created if missing).", valueName: "file"))
    var db: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("FILE TABLE, with .import's options.", valueName: "file table"))
    var words: [String] = []

    func validate() throws {
        do {
            _ = try ImportRequest.parse(words)
        } catch let error as CommandError {
            throw ValidationError(([error.message] + error.notes.map(\.text)).joined(separator: "\n"))
        }
    }

    func run() throws {
        let session = try Session.openingOrExiting(Session.Options(target: .file(path: db, readonly: false)))
        // Quoted as SQL quotes, the words reach .import exactly as given.
        let command = ".import " + words.map(SQLText.stringLiteral).joined(separator: " ")
        let result = session.run(script: command, origin: nil, policy: .stop)
        if !session.close() || !result.succeeded { throw ExitCode.failure }
    }
}

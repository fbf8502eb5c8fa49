import ArgumentParser
import FoundationEssentials
import Glibc
import RQLEngine
import RQLLanguage
import RQLRender

/// `rql compile QUERY`: prints the SQL a DSL query compiles to.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql compile",
        abstract: "Print the SQL a DSL query compiles to, without running it.",
        discussion: """
            The query is compiled against the schema of DATABASE (--db) or of a sample \
            (--sample, default reminders), with the sample's helpers. Values the query \
            binds are shown as SQL literals.

            Example: rql compile "reminders | where isFlagged | select title"
            Exit status: 0 compiled, 1 the query has an error, 2 a usage error.
            """)

    @Argument(help: "A DSL query, e.g. \"reminders | where not isCompleted | count\".")
    var query: String

    @Option(help: ArgumentHelp("A database file whose schema the query uses (opened read-only).", valueName: "file"))
    var db: String?

    @Option(help: ArgumentHelp("A sample whose schema and helpers the query uses.", valueName: "name"))
    var sample: String?

    func validate() throws {
        if db != nil, sample != nil { throw ValidationError(.eitherOr("--db", "--sample")) }
        switch InputLanguage.classify(Substring(query))?.language {
        case .sql?: throw ValidationError(.compileGivenSQL(query))
        case .dot?: throw ValidationError(.compileGivenDotCommand(query))
        default: break
        }
        if let sample, Sample.named(sample) == nil {
            throw ValidationError(.unknownSample(sample))
        }
    }

    func run() throws {
        let target: DatabaseTarget = db.map { .file(path: $0, readonly: true) } ?? .sample(sample.flatMap(Sample.named) ?? .reminders)
        let session = try Session.openingOrExiting(Session.Options(target: target, mode: .list))
        defer { session.close() }
        guard let sql = session.sql(forDSL: query) else { throw ExitCode.failure }
        let output = ByteOutput.standard(STDOUT_FILENO)
        output.write((sql.hasSuffix(";") || sql.isEmpty ? sql : sql + ";") + "\n")
        try finish(output)
    }
}

import Foundation
import RQLLanguage

extension DotCommand {
    static let databaseCommands: [DotCommand] = [
        DotCommand(name: "open", DotSyntax(.flag("--readonly"), .value(.databasePath)),
                   summary: "open a database file (created if missing, unless --readonly), or a CSV, TSV, JSON or NDJSON file as a table of an in-memory database", touchesFiles: true,
                   inSandbox: .closesDatabase) { session, arguments in
            try session.open(.opening(arguments[.databasePath], readonly: arguments.has("--readonly")))
        },
        DotCommand(name: "sample", DotSyntax(.optional(.sample)), summary: "open a private in-memory copy of a sample, or list them",
                   inSandbox: .closesDatabase) { session, arguments in
            guard let name = arguments.text(.sample) else { return session.writeSampleList() }
            try session.open(.sample(try sample(named: name)))
        },
        DotCommand(name: "reset", summary: "rebuild the open sample from scratch", inSandbox: .closesDatabase) { session, _ in
            guard case .sample = session.target else {
                throw CommandError(.resetNotSample(session.target.displayName))
            }
            try session.open(session.target)
        },
        DotCommand(name: "scratch", summary: "copy the open database into a temporary file, and open that",
                   details: """
                       The file is rql's own, in a private folder removed when rql ends, so safe mode allows it. A database in memory (a sample, a notebook's) has one connection; in a file, .connection can open a second one to it, and show how SQLite's locks and .timeout work between two connections, as between two programs.
                       """, inSandbox: .closesDatabase) { session, _ in
            try session.openScratchCopy()
        },
        DotCommand(name: "connection", DotSyntax(forms: [[], [.value(.connection)], [.keyword("close"), .value(.connection)]]),
                   summary: "list the connections, switch to connection N (0-9), or close one",
                   details: """
                       Each connection has its own transaction, busy timeout (.timeout) and TEMP objects; commands run on the active one. A new connection opens the database the active one has open, which must be a file (.scratch copies one in memory into a file). A statement that meets a lock another connection of the session holds says which one.
                       """) { session, arguments in
            switch (arguments.keyword, arguments.number(.connection)) {
            case (nil, nil): session.writeConnections()
            case (nil, let number?): try session.switchConnection(to: number)
            case (_, let number): try session.closeConnection(number ?? 0)
            }
        },
        DotCommand(name: "read", DotSyntax(.value(.file)), summary: "run the commands in FILE") { session, arguments in
            try session.read(arguments[.file])
        },
        importFile,
        DotCommand(name: "backup", DotSyntax(.optional(.schema), .flag("--force"), .value(.file)), summary: "copy a database (main by default) into a file",
                   details: """
                       Copies the database page by page with SQLite's backup API, so the in-memory sample or a session's work becomes a file that any SQLite tool opens. FILE is replaced; a file that is not an SQLite database is refused unless --force. .save is the same.
                       """,
                   touchesFiles: true) { session, arguments in
            try session.backup(Session.BackupRequest(arguments))
        },
        DotCommand(name: "save", DotSyntax(.optional(.schema), .flag("--force"), .value(.file)), summary: "the same as .backup",
                   touchesFiles: true) { session, arguments in
            try session.backup(Session.BackupRequest(arguments))
        },
        DotCommand(name: "restore", DotSyntax(.optional(.schema), .value(.file)),
                   summary: "replace a database (main by default) with a copy of a file", touchesFiles: true,
                   inSandbox: .closesDatabase) { session, arguments in
            try session.restore(Session.BackupRequest(arguments))
        },
        DotCommand(name: "dump", DotSyntax(.repeated(.pattern, minimum: 0)), summary: "SQL that rebuilds the database, or the tables matching a LIKE pattern",
                   details: """
                       Writes PRAGMA foreign_keys=OFF; BEGIN TRANSACTION; each table's CREATE and its rows as INSERTs (with the rowid when no column holds it), then indexes, triggers and views, and COMMIT, all read in one transaction: the database at one moment, while others write. An FTS table is written as its CREATE and its rows, or, with external content, a rebuild of its index from its content table. Other virtual tables (R*Tree, contentless FTS, FTS whose content table is not in the dump) are written as sqlite3 writes them: their schema entry, through PRAGMA writable_schema, and their shadow tables, where their rows are. Reals are written so that SQLite reads them back to the bit. Control characters in text are written as char() calls (replace('a\\rb','\\r',char(13))), so that every byte comes back and no value can end a line. sqlite3 new.db < dump.sql makes a database with the same rows. .once FILE or .output FILE sends it to a file.
                       """) { session, arguments in
            try session.dump(patterns: arguments.texts(.pattern))
        },
        DotCommand(name: "databases", summary: "the databases open: name, file, read-only or not, journal mode") { session, _ in
            try session.describeDatabases()
        },
        DotCommand(name: "record", DotSyntax(forms: [[.value(.notebook)], [.keyword("off")]]), summary: "append each command you type, and its output, to a notebook",
                   details: """
                       Each command typed at the prompt becomes a cell of FILE.rql with its output recorded under it, as rql run would show it: while recording, results are shown at the notebook's width (100) and row limit (40) unless .width or .maxrows says otherwise, and a command that fails is marked -- @expect error. A new notebook starts with the database this session has open (-- @sample or -- @db) and its mode (-- @mode); an existing one in another mode gets a .mode cell first. Commands run by .read are not recorded, the .read line is. .record off stops; rql update FILE.rql then records the outputs on the notebook's pinned clock.
                       """,
                   touchesFiles: true) { session, arguments in
            if let notebook = arguments.text(.notebook) {
                try session.startRecording(to: notebook)
            } else {
                try session.stopRecording()
            }
        },
    ]

    /// `.import`, which `rql import` reads its words by too.
    static let importFile = DotCommand(name: "import", ImportRequest.syntax, summary: "import a CSV, TSV, JSON or NDJSON file into a table",
                   details: """
                       The format comes from the file's extension (.csv, .tsv, .json, .ndjson or .jsonl) or an option. A new table gets a column per field of the header (CSV, TSV; c1, c2… with --no-header) or per JSON key, in the order first seen, each INTEGER, REAL or TEXT by what all its values hold: numbers written with leading zeros stay text, as does any number the column would not hold whole, empty fields of a numeric column are NULL, nested JSON is stored as JSON text. An existing table is filled by matching the header's names to its columns (--by-position: in order). The import is all or nothing: a malformed record (FILE:LINE) or a failed insert leaves the database as it was. --skip N skips N lines first; --separator X reads fields separated by X. Safe mode refuses it.
                       """,
                   touchesFiles: true) { session, arguments in
            try session.importFile(ImportRequest(arguments))
        }

    static func sample(named name: String) throws -> Sample {
        guard let sample = Sample.named(name) else {
            throw CommandError(.unknownSample(name))
        }
        return sample
    }
}

extension Session {
    static let maximumReadDepth = 16

    /// A file a command reads: a relative path is found in `readsFilesBelow`
    /// (a notebook's folder) when it is set.
    func resolvingFile(_ written: String) -> String {
        guard let folder = readsFilesBelow, !written.hasPrefix("/") else { return written }
        return (folder as NSString).appendingPathComponent(written)
    }

    func writeSampleList() {
        output.write(Sample.listing)
    }

    /// `.read FILE`: runs the file as a script (a notebook's cells, when it
    /// is a `.rql` file and the session knows notebooks); fails if any of
    /// its commands did. A relative path is read from `readsFilesBelow` when it is set;
    /// in safe mode only files in that folder or below it can be read.
    func read(_ written: String) throws {
        let path = resolvingFile(written)
        if connectionSetup.safe {
            let folder = readsFilesBelow ?? FileManager.default.currentDirectoryPath
            guard SafeMode.isInside(path, folder: folder) else {
                throw CommandError(.refused(.readOutside(folder: folder)))
            }
        }
        guard readDepth < Session.maximumReadDepth else {
            throw CommandError(.readTooDeep(path: path, levels: Session.maximumReadDepth))
        }
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw CommandError(.cannotRead(error.path, reason: error.reason))
        }
        let text = ForeignBytes.decode(data)
        let notebook = try path.hasSuffix(".rql") ? notebooks.map { try $0.commands(path: path, text: text) } : nil
        readDepth += 1
        defer { readDepth -= 1 }
        let result = notebook.map { run(commands: $0, origin: path, policy: .continueUnlessBail) }
            ?? run(script: text, origin: path, policy: .continueUnlessBail)
        if result.failures > 0 {
            throw CommandError(.readFailures(result.failures, of: result.commands, path: path))
        }
    }
}

extension DotValue {
    static let databasePath = DotValue.word("PATH", completes: .files)
    static let sample = DotValue.word("NAME", completes: .samples)
    static let connection = DotValue(name: "N", kind: .number(Connections.numbers, noun: "a number from \(Connections.numbers.lowerBound) to \(Connections.numbers.upperBound)"))
    /// A database of the connection: `main`, `temp` or an attached one.
    static let schema = DotValue.word("DB")
    static let notebook = DotValue.word("FILE.rql", completes: .files)
}

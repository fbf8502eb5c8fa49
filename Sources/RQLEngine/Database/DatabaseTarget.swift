import Glibc

/// What a session has open.
public indirect enum DatabaseTarget: Equatable, Sendable {
    /// A private in-memory copy of a sample; nothing touches the disk.
    case sample(Sample)
    /// A database file.
    case file(path: String, readonly: Bool)
    /// A database file read into memory: changes stay there (notebooks' `-- @db`).
    case copy(path: String)
    /// Data files (CSV, TSV, JSON, NDJSON) imported into an in-memory
    /// database, a table each (`rql people.csv`); the files are only read.
    case dataFiles([String])
    /// A temporary file rql made and removes (`.scratch`), holding a
    /// copy of what was open (`of`), so that a second connection
    /// (`.connection`) can open the same database.
    case scratch(path: String, of: DatabaseTarget)

    /// The name the prompt and messages use.
    public var displayName: String {
        switch self {
        case .sample(let sample): sample.rawValue
        case .file(let path, _), .copy(let path): path.split(separator: "/").last.map(String.init) ?? path
        case .dataFiles(let paths):
            (paths.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "") + (paths.count > 1 ? " +\(paths.count - 1)" : "")
        case .scratch(_, let original): original.displayName
        }
    }

    /// Whether it is a file of the user's, where what is committed stays.
    var isFile: Bool {
        if case .file = self { true } else { false }
    }

    /// The sample it is, or copies.
    var sample: Sample? {
        switch self {
        case .sample(let sample): sample
        case .scratch(_, let original): original.sample
        case .file, .copy, .dataFiles: nil
        }
    }

    /// Whether its schema is rql's own or typed in this session (a sample, a
    /// database with no file, or a scratch copy of one), which safe mode trusts.
    var hasOwnSchema: Bool {
        switch self {
        case .sample, .dataFiles: true
        case .file(let path, _): path == ":memory:"
        case .copy: false
        case .scratch(_, let original): original.hasOwnSchema
        }
    }

    /// What opening the file at `path` opens: the database it is, or, for a
    /// file whose name says CSV, TSV, JSON or NDJSON and that is not a
    /// SQLite database (SQLite's header says which, whatever the name), an
    /// in-memory database holding it as a table.
    public static func opening(_ path: String, readonly: Bool) -> DatabaseTarget {
        isDataFile(path) ? .dataFiles([path]) : .file(path: path, readonly: readonly)
    }

    /// Whether `path` names a data file to import rather than a database
    /// (one that is missing too: its import says so, where opening it as a
    /// database would make an empty one by that name).
    public static func isDataFile(_ path: String) -> Bool {
        guard ImportRequest.format(ofFileNamed: path) != nil else { return false }
        guard let file = fopen(path, "rb") else { return true }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = fread(&header, 1, 16, file)
        return !(count == 16 && header == Array("SQLite format 3\0".utf8))
    }
}

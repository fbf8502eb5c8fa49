/// What a session has open.
public indirect enum DatabaseTarget: Equatable, Sendable {
    /// A private in-memory copy of a sample; nothing touches the disk.
    case sample(Sample)
    /// A database file.
    case file(path: String, readonly: Bool)
    /// A database file read into memory: changes stay there (notebooks' `-- @db`).
    case copy(path: String)
    /// A temporary file rql made and removes (`.scratch`), holding a
    /// copy of what was open (`of`), so that a second connection
    /// (`.connection`) can open the same database.
    case scratch(path: String, of: DatabaseTarget)

    /// The name the prompt and messages use.
    public var displayName: String {
        switch self {
        case .sample(let sample): sample.rawValue
        case .file(let path, _), .copy(let path): path.split(separator: "/").last.map(String.init) ?? path
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
        case .file, .copy: nil
        }
    }

    /// Whether its schema is rql's own or typed in this session (a sample, a
    /// database with no file, or a scratch copy of one), which safe mode trusts.
    var hasOwnSchema: Bool {
        switch self {
        case .sample: true
        case .file(let path, _): path == ":memory:"
        case .copy: false
        case .scratch(_, let original): original.hasOwnSchema
        }
    }
}

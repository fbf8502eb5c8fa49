/// What a session has open.
public enum DatabaseTarget: Equatable, Sendable {
    /// A private in-memory copy of a sample; nothing touches the disk.
    case sample(Sample)
    /// A database file.
    case file(path: String, readonly: Bool)
    /// A database file read into memory: changes stay there (notebooks' `-- @db`).
    case copy(path: String)

    /// The name the prompt and messages use.
    public var displayName: String {
        switch self {
        case .sample(let sample): sample.rawValue
        case .file(let path, _), .copy(let path): path.split(separator: "/").last.map(String.init) ?? path
        }
    }
}

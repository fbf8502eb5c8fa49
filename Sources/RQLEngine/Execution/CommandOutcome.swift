import RQLRender

/// What one command did, as `Session.execute` returns it.
public struct CommandOutcome {
    public var succeeded: Bool
    /// The errors it reported, in order.
    public var errors: [CommandError] = []
    /// The rows its write changed, for a statement that returns no rows.
    public var changedRows: Int?
    /// The values of the results it wrote, when the context asked for them.
    public var tables: [ResultLog.Table] = []
    /// For an `.erd` drawn in the terminal, when the context logs results.
    public var schemaPictures: SchemaPictures?
}

/// An `.erd`'s diagram as exports draw it.
public struct SchemaPictures: Equatable, Sendable {
    public var mermaid: String
    /// Drawn by Graphviz's dot; nil where it is not installed.
    public var svg: String?
}

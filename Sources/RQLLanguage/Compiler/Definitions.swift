import RQLValues

/// What `def`, `enum`, `alias` and `let` have defined in a session. Each is
/// kept with its source text, which `.helpers` shows.
public struct Definitions {
    struct Helper {
        var expression: Expression
        var text: String
    }

    struct MutationHelper {
        var assignments: [Assignment]
        var text: String
    }

    public struct EnumCase: Sendable, Equatable {
        public var name: String
        public var value: SQLValue
    }

    struct SearchTable {
        var ftsTable: String
        var keyColumn: String?
    }

    /// Table name (empty for global helpers) → helper name → helper.
    var helpers: [String: [String: Helper]] = [:]
    var mutationHelpers: [String: [String: MutationHelper]] = [:]
    /// Table name → column → cases.
    var enums: [String: [String: [EnumCase]]] = [:]
    /// Table name → alias → the name it stands for.
    var aliases: [String: [String: String]] = [:]
    var searchTables: [String: SearchTable] = [:]
    /// `let` queries by name.
    var queries: [String: Query] = [:]

    /// What a `let` query gives, found when it was defined.
    struct QueryShape {
        var columns: [String]
        /// The table whose rows (all columns) it returns, when it does.
        var table: Catalog.Table?
        /// Result column → the enum on the column it reads.
        var enums: [String: [EnumCase]]
    }

    /// The shapes of the `let` queries: checking a later definition that
    /// reads one needs its columns, not its SQL.
    var queryShapes: [String: QueryShape] = [:]

    enum Kind { case helper, mutationHelper, enumeration, alias, search, query }

    /// What a definition defines; a new definition of the same replaces it.
    struct Key: Equatable {
        var kind: Kind
        var table: String
        var name: String
    }

    /// Every definition's text, in the order they were made.
    private var texts: [(key: Key, text: String)] = []

    public init() {}

    mutating func record(_ kind: Kind, table: String, name: String, text: String) {
        let key = Key(kind: kind, table: table, name: name)
        texts.removeAll { $0.key == key }
        texts.append((key, text))
    }

    /// One line per definition, in the order they were made: what `.helpers` prints.
    public var listing: [String] { texts.map(\.text) }

    func helper(_ name: String, on table: String) -> Helper? {
        helpers[table]?[name] ?? helpers[""]?[name]
    }
}

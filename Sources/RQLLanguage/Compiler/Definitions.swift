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
        var text: String
    }

    struct NamedQuery {
        var query: Query
        var text: String
    }

    /// Table name (empty for global helpers) → helper name → helper.
    var helpers: [String: [String: Helper]] = [:]
    var mutationHelpers: [String: [String: MutationHelper]] = [:]
    /// Table name → column → cases.
    public internal(set) var enums: [String: [String: [EnumCase]]] = [:]
    var enumTexts: [String: [String: String]] = [:]
    /// Table name → alias → the name it stands for.
    var aliases: [String: [String: (target: String, text: String)]] = [:]
    var searchTables: [String: SearchTable] = [:]
    var queries: [String: NamedQuery] = [:]
    /// Names in the order they were defined, for listing.
    private var order: [String] = []

    public init() {}

    public var isEmpty: Bool { order.isEmpty }

    mutating func record(_ key: String) {
        order.removeAll { $0 == key }
        order.append(key)
    }

    /// One line per definition, in the order they were made: what `.helpers` prints.
    public var listing: [String] {
        order.compactMap { key in
            let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { return nil }
            let (kind, table, name) = (parts[0], parts[1], parts[2])
            switch kind {
            case "def": return helpers[table]?[name]?.text
            case "mut": return mutationHelpers[table]?[name]?.text
            case "enum": return enumTexts[table]?[name]
            case "alias": return aliases[table]?[name]?.text
            case "fts": return searchTables[table]?.text
            case "let": return queries[name]?.text
            default: return nil
            }
        }
    }

    static func key(_ kind: String, _ table: String, _ name: String) -> String {
        "\(kind)\u{1F}\(table)\u{1F}\(name)"
    }

    func helper(_ name: String, on table: String) -> Helper? {
        helpers[table]?[name] ?? helpers[""]?[name]
    }

    func enumCases(_ table: String, _ column: String) -> [EnumCase]? { enums[table]?[column] }
}

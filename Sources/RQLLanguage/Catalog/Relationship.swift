/// A way from the rows of one table to related rows of another, derived
/// from a foreign key and named after it.
public struct Relationship: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Each row has at most one related row (`reminder.remindersList`).
        case toOne
        /// The rows whose foreign key points here (`remindersList.reminders`).
        case toMany
        /// Rows linked through a junction table (`reminder.tags`).
        case manyToMany
    }

    /// `from` is a column of the table the relationship starts at, `to` one of
    /// the next table along (for many-to-many: the junction table).
    public struct Link: Sendable, Equatable {
        public var from: String
        public var to: String
    }

    public var name: String
    public var kind: Kind
    public var target: String
    public var links: [Link]
    /// For many-to-many: the junction table and its links to `target`
    /// (`from` a junction column, `to` a target column).
    public var junction: String?
    public var junctionLinks: [Link]

    /// Every table's relationships.
    static func derive(from tables: [String: Catalog.Table]) -> [String: [Relationship]] {
        var result: [String: [Relationship]] = [:]
        func add(_ relationship: Relationship, to table: String) {
            var list = result[table, default: []]
            guard !list.contains(where: { $0.name == relationship.name }) else { return }
            list.append(relationship)
            result[table] = list
        }
        for table in tables.values.sorted(by: { $0.name < $1.name }) {
            let keys = table.foreignKeys.compactMap { key in resolved(key, in: tables) }
            let countByTarget = Dictionary(keys.map { ($0.table, 1) }, uniquingKeysWith: +)
            for key in keys {
                guard let target = tables[key.table] else { continue }
                let links = zip(key.columns, key.targetColumns).map { Link(from: $0, to: $1) }
                add(Relationship(name: toOneName(key, table: table), kind: .toOne, target: target.name, links: links,
                                 junction: nil, junctionLinks: []), to: table.name)
                let reverseName = countByTarget[key.table, default: 0] > 1
                    ? "\(table.name)_\(key.columns.joined(separator: "_"))" : table.name
                add(Relationship(name: reverseName, kind: .toMany, target: table.name,
                                 links: links.map { Link(from: $0.to, to: $0.from) },
                                 junction: nil, junctionLinks: []), to: target.name)
            }
            if keys.count == 2, isJunction(table, keys: keys) {
                for (near, far) in [(keys[0], keys[1]), (keys[1], keys[0])] where near.table != far.table {
                    add(Relationship(name: far.table, kind: .manyToMany, target: far.table,
                                     links: zip(near.targetColumns, near.columns).map { Link(from: $0, to: $1) },
                                     junction: table.name,
                                     junctionLinks: zip(far.columns, far.targetColumns).map { Link(from: $0, to: $1) }), to: near.table)
                }
            }
        }
        return result
    }

    /// The key with its target columns filled in from the target's primary key.
    private static func resolved(_ key: Catalog.ForeignKey, in tables: [String: Catalog.Table]) -> Catalog.ForeignKey? {
        guard let target = tables[key.table] ?? tables.values.first(where: { $0.name.lowercased() == key.table.lowercased() })
        else { return nil }
        var key = key
        key.table = target.name
        if key.targetColumns.isEmpty || key.targetColumns.allSatisfy(\.isEmpty) {
            key.targetColumns = target.primaryKey.isEmpty ? ["rowid"] : target.primaryKey
        }
        guard key.targetColumns.count == key.columns.count else { return nil }
        return key
    }

    /// `remindersListID` → `remindersList`, `AlbumId` → `Album`,
    /// `author_id` → `author`; a key without such a suffix keeps its column
    /// name, and a composite key takes its target table's name.
    static func toOneName(_ key: Catalog.ForeignKey, table: Catalog.Table) -> String {
        guard key.columns.count == 1, let column = key.columns.first else { return key.table }
        for suffix in ["ID", "Id", "_id", "_ID"] where column.hasSuffix(suffix) && column.count > suffix.count {
            let stripped = String(column.dropLast(suffix.count))
            if table.column(stripped) == nil { return stripped }
        }
        return column
    }

    /// A table whose only role is to link two others: every column is one
    /// of its two foreign keys or its own primary key.
    private static func isJunction(_ table: Catalog.Table, keys: [Catalog.ForeignKey]) -> Bool {
        let keyColumns = Set(keys.flatMap(\.columns))
        return table.columns.allSatisfy { keyColumns.contains($0.name) || $0.isPrimaryKey }
    }
}

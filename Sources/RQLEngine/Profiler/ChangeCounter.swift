import CSQLiteSupport
import RQLLanguage

/// Counts the rows each table gains, loses or changes while a command runs,
/// from SQLite's pre-update hook, for `.changes on`. The hook does not see
/// virtual tables: an FTS5 table's work shows as changes to its shadow
/// tables, which the report gives under the FTS table's name.
final class ChangeCounter {
    struct Counts: Equatable {
        var inserted = 0
        var updated = 0
        var deleted = 0

        static func + (a: Counts, b: Counts) -> Counts {
            Counts(inserted: a.inserted + b.inserted, updated: a.updated + b.updated, deleted: a.deleted + b.deleted)
        }
    }

    /// What a table gained, lost and changed: by the statement itself, and
    /// by the triggers and foreign-key actions it caused.
    struct Changes: Equatable {
        var direct = Counts()
        var caused = Counts()
        var all: Counts { direct + caused }
    }

    /// (schema, table) in the order first changed.
    private(set) var tables: [(schema: String, table: String, changes: Changes)] = []
    private var indexByName: [String: Int] = [:]
    /// The names SQLite passed for the last change, and that table's index:
    /// a statement passes the same pointers for every row of one table, so
    /// most rows need no names read.
    private var last: (schema: UnsafePointer<CChar>, table: UnsafePointer<CChar>, index: Int)?

    func begin(on connection: OpaquePointer) {
        forget()
        rql_set_change_hook(UnsafeMutableRawPointer(connection), { context, schema, table, kind, depth in
            guard let context, let schema, let table else { return }
            Unmanaged<ChangeCounter>.fromOpaque(context).takeUnretainedValue()
                .count(schema: schema, table: table, kind: kind, caused: depth > 0)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Forgets what was counted: a command that runs no statement (a DSL
    /// definition) then reports nothing, not the last one's changes.
    func forget() {
        tables = []
        indexByName = [:]
        last = nil
    }

    func end(on connection: OpaquePointer) {
        rql_set_change_hook(UnsafeMutableRawPointer(connection), nil, nil)
        last = nil
    }

    private func count(schema: UnsafePointer<CChar>, table: UnsafePointer<CChar>, kind: rql_change_kind, caused: Bool) {
        let index: Int
        if let last, last.schema == schema, last.table == table {
            index = last.index
        } else {
            let schemaName = String(cString: schema)
            let tableName = String(cString: table)
            let key = schemaName + "." + tableName
            index = indexByName[key] ?? {
                tables.append((schemaName, tableName, Changes()))
                indexByName[key] = tables.count - 1
                return tables.count - 1
            }()
            last = (schema, table, index)
        }
        var counts = caused ? tables[index].changes.caused : tables[index].changes.direct
        switch kind {
        case rql_change_insert: counts.inserted += 1
        case rql_change_delete: counts.deleted += 1
        default: counts.updated += 1
        }
        if caused { tables[index].changes.caused = counts } else { tables[index].changes.direct = counts }
    }

    /// One line per table changed, FTS5 shadow tables folded into their
    /// FTS table (`reminderTexts (fts5): 1 row indexed`); empty when nothing changed.
    func report(ftsTables: [String]) -> String {
        var names: [String] = []
        var summaries: [String: String] = [:]
        var indexParts: [String: [String: Counts]] = [:]
        for (schema, table, changes) in tables {
            let counts = changes.all
            let prefix = schema == "main" ? "" : schema + "."
            if let (owner, part) = ChangeCounter.shadow(table, of: ftsTables) {
                let name = prefix + owner + " (fts5)"
                if indexParts[name] == nil { names.append(name) }
                indexParts[name, default: [:]][part] = counts
            } else {
                names.append(prefix + table)
                summaries[prefix + table] = ChangeCounter.summary(of: counts)
            }
        }
        guard !names.isEmpty else { return "" }
        let width = names.map(\.count).max() ?? 0
        return "changes:\n" + names.map { name in
            let summary = summaries[name] ?? ChangeCounter.indexSummary(of: indexParts[name] ?? [:])
            return "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + summary + "\n"
        }.joined()
    }

    /// `1 inserted, 2 updated, 3 deleted`, leaving out what is zero.
    static func summary(of counts: Counts) -> String {
        [(counts.inserted, "inserted"), (counts.updated, "updated"), (counts.deleted, "deleted")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    /// What an FTS5 table's shadow tables say about its rows: the document
    /// sizes (or the stored content) gain a row per row indexed. FTS5
    /// updates a row by removing it and indexing it again.
    static func indexSummary(of parts: [String: Counts]) -> String {
        guard let rows = parts["docsize"] ?? parts["content"] else { return "index updated" }
        let paired = min(rows.inserted, rows.deleted)
        let figures = [(rows.inserted - paired, "indexed"), (paired + rows.updated, "re-indexed"), (rows.deleted - paired, "removed")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) row\($0.0 == 1 ? "" : "s") \($0.1)" }
        return figures.isEmpty ? "index updated" : figures.joined(separator: ", ")
    }

    /// The FTS5 table a shadow table belongs to, and which part it is.
    static func shadow(_ table: String, of ftsTables: [String]) -> (String, String)? {
        for fts in ftsTables where table.count > fts.count + 1 && table.lowercased().hasPrefix(fts.lowercased() + "_") {
            let part = String(table.dropFirst(fts.count + 1)).lowercased()
            if ["data", "idx", "content", "docsize", "config"].contains(part) { return (fts, part) }
        }
        return nil
    }
}

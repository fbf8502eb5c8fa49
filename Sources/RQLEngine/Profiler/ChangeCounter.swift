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
    }

    /// (schema, table) in the order first changed.
    private(set) var tables: [(schema: String, table: String, counts: Counts)] = []
    private var indexByName: [String: Int] = [:]

    func begin(on connection: OpaquePointer) {
        tables = []
        indexByName = [:]
        rql_set_change_hook(UnsafeMutableRawPointer(connection), { context, schema, table, kind in
            guard let context, let schema, let table else { return }
            Unmanaged<ChangeCounter>.fromOpaque(context).takeUnretainedValue()
                .count(schema: schema, table: table, kind: kind)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    func end(on connection: OpaquePointer) {
        rql_set_change_hook(UnsafeMutableRawPointer(connection), nil, nil)
    }

    private func count(schema: UnsafePointer<CChar>, table: UnsafePointer<CChar>, kind: rql_change_kind) {
        let schemaName = String(cString: schema)
        let tableName = String(cString: table)
        let key = schemaName + "." + tableName
        let index = indexByName[key] ?? {
            tables.append((schemaName, tableName, Counts()))
            indexByName[key] = tables.count - 1
            return tables.count - 1
        }()
        switch kind {
        case rql_change_insert: tables[index].counts.inserted += 1
        case rql_change_delete: tables[index].counts.deleted += 1
        default: tables[index].counts.updated += 1
        }
    }

    /// One line per table changed, FTS5 shadow tables folded into their
    /// FTS table (`reminderTexts (fts5): 1 row indexed`); empty when nothing changed.
    func report(ftsTables: [String]) -> String {
        var lines: [(name: String, text: String)] = []
        var fts: [String: [String: Counts]] = [:]
        var ftsOrder: [String] = []
        for (schema, table, counts) in tables {
            let qualified = schema == "main" ? table : schema + "." + table
            if let (owner, part) = ChangeCounter.shadow(table, of: ftsTables) {
                let name = schema == "main" ? owner : schema + "." + owner
                if fts[name] == nil { ftsOrder.append(name); lines.append((name + " (fts5)", "")) }
                fts[name, default: [:]][part] = counts
                continue
            }
            var parts: [String] = []
            if counts.inserted > 0 { parts.append("\(counts.inserted) inserted") }
            if counts.updated > 0 { parts.append("\(counts.updated) updated") }
            if counts.deleted > 0 { parts.append("\(counts.deleted) deleted") }
            lines.append((qualified, parts.joined(separator: ", ")))
        }
        for name in ftsOrder {
            let parts = fts[name] ?? [:]
            let rows = parts["docsize"] ?? parts["content"]
            var text: [String] = []
            if let rows {
                // FTS5 updates a row by removing and indexing it again.
                let reindexed = min(rows.inserted, rows.deleted) + rows.updated
                let indexed = rows.inserted - min(rows.inserted, rows.deleted)
                let removed = rows.deleted - min(rows.inserted, rows.deleted)
                func rowCount(_ count: Int) -> String { "\(count) row\(count == 1 ? "" : "s")" }
                if indexed > 0 { text.append(rowCount(indexed) + " indexed") }
                if reindexed > 0 { text.append(rowCount(reindexed) + " re-indexed") }
                if removed > 0 { text.append(rowCount(removed) + " removed") }
            }
            if text.isEmpty { text.append("index updated") }
            if let index = lines.firstIndex(where: { $0.name == name + " (fts5)" }) {
                lines[index].text = text.joined(separator: ", ")
            }
        }
        guard !lines.isEmpty else { return "" }
        let width = lines.map(\.name.count).max() ?? 0
        return "changes:\n" + lines.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.text + "\n" }.joined()
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

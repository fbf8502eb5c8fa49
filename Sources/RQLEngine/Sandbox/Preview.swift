import RQLLanguage

/// What `.preview` found a command would do, read before it was rolled
/// back: the tables it would change (an FTS5 table with its shadow tables
/// folded in) and what changed each, the triggers that fired, the deferred
/// work it would schedule, its `changes()`, and the error it would end with.
/// Nothing in it varies from run to run (no times), so that a notebook can
/// record it.
struct Preview {
    struct Line: Equatable {
        var name: String
        var summary: String
        /// `by the statement`, `ON DELETE CASCADE from lists`, `trigger t`.
        var causes: [String]
    }

    var lines: [Line] = []
    /// In the order they first fired, with how many times.
    var triggers: [(name: String, runs: Int)] = []
    /// The triggers among them with a WHEN condition: each time one fired,
    /// the condition decided whether its body ran.
    var conditional: Set<String> = []
    /// Deferred work the command would schedule, and in how long.
    var scheduled: [(name: String, delay: String)] = []
    var changedRows: Int?
    var failure: String?
    /// What it would do to the schema: `creates table t`, `alters table
    /// tags`, `sets user_version to 3 (from 0)`.
    var schemaChanges: [String] = []

    /// `changes`: the tables the command changed, as `ChangeCounter` saw
    /// them; `definitions`: the triggers of the database, by name.
    init(changes: [(schema: String, table: String, changes: ChangeCounter.Changes)], catalog: Catalog?,
         triggers: [(name: String, runs: Int)], definitions: [String: TriggerDefinition]) {
        self.triggers = triggers
        conditional = Set(triggers.map(\.name).filter { definitions[$0]?.when != nil })
        let triggerWrites = definitions.mapValues(\.writtenTables)
        let ftsTables = catalog?.tables.values.filter { $0.kind.isFullText }.map(\.name) ?? []
        var plain: [String: ChangeCounter.Changes] = [:]
        for (schema, table, counts) in changes where schema == "main" && ChangeCounter.shadow(table, of: ftsTables) == nil {
            plain[table.lowercased()] = counts
        }
        func writers(of table: String) -> [String] {
            triggers.map(\.name).filter { name in
                triggerWrites[name]?.contains { $0.lowercased() == table.lowercased() } == true
            }.map { "trigger " + $0 }
        }
        var ftsParts: [String: [String: ChangeCounter.Counts]] = [:]
        var ftsOwners: [String: String] = [:]
        var plainLines: [String: Line] = [:]
        var order: [String] = []
        for (schema, table, counts) in changes {
            let prefix = schema == "main" ? "" : schema + "."
            if let (owner, part) = ChangeCounter.shadow(table, of: ftsTables) {
                let name = prefix + owner + " (fts5)"
                if ftsParts[name] == nil { order.append(name) }
                ftsParts[name, default: [:]][part] = counts.all
                ftsOwners[name] = owner
                continue
            }
            var causes: [String] = counts.direct == ChangeCounter.Counts() ? [] : ["the statement"]
            if counts.caused != ChangeCounter.Counts() {
                let before = causes.count
                if schema == "main" {
                    causes += Preview.keyActions(on: table, caused: counts.caused, catalog: catalog, changed: plain)
                }
                causes += writers(of: table).filter { !causes.contains($0) }
                if causes.count == before { causes.append("a trigger or foreign-key action") }
            }
            order.append(prefix + table)
            plainLines[prefix + table] = Line(name: prefix + table, summary: ChangeCounter.summary(of: counts.all), causes: causes)
        }
        lines = order.map { name in
            if let line = plainLines[name] { return line }
            let causes = writers(of: ftsOwners[name] ?? name)
            return Line(name: name, summary: ChangeCounter.indexSummary(of: ftsParts[name] ?? [:]),
                        causes: causes.isEmpty ? ["the statement"] : causes)
        }
    }

    /// The foreign-key actions from a changed parent that explain what
    /// `caused` did to `table`: `ON DELETE CASCADE from remindersLists`.
    private static func keyActions(on table: String, caused: ChangeCounter.Counts, catalog: Catalog?,
                                   changed: [String: ChangeCounter.Changes]) -> [String] {
        var actions: [String] = []
        for key in catalog?.table(named: table, in: "main")?.foreignKeys ?? [] {
            guard let parent = changed[key.table.lowercased()]?.all else { continue }
            var action: String?
            if parent.deleted > 0, caused.deleted > 0, key.onDelete == "CASCADE" {
                action = "ON DELETE CASCADE"
            } else if parent.deleted > 0, caused.updated > 0, ["SET NULL", "SET DEFAULT"].contains(key.onDelete) {
                action = "ON DELETE " + key.onDelete
            } else if parent.updated > 0, caused.updated > 0, ["CASCADE", "SET NULL", "SET DEFAULT"].contains(key.onUpdate) {
                action = "ON UPDATE " + key.onUpdate
            }
            if let action, !actions.contains(action + " from " + key.table) { actions.append(action + " from " + key.table) }
        }
        return actions
    }

    /// The report, aligned, one table a line.
    var text: String {
        var text = ""
        if let failure {
            text += "would fail: \(failure)\n"
        }
        if failure == nil, !schemaChanges.isEmpty {
            text += "would change the schema:\n" + schemaChanges.map { "  " + $0 + "\n" }.joined()
        }
        if failure != nil || (lines.isEmpty && schemaChanges.isEmpty) {
            text += "nothing would change\n"
        } else if !lines.isEmpty {
            text += "would change:\n"
            let nameWidth = lines.map(\.name.count).max() ?? 0
            let summaryWidth = lines.map(\.summary.count).max() ?? 0
            for line in lines {
                text += "  " + Preview.padded(line.name, nameWidth) + "  " + Preview.padded(line.summary, summaryWidth)
                    + "  by " + line.causes.joined(separator: ", ") + "\n"
            }
        }
        if failure == nil, !triggers.isEmpty {
            text += "triggers fired:\n"
            let width = triggers.map(\.name.count).max() ?? 0
            for (name, runs) in triggers {
                text += "  " + Preview.padded(name, width) + "  " + (runs == 1 ? "once" : "\(runs) times")
                    + (conditional.contains(name) ? " (its WHEN decides whether its body runs)" : "") + "\n"
            }
        }
        for (name, delay) in scheduled where failure == nil {
            text += "would schedule: \(name) in \(delay)\n"
        }
        if failure == nil, let changedRows {
            text += "changes(): \(changedRows)\n"
        }
        return text + "nothing was written: the preview rolled back\n"
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension Preview {
    /// The schema objects of every database (FTS5 shadow tables left out:
    /// their FTS table says it all) and each database's user version, to
    /// compare before and after a command.
    struct SchemaSnapshot: Equatable {
        /// `schema`, `type`, `name` → SQL.
        var objects: [[String]: String] = [:]
        var userVersions: [String: Int] = [:]

        /// What turned `before` into `after`, sorted by database, type and name.
        static func changes(from before: SchemaSnapshot, to after: SchemaSnapshot) -> [String] {
            func named(_ key: [String]) -> String {
                key[1] + " " + (key[0] == "main" ? "" : key[0] + ".") + key[2]
            }
            var changes: [String] = []
            for key in Set(before.objects.keys).union(after.objects.keys).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                switch (before.objects[key], after.objects[key]) {
                case (nil, _?): changes.append("creates " + named(key))
                case (_?, nil): changes.append("drops " + named(key))
                case (let old?, let new?) where old != new: changes.append("alters " + named(key))
                default: break
                }
            }
            for (schema, version) in after.userVersions.sorted(by: { $0.key < $1.key }) {
                let old = before.userVersions[schema] ?? 0
                guard version != old else { continue }
                changes.append("sets \(schema == "main" ? "" : schema + ".")user_version to \(version) (from \(old))")
            }
            return changes
        }
    }
}

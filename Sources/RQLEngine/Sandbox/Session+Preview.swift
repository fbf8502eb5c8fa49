import GRDB
import RQLLanguage
import RQLValues

extension Session {
    /// `.preview COMMAND`: runs an SQL or DSL command after a savepoint,
    /// with the change counter and the profiler listening, says what it
    /// did (or the error it ended with), then rolls it back, and takes back
    /// the deferred work and the DSL definitions it made. The command's own
    /// output (rows it returns) is printed as it would be. Nothing reaches
    /// the file; the write lock is held only while the command runs.
    func preview(_ text: String) throws {
        guard let (language, body) = InputLanguage.classify(text[...]) else { throw CommandError(.previewWhat) }
        guard language != .dot else { throw CommandError(.previewDotCommand) }
        let jobs = scheduler.pending
        // A DSL definition changes the session, not the database: taken back too.
        let madeDefinitions = definitions
        let started = scheduler.clock.now
        let (profile, changes) = (settings.profile, settings.changes)
        let changedRows = current?.outcome.changedRows
        current?.outcome.changedRows = nil
        let schemaBefore = try queue.inDatabase { db in
            try db.execute(sql: "SAVEPOINT rql_preview")
            return try Session.schemaSnapshot(db)
        }
        previewing = true
        settings.profile = true
        settings.changes = true
        changeCounter.forget()
        tracer.forget()
        var failure: CommandError?
        do {
            try run(Command(language, String(body)))
        } catch {
            failure = CommandError.from(error)
        }
        settings.profile = profile
        settings.changes = changes
        previewing = false
        // Read while the command's work is still there: the catalog and
        // triggers it may have changed, and what it scheduled.
        var report = Preview(changes: changeCounter.tables, catalog: try? dslCatalog(),
                             triggers: Session.firedTriggers(in: tracer.profile),
                             definitions: (try? queue.inDatabase(Trigger.all))
                                .map { Dictionary($0.map { ($0.name, $0.definition) }) { first, _ in first } } ?? [:])
        report.changedRows = current?.outcome.changedRows
        if let schemaAfter = try? queue.inDatabase(Session.schemaSnapshot) {
            report.schemaChanges = Preview.SchemaSnapshot.changes(from: schemaBefore, to: schemaAfter)
        }
        report.failure = failure?.message
        report.scheduled = scheduler.pending
            .filter { job in !jobs.contains { $0.name == job.name && $0.due == job.due } }
            .map { ($0.name, Session.delay($0.due.timeIntervalSince(started))) }
        scheduler.restore(jobs)
        definitions = madeDefinitions
        current?.outcome.changedRows = changedRows
        try queue.inDatabase { db in
            // An interrupted write, or RAISE(ROLLBACK), ends the whole
            // transaction, and the savepoint with it: nothing is left to roll back.
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK TO rql_preview; RELEASE rql_preview") }
            db.clearSchemaCache()
        }
        connection.catalogCache = nil
        connection.functionCache = nil
        if let failure, failure.isInterruption { throw failure }
        // Table and trigger names, and SQLite's words, are the database's: shown, never sent.
        output.write(visible: report.text)
    }

    private static func schemaSnapshot(_ db: Database) throws -> Preview.SchemaSnapshot {
        var snapshot = Preview.SchemaSnapshot()
        let shadows = try Set(String.fetchAll(db, sql: "SELECT schema || '.' || name FROM pragma_table_list WHERE type = 'shadow'"))
        for schema in try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq") {
            let quoted = SQLText.identifier(schema)
            for row in try Row.fetchAll(db, sql: "SELECT type, name, sql FROM \(quoted).sqlite_master WHERE sql IS NOT NULL") {
                let name: String = row["name"]
                guard !shadows.contains(schema + "." + name) else { continue }
                snapshot.objects[[schema, row["type"], name]] = row["sql"]
            }
            snapshot.userVersions[schema] = try Int.fetchOne(db, sql: "PRAGMA \(quoted).user_version") ?? 0
        }
        return snapshot
    }

    /// The triggers a profile saw fire, in order, with how many times.
    private static func firedTriggers(in profile: StatementProfile) -> [(name: String, runs: Int)] {
        var fired: [(name: String, runs: Int)] = []
        for node in profile.nodes where node.kind == .trigger {
            if let index = fired.firstIndex(where: { $0.name == node.text }) {
                fired[index].runs += node.runs
            } else {
                fired.append((node.text, node.runs))
            }
        }
        return fired
    }

    /// `500ms`, `2s`, `1.5s`, as `.clock advance` reads them, to a tenth of
    /// a second: on the real clock, the command itself takes milliseconds.
    private static func delay(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        if tenths < 10 { return "\(tenths * 100)ms" }
        return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
    }
}

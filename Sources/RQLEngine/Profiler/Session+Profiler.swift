import GRDB
import RQLLanguage

extension Session {
    /// Runs `body` with the tracer and the change counter listening on
    /// `db`'s connection, when `.trace`, `.profile` or `.changes` is on.
    func watching<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        guard let connection = db.sqliteConnection else { return try body() }
        tracer.tracesTo = settings.trace ? output : nil
        tracer.profiles = settings.profile
        let traces = tracer.isActive
        if traces { tracer.begin(on: connection) }
        if settings.changes { changeCounter.begin(on: connection) }
        defer {
            if traces { tracer.end(on: connection) }
            if settings.changes { changeCounter.end(on: connection) }
        }
        return try body()
    }

    /// After a command: the profile tree and the changes, when they are on
    /// and there is something to say.
    func writeWatchReports() {
        guard !previewing else { return }
        if settings.profile, !tracer.profile.isEmpty {
            let width = output.isTerminal ? Terminal.columns() : nil
            output.write(visible: "profile:\n" + tracer.profile.text(width: width, masksTimes: settings.masksTimes))
        }
        if settings.changes {
            let ftsTables = ((try? dslCatalog())?.tables.values.filter { $0.kind.isFullText }.map(\.name)) ?? []
            output.write(visible: changeCounter.report(ftsTables: ftsTables))
        }
    }
}

import GRDB
import RQLLanguage
import RQLSamples
import RQLValues

/// The Reminders app's triggers that call back into the app
/// (`Samples/reminders-app.sql`). They are app logic, not data: rql creates
/// them as TEMP triggers on each connection to a database with the Reminders
/// schema, so a file never needs functions that only rql has.
enum AppTriggers {
    /// The names the script gives its triggers, in its order. Its lines
    /// are split as bytes: split as Characters, the script took 0.4M
    /// instructions each time rql opened a file.
    static let names: [String] = SampleFiles.remindersApp.utf8.split(separator: UInt8(ascii: "\n")).compactMap { line in
        let prefix = "CREATE TEMP TRIGGER ".utf8
        guard line.starts(with: prefix) else { return nil }
        return String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
    }

    /// Whether `schema`'s trigger `name` is one of these, made by rql.
    static func isInstalledByRQL(schema: String, name: String) -> Bool {
        schema == "temp" && names.contains(name)
    }

    /// Creates the triggers on a new connection to `target`. The Reminders
    /// sample, just built, has the tables and none of the triggers; the
    /// other samples never have the tables; any other database is looked at.
    static func install(for target: DatabaseTarget, _ db: Database) throws {
        switch target {
        case .sample(.reminders): try db.execute(sql: SampleFiles.remindersApp)
        case .sample, .dataFiles: return
        case .file, .copy, .scratch: try installIfReminders(db)
        }
    }

    /// Creates the triggers when the main database has the Reminders tables
    /// and none of them exists yet (a file written by an older rql stores them).
    static func installIfReminders(_ db: Database) throws {
        let columns = try Set(String.fetchAll(db, sql: """
            SELECT m.name || '.' || c.name FROM main.sqlite_master AS m, pragma_table_info(m.name, 'main') AS c
            WHERE m.type = 'table' AND m.name IN ('reminders', 'remindersLists')
            """))
        let needed: Set = ["reminders.status", "reminders.remindersListID", "remindersLists.id", "remindersLists.title"]
        guard needed.isSubset(of: columns) else { return }
        let placeholders = names.map { _ in "?" }.joined(separator: ", ")
        let exists = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM main.sqlite_master WHERE type = 'trigger' AND name IN (\(placeholders)))
                OR EXISTS (SELECT 1 FROM temp.sqlite_master WHERE type = 'trigger' AND name IN (\(placeholders)))
            """, arguments: StatementArguments(names + names)) ?? false
        guard !exists else { return }
        try db.execute(sql: SampleFiles.remindersApp)
    }

    /// Drops the ones rql made, before `.restore` puts another database in
    /// main's place (once their table is gone, SQLite no longer finds them
    /// to drop).
    static func uninstall(_ db: Database) throws {
        for name in names { try db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(SQLText.identifier(name))") }
    }
}

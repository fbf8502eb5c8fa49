import CSQLiteSupport
import Foundation
import GRDB

/// The Swift-defined SQL functions and collations rql registers on every
/// connection it opens.
enum SQLFunctions {
    static func register(in db: Database, setup: ConnectionSetup) {
        for function in functions(setup: setup) { db.add(function: function) }
        for collation in collations { db.add(collation: collation) }
        // The sqlite3 shell's table-valued function, written in C.
        _ = rql_register_generate_series(UnsafeMutableRawPointer(db.sqliteConnection))
    }

    static func functions(setup: ConnectionSetup) -> [DatabaseFunction] {
        [
            RegexpFunction.function,
            Slugify.function,
            DatabaseFunction("uuid", argumentCount: 0, pure: false) { [uuids = setup.uuids] _ in uuids.next() },
            DatabaseFunction("median", argumentCount: 1, pure: true, aggregate: Median.self),
            DatabaseFunction("mode", argumentCount: 1, pure: true, aggregate: Mode.self),
        ] + ReminderCallbacks.functions(scheduler: setup.scheduler)
    }

    static let collations = [NoDiacritic.collation]
}

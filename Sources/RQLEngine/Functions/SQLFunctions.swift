import CSQLiteSupport
import FoundationEssentials
import Glibc
import GRDB

/// The Swift-defined SQL functions and collations rql registers on every
/// connection it opens.
enum SQLFunctions {
    static func register(in db: Database, setup: ConnectionSetup) {
        for function in scalars(setup: setup) { function.register(in: db) }
        for function in aggregates { function.register(in: db) }
        for collation in collations { db.add(collation: collation) }
        // The sqlite3 shell's table-valued function, written in C.
        _ = rql_register_generate_series(UnsafeMutableRawPointer(db.sqliteConnection))
    }

    /// With the flags the seeds give them: `slugify` and `regexp`
    /// deterministic and innocuous, `uuid()` innocuous (random, as SQLite's
    /// own `random()`, and harmless in a view or a DEFAULT), the app
    /// callbacks direct-only.
    static func scalars(setup: ConnectionSetup) -> [ScalarFunction] {
        [
            RegexpFunction.function,
            Slugify.function,
            ScalarFunction("uuid", argumentCount: 0, flags: [.innocuous]) { [uuids = setup.uuids] _ in uuids.next() },
        ] + ReminderCallbacks.functions(scheduler: setup.scheduler)
    }

    static let aggregates = [
        AggregateFunction("median", flags: [.deterministic, .innocuous], Median.self),
        AggregateFunction("mode", flags: [.deterministic, .innocuous], Mode.self),
    ]

    /// The names of rql's functions, lowercased as `pragma_function_list` gives them.
    static func names(setup: ConnectionSetup) -> Set<String> {
        Set(scalars(setup: setup).map { $0.name.lowercased() } + aggregates.map { $0.name.lowercased() })
    }

    static let collations = [NoDiacritic.collation]
}

import Foundation
import GRDB

/// The Swift-defined SQL functions and collations rql registers on every
/// connection it opens.
enum SQLFunctions {
    static func register(in db: Database, scheduler: Scheduler) {
        for function in functions(scheduler: scheduler) { db.add(function: function) }
        for collation in collations { db.add(collation: collation) }
    }

    static func functions(scheduler: Scheduler) -> [DatabaseFunction] {
        [
            RegexpFunction.function,
            Slugify.function,
            DatabaseFunction("uuid", argumentCount: 0, pure: false) { _ in UUID().uuidString.lowercased() },
            DatabaseFunction("median", argumentCount: 1, pure: true, aggregate: Median.self),
            DatabaseFunction("mode", argumentCount: 1, pure: true, aggregate: Mode.self),
        ] + ReminderCallbacks.functions(scheduler: scheduler)
    }

    static let collations = [NoDiacritic.collation]
}

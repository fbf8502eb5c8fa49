import Foundation
import GRDB

/// The Swift-defined SQL functions and collations rql registers on every
/// connection it opens.
enum SQLFunctions {
    static func register(in db: Database, scheduler: Scheduler) {
        db.add(function: RegexpFunction.function)
        db.add(function: Slugify.function)
        db.add(function: DatabaseFunction("uuid", argumentCount: 0, pure: false) { _ in
            UUID().uuidString.lowercased()
        })
        db.add(function: DatabaseFunction("median", argumentCount: 1, pure: true, aggregate: Median.self))
        db.add(function: DatabaseFunction("mode", argumentCount: 1, pure: true, aggregate: Mode.self))
        db.add(collation: NoDiacritic.collation)
        for callback in ReminderCallbacks.functions(scheduler: scheduler) {
            db.add(function: callback)
        }
    }
}

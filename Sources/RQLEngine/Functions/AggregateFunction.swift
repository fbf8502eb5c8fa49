import FoundationEssentials
import Glibc
import GRDB
import GRDBSQLite

/// An aggregate SQL function registered with `sqlite3_create_function_v2`
/// and the flags it deserves, as `ScalarFunction` is: GRDB's
/// `DatabaseFunction` can mark an aggregate deterministic, not innocuous,
/// and a function that is not innocuous cannot run in a view or trigger of
/// a schema safe mode does not trust.
struct AggregateFunction: Sendable {
    let name: String
    let flags: ScalarFunction.Flags
    /// A new, empty running aggregate, one for each group.
    let start: @Sendable () -> any RunningAggregate

    /// `Aggregate` as a one-argument SQL function called `name`.
    init<Aggregate: DatabaseAggregate>(_ name: String, flags: ScalarFunction.Flags, _ aggregate: Aggregate.Type) {
        self.name = name
        self.flags = flags
        start = { Running<Aggregate>() }
    }

    /// Holds the function for SQLite's callbacks, as long as the connection keeps it.
    private final class Box {
        let function: AggregateFunction
        init(_ function: AggregateFunction) { self.function = function }
    }

    func register(in db: Database) {
        let box = Unmanaged.passRetained(Box(self)).toOpaque()
        sqlite3_create_function_v2(
            db.sqliteConnection, name, 1, SQLITE_UTF8 | flags.rawValue, box, nil,
            { context, count, values in
                guard let running = AggregateFunction.running(in: context, creating: true) else {
                    sqlite3_result_error_nomem(context)
                    return
                }
                do {
                    try running.step((0..<Int(count)).map { ScalarFunction.value(values?[$0]) })
                } catch {
                    sqlite3_result_error(context, AggregateFunction.message(of: error), -1)
                }
            },
            { context in
                // No step ran for an empty group: the aggregate of nothing.
                let running = AggregateFunction.running(in: context, creating: false)
                    ?? sqlite3_user_data(context).map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().function.start() }
                AggregateFunction.release(in: context)
                do {
                    ScalarFunction.report(try running?.finalize() ?? .null, in: context)
                } catch {
                    sqlite3_result_error(context, AggregateFunction.message(of: error), -1)
                }
            },
            { data in if let data { Unmanaged<Box>.fromOpaque(data).release() } })
    }

    /// The group's running aggregate, kept in SQLite's per-group memory as
    /// a retained reference; made on the first step.
    private static func running(in context: OpaquePointer?, creating: Bool) -> (any RunningAggregate)? {
        let size = creating ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
        guard let slot = sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        else { return nil }
        if let held = slot.pointee { return Unmanaged<AnyObject>.fromOpaque(held).takeUnretainedValue() as? any RunningAggregate }
        guard creating, let data = sqlite3_user_data(context) else { return nil }
        let running = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().function.start()
        slot.pointee = Unmanaged<AnyObject>.passRetained(running).toOpaque()
        return running
    }

    /// Lets go of the group's running aggregate, once its result is taken.
    private static func release(in context: OpaquePointer?) {
        guard let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
              let held = slot.pointee else { return }
        slot.pointee = nil
        Unmanaged<AnyObject>.fromOpaque(held).release()
    }

    private static func message(of error: any Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}

/// One group's aggregate as it runs.
protocol RunningAggregate: AnyObject {
    func step(_ values: [DatabaseValue]) throws
    func finalize() throws -> DatabaseValue
}

/// A `DatabaseAggregate` as a running aggregate.
private final class Running<Aggregate: DatabaseAggregate>: RunningAggregate {
    private var aggregate = Aggregate()

    func step(_ values: [DatabaseValue]) throws { try aggregate.step(values) }
    func finalize() throws -> DatabaseValue { try aggregate.finalize()?.databaseValue ?? .null }
}

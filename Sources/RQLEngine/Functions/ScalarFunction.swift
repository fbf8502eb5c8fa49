import FoundationEssentials
import Glibc
import GRDB
import GRDBSQLite

/// A scalar SQL function registered with `sqlite3_create_function_v2` and
/// the flags an app gives it (DataLiteCore's function options), which GRDB's
/// `DatabaseFunction` cannot all give:
///
/// - deterministic: the same arguments give the same result, so SQLite may
///   use it in indexes, generated columns and CHECK constraints;
/// - innocuous: no side effects, so it is allowed in triggers, views and
///   schema even with `PRAGMA trusted_schema = OFF`;
/// - direct-only: only SQL an app or a person runs may call it, never a
///   stored trigger, view or schema expression (TEMP ones may).
struct ScalarFunction: Sendable {
    struct Flags: OptionSet, Sendable {
        let rawValue: Int32
        static let deterministic = Flags(rawValue: SQLITE_DETERMINISTIC)
        static let innocuous = Flags(rawValue: SQLITE_INNOCUOUS)
        static let directOnly = Flags(rawValue: SQLITE_DIRECTONLY)
    }

    let name: String
    let argumentCount: Int32
    let flags: Flags
    let body: @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?

    init(_ name: String, argumentCount: Int32, flags: Flags,
         _ body: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?) {
        self.name = name
        self.argumentCount = argumentCount
        self.flags = flags
        self.body = body
    }

    /// Holds the function for SQLite's callbacks, as long as the connection keeps it.
    private final class Box {
        let function: ScalarFunction
        init(_ function: ScalarFunction) { self.function = function }
    }

    func register(in db: Database) {
        let box = Unmanaged.passRetained(Box(self)).toOpaque()
        sqlite3_create_function_v2(
            db.sqliteConnection, name, argumentCount, SQLITE_UTF8 | flags.rawValue, box,
            { context, count, values in
                guard let data = sqlite3_user_data(context) else { return }
                let function = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().function
                let arguments = (0..<Int(count)).map { index in ScalarFunction.value(values?[index]) }
                do {
                    ScalarFunction.report(try function.body(arguments)?.databaseValue ?? .null, in: context)
                } catch let error as DatabaseError {
                    sqlite3_result_error(context, error.message ?? "\(error.resultCode)", -1)
                    // The statement fails with the error's own code (a safe-mode refusal's is SQLITE_AUTH).
                    if error.resultCode != .SQLITE_ERROR { sqlite3_result_error_code(context, error.extendedResultCode.rawValue) }
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            },
            nil, nil,
            { data in if let data { Unmanaged<Box>.fromOpaque(data).release() } })
    }

    /// An argument as a value.
    static func value(_ value: OpaquePointer?) -> DatabaseValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return sqlite3_value_int64(value).databaseValue
        case SQLITE_FLOAT: return sqlite3_value_double(value).databaseValue
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .null }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
            return String(decoding: bytes, as: UTF8.self).databaseValue
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard let blob = sqlite3_value_blob(value) else { return Data().databaseValue }
            return Data(bytes: blob, count: count).databaseValue
        default: return .null
        }
    }

    static func report(_ value: DatabaseValue, in context: OpaquePointer?) {
        switch value.storage {
        case .null: sqlite3_result_null(context)
        case .int64(let number): sqlite3_result_int64(context, number)
        case .double(let number): sqlite3_result_double(context, number)
        case .string(let text):
            // Its length in bytes, so that a NUL inside the text is kept.
            sqlite3_result_text(context, text, Int32(text.utf8.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                sqlite3_result_blob(context, bytes.baseAddress, Int32(bytes.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }
    }
}

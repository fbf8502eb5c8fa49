import FoundationEssentials
import Glibc

/// What every connection a session opens shares: the scheduler its
/// callbacks defer work to (whose clock SQLite sees), where `uuid()` gets
/// its values, and whether safe mode limits it.
struct ConnectionSetup: Sendable {
    let scheduler: Scheduler
    let uuids: UUIDSource
    let safe: Bool
    /// How many milliseconds a statement waits for a database another
    /// connection has locked before it fails with `database is locked` (`.timeout`).
    var busyTimeout: Int32 = 5000
}

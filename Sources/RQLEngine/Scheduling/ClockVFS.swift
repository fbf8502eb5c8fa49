import CSQLiteSupport
import Foundation

/// The VFS that shows a session clock to SQLite: one per clock, registered
/// the first time a connection is opened with that clock, named
/// `rqlclock-N`. Connections open their database through a URI naming it,
/// so `date('now')`, `CURRENT_TIMESTAMP` and friends see the session's time.
enum ClockVFS {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var names: [ObjectIdentifier: String] = [:]
    }

    private final class Box {
        let clock: any SessionClock
        init(_ clock: any SessionClock) { self.clock = clock }
    }

    private static let registry = Registry()

    /// The VFS name for `clock`, registering it on first use.
    static func name(for clock: any SessionClock) throws -> String {
        try registry.lock.withLock {
            if let name = registry.names[ObjectIdentifier(clock)] { return name }
            let name = "rqlclock-\(registry.names.count + 1)"
            // The VFS lives as long as the process, and so does the clock it reads.
            let context = Unmanaged.passRetained(Box(clock)).toOpaque()
            let code = rql_clock_vfs_register(name, { context in
                guard let context else { return 0 }
                let clock = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().clock
                return Int64((clock.now.timeIntervalSince1970 * 1000).rounded(.down))
            }, context)
            guard code == 0 else {
                Unmanaged<Box>.fromOpaque(context).release()
                throw CommandError(.clockSetup(code: code))
            }
            registry.names[ObjectIdentifier(clock)] = name
            return name
        }
    }

    /// A URI file name that opens `path` (or, for nil, a private in-memory
    /// database) through the VFS named `vfs`.
    static func uri(path: String?, vfs: String) -> String {
        guard let path else { return "file:rql-memory?mode=memory&vfs=\(vfs)" }
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?vfs=\(vfs)"
    }
}

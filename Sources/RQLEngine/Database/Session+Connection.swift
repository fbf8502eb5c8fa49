import GRDB

extension Session {
    /// The connection to the open database. A file another program had
    /// locked when the session opened it is opened here, by the first
    /// command that reads it, waiting for the lock as long as `.timeout`
    /// says; while it stays locked, each such command fails with
    /// `database is locked` and the session goes on.
    var queue: DatabaseQueue {
        get throws {
            if let openedQueue { return openedQueue }
            let queue = try Connection.open(target, setup: connectionSetup)
            retargetInterrupt(to: queue)
            openedQueue = queue
            return queue
        }
    }
}

import FoundationEssentials
import Glibc
import GRDB

/// The app callbacks the Reminders sample's triggers call. Each only
/// schedules work on the session's scheduler and returns NULL: the work runs
/// later, outside the statement and transaction that fired the trigger.
enum ReminderCallbacks {
    /// Quiet period after the last status change before completing reminders.
    static let completionDelay: TimeInterval = 5
    /// Delay before creating a default list when the last one was deleted.
    static let defaultListDelay: TimeInterval = 1

    /// Direct-only: app logic that the database file must not call by
    /// itself. rql's TEMP triggers may; a stored trigger or view may not.
    static func functions(scheduler: Scheduler) -> [ScalarFunction] {
        [
            ScalarFunction("handleReminderStatusUpdate", argumentCount: 0, flags: [.directOnly]) { _ in
                scheduler.schedule("handleReminderStatusUpdate", after: completionDelay, work: completeReminders)
                return nil
            },
            ScalarFunction("createDefaultRemindersList", argumentCount: 0, flags: [.directOnly]) { _ in
                scheduler.schedule("createDefaultRemindersList", after: defaultListDelay, work: createDefaultList)
                return nil
            },
        ]
    }

    /// Every reminder in status completing (2) becomes completed (1).
    @Sendable static func completeReminders(_ db: Database) throws -> String {
        try db.execute(sql: "UPDATE reminders SET status = 1 WHERE status = 2")
        let count = db.changesCount
        return "completed \(count) \(count == 1 ? "reminder" : "reminders")"
    }

    /// Inserts the default list if there is still no list.
    @Sendable static func createDefaultList(_ db: Database) throws -> String {
        try db.execute(sql: """
            INSERT INTO remindersLists (title) SELECT 'Personal'
            WHERE NOT EXISTS (SELECT 1 FROM remindersLists)
            """)
        return db.changesCount == 1 ? "created the default list 'Personal'" : "found a list; nothing to do"
    }
}

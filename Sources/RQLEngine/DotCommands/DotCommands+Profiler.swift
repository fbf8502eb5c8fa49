extension DotCommand {
    static let profilerCommands: [DotCommand] = [
        DotCommand(name: "trace", DotSyntax(.value(.onOff)), summary: "print each statement as it starts, triggers and inner statements indented",
                   details: """
                       Bound values are shown expanded. A trigger shows as -- TRIGGER name under the
                       statement that fired it; statements a virtual table (FTS5) runs inside are
                       indented below it.
                       """) { session, arguments in
            session.settings.trace = arguments.isOn(.onOff)
        },
        DotCommand(name: "profile", DotSyntax(.value(.onOff)), summary: "after each command, the tree of statements and triggers it caused, with figures",
                   details: """
                       Each line: how many times it ran, milliseconds, rows produced, VM steps, full-scan
                       steps, sorts and automatic indexes (sqlite3_stmt_status), then the statement or
                       trigger. SQLite times whole statements; a trigger's time (marked ~) is estimated
                       from the trace events around it, and its steps count in its statement's.
                       """) { session, arguments in
            session.settings.profile = arguments.isOn(.onOff)
        },
        DotCommand(name: "changes", DotSyntax(.value(.onOff)), summary: "after each write, the rows each table gained, lost or changed",
                   details: """
                       Counted by SQLite's pre-update hook, so changes made by triggers show too. FTS5
                       tables show as rows indexed and removed (their shadow tables' changes).
                       """) { session, arguments in
            session.settings.changes = arguments.isOn(.onOff)
        },
    ]
}

extension DotCommand {
    static let sandboxCommands: [DotCommand] = [
        DotCommand(name: "sandbox", DotSyntax(.optional(.sandboxAction)),
                   summary: "hold every later change in a transaction, to undo or keep: on, keep, off",
                   details: """
                       .sandbox on opens a transaction that rql holds, and runs each later command after a savepoint \
                       of its own: .undo takes back the last command that changed the database (rows, schema, FTS \
                       indexes, what its triggers and cascades did), .undo N the last N. .sandbox keep commits what \
                       the sandbox holds; .sandbox off, or leaving rql, discards it. On a file, rql holds the write \
                       lock meanwhile: other programs can read, and their writes wait (database is locked). In a \
                       sandbox, BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, VACUUM, ATTACH, DETACH, setting \
                       PRAGMA journal_mode, .open, .sample, .reset, .scratch and .restore are refused. \
                       .sandbox alone says whether one is on. Safe mode allows it: it writes nothing outside \
                       the database.
                       """, inSandbox: .outsideSavepoints) { session, arguments in
            let action = arguments.text(.sandboxAction)?.lowercased()
            if action == "keep" || action == "off" { try session.refuseInsideSandboxedCommand(".sandbox " + (action ?? "")) }
            switch action {
            case "on": try session.startSandbox()
            case "keep": try session.keepSandbox()
            case "off":
                guard session.sandboxSteps != nil else { throw CommandError(.noSandbox(command: "off")) }
                session.discardSandbox(to: session.output)
            default:
                session.output.write(session.sandboxSteps.map { "sandbox on: \(Session.commands($0)) to undo\n" } ?? "sandbox off\n")
            }
        },
        DotCommand(name: "undo", DotSyntax(.optional(.undoCount)),
                   summary: "in a sandbox, take back the last command that changed the database, or the last N",
                   details: "Rows, schema, FTS indexes and what triggers and cascades did return to what they were before the command. Commands that changed nothing are not counted. Needs .sandbox on.",
                   inSandbox: .outsideSavepoints) { session, arguments in
            try session.refuseInsideSandboxedCommand(".undo")
            try session.undo(arguments.number(.undoCount) ?? 1)
        },
        DotCommand(name: "preview", DotSyntax(.value(.previewed)),
                   summary: "say what a write would change, then roll it back: rows per table and why, triggers",
                   details: """
                       .preview DELETE FROM remindersLists WHERE title = 'Family' runs the statement (SQL or a DSL \
                       command) after a savepoint, then rolls it back. It says each table whose rows it would insert, \
                       update or delete (an FTS5 table's index under its own name) and what did it: the statement, \
                       ON DELETE CASCADE from which table, which trigger; the triggers that fired and how many times; \
                       the deferred work it would schedule; changes(); or the error it would end with. Rows it \
                       returns are shown. Nothing is written, and the work it scheduled is taken back.
                       """, inSandbox: .outsideSavepoints) { session, arguments in
            try session.preview(arguments[.previewed])
        },
    ]
}

extension DotValue {
    static let previewed = DotValue(name: "COMMAND", kind: .text, completes: .sql)
    static let sandboxAction = DotValue(name: "on|keep|off", kind: .choice(["on", "keep", "off"], noun: nil))
    static let undoCount = DotValue(name: "N", kind: .number(1...1_000_000, noun: "a number of commands, 1 or more"))
}

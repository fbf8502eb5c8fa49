import Foundation
import GRDBSQLite
import RQLRender

/// The sqlite3 shell's commands that its users type by habit.
extension DotCommand {
    static let shellHabitCommands: [DotCommand] = [
        DotCommand(name: "exit", DotSyntax(.optional(.exitStatus)), summary: "leave rql with exit status CODE (default 0)") { session, arguments in
            if let code = arguments.number(.exitStatus) { session.exitStatus = Int32(code) }
            session.hasQuit = true
        },
        DotCommand(name: "print", DotSyntax(.repeated(.printed, minimum: 0)), summary: "write the words given, then a newline") { session, arguments in
            session.output.write(arguments.texts(.printed).joined(separator: " ") + "\n")
        },
        DotCommand(name: "prompt", DotSyntax(.value(.mainPrompt), .optional(.continuationPrompt)),
                   summary: "the prompt, and the one that continues a command ('' for rql's own)") { session, arguments in
            session.settings.prompt = arguments.text(.mainPrompt).flatMap { $0.isEmpty ? nil : $0 }
            session.settings.continuationPrompt = arguments.text(.continuationPrompt).flatMap { $0.isEmpty ? nil : $0 }
        },
        DotCommand(name: "show", summary: "every setting and its value") { session, _ in
            try session.writeSettings()
        },
        DotCommand(name: "timeout", DotSyntax(.value(.busyTimeout)), summary: "how long to wait for a database another program has locked",
                   details: "The wait applies to this database and to those opened later; the default is 5000 ms. Past it, a statement fails with database is locked.") { session, arguments in
            let milliseconds = Int32(arguments.number(.busyTimeout) ?? 0)
            session.connectionSetup.busyTimeout = milliseconds
            session.openedQueue?.inDatabase { db in _ = sqlite3_busy_timeout(db.sqliteConnection, milliseconds) }
        },
        DotCommand(name: "cd", DotSyntax(.value(.folder)), summary: "change the folder relative paths start from",
                   touchesFiles: true) { session, arguments in
            let folder = arguments[.folder]
            guard FileManager.default.changeCurrentDirectoryPath(folder) else {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
                throw CommandError(.cannotChangeFolder(folder, exists: exists, isFolder: isFolder.boolValue))
            }
        },
        DotCommand(name: "edit", summary: "edit the last command in $VISUAL or $EDITOR, then run it (also Ctrl-X Ctrl-E)",
                   details: "At the prompt, the editor opens on the last command; Ctrl-X Ctrl-E opens it on the line being typed. What is saved runs as if typed, and enters the history whole. Safe mode refuses it.",
                   touchesFiles: true) { _, _ in
            // The prompt takes `.edit` before the session sees it.
            throw CommandError(.editOutsidePrompt)
        },
        DotCommand(name: "shell", DotSyntax(.value(.shellCommand)), summary: "run a command of the system shell (also .system)",
                   details: "COMMAND runs with /bin/sh -c; what it writes goes where rql's output goes. Safe mode refuses it.",
                   touchesFiles: true) { session, arguments in
            try session.runSystemCommand(arguments[.shellCommand])
        },
    ]
}

extension Session {
    /// `.show`: the settings, one a line.
    func writeSettings() throws {
        // Read from the connection: `PRAGMA busy_timeout = N` changes it too.
        // A file locked at open has none yet, and waits as `.timeout` said.
        let timeout = try openedQueue?.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") }
            ?? Int(connectionSetup.busyTimeout)
        func onOff(_ value: Bool) -> String { value ? "on" : "off" }
        func quoted(_ text: String) -> String { "\"" + CellText.visibleLine(text) + "\"" }
        let maxRows = settings.maxRows.map { $0 == 0 ? "all rows" : String($0) }
            ?? "\(SessionSettings.terminalMaxRows) at a terminal and in notebooks, all rows elsewhere"
        output.write(AlignedList.text([
            ("mode", settings.modeDescription),
            ("headers", onOff(settings.showsHeaders)),
            ("nullvalue", settings.nullText.map(quoted) ?? "the mode's own"),
            ("separator", settings.separator.map { quoted($0) + " " + quoted(settings.rowSeparator) } ?? "the mode's own"),
            ("maxrows", maxRows),
            ("pager", settings.pager.rawValue + (settings.pager == .off ? "" : " (" + Pager.command(in: ProcessInfo.processInfo.environment) + ")")),
            ("width", settings.widths.isEmpty ? "automatic" : settings.widths.map(String.init).joined(separator: " ")),
            ("timer", onOff(settings.timer)),
            ("echo", onOff(settings.echo)),
            ("bail", onOff(settings.bail)),
            ("confirm", onOff(settings.confirmsEveryRowChange)),
            ("sql", onOff(settings.showsSQL)),
            ("eqp", onOff(settings.showsPlans)),
            ("prompt", settings.prompt.map { quoted($0) + " " + quoted(settings.continuationPrompt ?? "") } ?? "rql's own"),
            ("trace", onOff(settings.trace)),
            ("profile", onOff(settings.profile)),
            ("changes", onOff(settings.changes)),
            ("timeout", "\(timeout) ms"),
            ("output", route.redirection.map { $0.path + ($0.once ? " (once)" : "") } ?? "stdout"),
            ("database", target.displayName),
            ("sandbox", sandboxSteps.map { "on, " + Session.commands($0) + " to undo" } ?? "off"),
            ("safe", onOff(connectionSetup.safe)),
        ]))
    }

    /// `.shell COMMAND`: runs it with `/bin/sh -c`; its output goes to rql's.
    func runSystemCommand(_ command: String) throws {
        output.flush()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw CommandError(.cannotRun("/bin/sh", reason: error.localizedDescription))
        }
        output.write([UInt8](pipe.fileHandleForReading.readDataToEndOfFile()))
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError(.shellStatus(process.terminationStatus))
        }
    }
}

extension DotValue {
    static let exitStatus = DotValue(name: "CODE", kind: .number(0...255, noun: "a status from 0 to 255"))
    static let printed = DotValue.word("TEXT")
    static let mainPrompt = DotValue.word("MAIN")
    static let continuationPrompt = DotValue.word("CONTINUE")
    static let busyTimeout = DotValue(name: "MS", kind: .number(0...Int(Int32.max), noun: "milliseconds"))
    static let folder = DotValue.word("FOLDER", completes: .files)
    static let shellCommand = DotValue(name: "COMMAND", kind: .text)
}

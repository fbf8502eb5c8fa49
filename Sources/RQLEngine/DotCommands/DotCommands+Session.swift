import RQLLanguage
import RQLRender

extension DotCommand {
    static let sessionCommands: [DotCommand] = [
        DotCommand(name: "help", DotSyntax(.optional(.topic)),
                   summary: "list the dot-commands, or explain one, the query DSL or one of its stages") { session, arguments in
            if let name = arguments.text(.topic) {
                try session.writeHelp(for: name)
            } else {
                session.writeHelpIndex()
            }
        },
        DotCommand(name: "quit", summary: "leave rql") { session, _ in
            session.hasQuit = true
        },
        DotCommand(name: "timer", DotSyntax(.value(.onOff)), summary: "print the time each command took") { session, arguments in
            session.settings.timer = arguments.isOn(.onOff)
        },
        DotCommand(name: "confirm", DotSyntax(.value(.onOff)), summary: "ask before an UPDATE or DELETE changes every row of a table",
                   details: "On (the default), at the prompt an UPDATE or DELETE without WHERE, or a DSL update or delete without where, on a table of more than one row asks first: delete all 11 rows of reminders? [y/N/p], where p previews what it would change (.preview) and asks again. Scripts, -c, notebooks and .bail on never ask.") { session, arguments in
            session.settings.confirmsEveryRowChange = arguments.isOn(.onOff)
        },
        DotCommand(name: "bail", DotSyntax(.value(.onOff)), summary: "stop a script at its first error",
                   details: "Off (the default), a script reports each failing command and goes on; its exit status is 1 at the end.") { session, arguments in
            session.settings.bail = arguments.isOn(.onOff)
        },
        DotCommand(name: "echo", DotSyntax(.value(.onOff)), summary: "print each command before running it") { session, arguments in
            session.settings.echo = arguments.isOn(.onOff)
        },
    ]
}

extension DotValue {
    /// What `.help` explains.
    static let topic = DotValue.word("COMMAND|dsl|STAGE", completes: .commands)
}

extension Session {
    /// The width help text wraps to: the terminal's, or a notebook's; none
    /// into a pipe or file.
    private var helpWidth: Int? { settings.lineWidth ?? (output.isTerminal ? Terminal.columns() : nil) }

    /// Writes `text`, wrapped at word boundaries to `helpWidth`.
    func writeWrapped(_ text: String, hangingIndent: Int? = nil) {
        guard let width = helpWidth else { return output.write(text) }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        output.write(TextWrap.lines(body, width: width, hangingIndent: hangingIndent).joined(separator: "\n")
            + (text.hasSuffix("\n") ? "\n" : ""))
    }

    func writeHelpIndex() {
        // Summaries line up after the usual usages; a long usage has its own line.
        let column = DotCommand.all.map(\.usage.count).filter { $0 <= 30 }.max() ?? 30
        for command in DotCommand.all {
            let gap = command.usage.count <= column
                ? String(repeating: " ", count: column + 2 - command.usage.count)
                : "\n" + String(repeating: " ", count: column + 2)
            writeWrapped(command.usage + gap + command.summary + "\n", hangingIndent: column + 2)
        }
        writeWrapped("""

            Anything else is SQL (a statement ends with ;) or the query DSL (reminders | where isFlagged).
            .help COMMAND explains one command, .help dsl the query language and .help STAGE one of its
            stages; .tour walks through the Reminders sample step by step.
            Keys: Tab completes names and commands; the up arrow brings back a whole statement;
            Ctrl-C stops a running query or clears the line; Ctrl-D leaves. ~/.editrc (or the file EDITRC names)
            configures the line editor, as in every libedit program: bind -v there gives vi keys.

            """)
    }

    func writeHelp(for name: String) throws {
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        if !name.hasPrefix("."), bare.lowercased() == "dsl" {
            return writeWrapped(DSLReference.overview(catalog: try dslCatalog()))
        }
        if !name.hasPrefix("."), DotCommand.named(bare.lowercased()) == nil, let stage = DSLReference.stage(named: bare) {
            return writeWrapped(DSLReference.help(for: stage, catalog: try dslCatalog()))
        }
        guard let command = DotCommand.named(bare.lowercased()) else {
            throw CommandError(.noHelp(name))
        }
        writeWrapped("usage: \(command.usage)\n\(command.summary)\n")
        if !command.details.isEmpty {
            writeWrapped("\n" + command.details + (command.details.hasSuffix("\n") ? "" : "\n"))
        }
    }
}

import RQLLanguage
import RQLRender

extension DotCommand {
    static let outputCommands: [DotCommand] = [
        DotCommand(name: "mode", usage: ".mode [MODE]", summary: "how results are written: " + OutputMode.allCases.map(\.rawValue).joined(separator: " "),
                   details: AlignedList.text(OutputMode.allCases.map { ($0.rawValue, $0.summary) }, indent: "  "),
                   arguments: 0...1, completes: .modes) { session, arguments in
            guard let name = arguments.first else {
                return session.output.write("mode: \(session.settings.mode.rawValue)\n")
            }
            guard let mode = OutputMode(rawValue: name.lowercased()) else {
                let names = OutputMode.allCases.map(\.rawValue)
                throw CommandError("unknown mode \"\(name)\"",
                                   notes: [Suggestions.didYouMean(name, in: names), "modes: " + names.joined(separator: " ")]
                                       .compactMap { $0 })
            }
            session.settings.setMode(mode)
        },
        DotCommand(name: "headers", usage: ".headers on|off", summary: "show column names above the rows",
                   arguments: 1...1, completes: .onOff) { session, arguments in
            session.settings.showsHeaders = try flag(arguments[0], for: ".headers")
        },
        DotCommand(name: "nullvalue", usage: ".nullvalue TEXT", summary: "how NULL shows (default: NULL in tables, empty elsewhere)",
                   arguments: 1...1) { session, arguments in
            session.settings.nullText = arguments[0]
        },
        DotCommand(name: "separator", usage: ".separator COLUMN [ROW]", summary: "separators for list and csv modes",
                   details: "Escapes: \\t tab, \\n newline, \\r carriage return, \\\\ backslash.",
                   arguments: 1...2) { session, arguments in
            session.settings.separator = unescape(arguments[0])
            if arguments.count > 1 { session.settings.rowSeparator = unescape(arguments[1]) }
        },
        DotCommand(name: "maxrows", usage: ".maxrows N", summary: "box and table show at most N rows, head and tail (0: all)",
                   details: "The default is 40 on a terminal and in notebooks; output to a pipe or file is never cut unless set.",
                   arguments: 1...1) { session, arguments in
            guard let count = Int(arguments[0]), count >= 0 else {
                throw CommandError(".maxrows takes a number of rows (0 for all), not \"\(arguments[0])\"")
            }
            session.settings.maxRows = count
        },
        DotCommand(name: "pager", usage: ".pager [auto|on|off]", summary: "send results taller than the window through a pager (default: auto)",
                   details: "At a terminal, output taller than the window goes to RQL_PAGER, else PAGER, else less -SRFXK (long lines scroll sideways, colors stay, q or Ctrl-C returns to the prompt), with the default 40-row cut lifted so the whole result can be browsed; an explicit .maxrows still applies. on: any output goes through it; off: never. Pipes, files and notebooks are never paged.",
                   arguments: 0...1, completes: .words(SessionSettings.PagerMode.allCases.map(\.rawValue))) { session, arguments in
            guard let word = arguments.first else {
                return session.output.write("pager: \(session.settings.pager.rawValue)\n")
            }
            guard let mode = SessionSettings.PagerMode(rawValue: word.lowercased()) else {
                throw CommandError(".pager takes auto, on or off, not \"\(word)\"")
            }
            session.settings.pager = mode
        },
        DotCommand(name: "width", usage: ".width [N ...]", summary: "column widths for box, table and markdown (0: automatic, negative: right-aligned)",
                   arguments: 0...999) { session, arguments in
            session.settings.widths = try arguments.map(columnWidth)
        },
        DotCommand(name: "chart", usage: ".chart bar|column|line|spark", summary: "draw the next command's results as a chart",
                   details: """
                       The first column labels; each other column is a numeric series. bar: horizontal bars with
                       the value at the end; column: vertical bars (up to 40 labels); line: the series plotted
                       with braille dots between their minimum and maximum; spark: a sparkline a series. NULL is
                       a gap, a negative value extends left of (or below) the axis, a column of text is an error
                       naming it. The chart fits the terminal (or .width of the line, 80 elsewhere). In the DSL,
                       the last stage chart KIND does the same: reminders | group by list.title | select
                       list.title, count() | chart bar.
                       """,
                   arguments: 1...1, completes: .words(ChartKind.allCases.map(\.rawValue))) { session, arguments in
            guard let kind = ChartKind(rawValue: arguments[0].lowercased()) else {
                throw CommandError("no chart named \"\(arguments[0])\"",
                                   notes: [Suggestions.didYouMean(arguments[0], in: ChartKind.allCases.map(\.rawValue))
                                           ?? "charts: " + ChartKind.allCases.map(\.rawValue).joined(separator: " ")])
            }
            session.chartNext = kind
        },
        DotCommand(name: "once", usage: ".once FILE|'|COMMAND'", summary: "send the next command's output to FILE, or into COMMAND",
                   arguments: 1...1, keepsTextFrom: 0, completes: .files, touchesFiles: true) { session, arguments in
            try session.redirect(to: try redirectionTarget(arguments[0], command: "once"), once: true)
        },
        DotCommand(name: "output", usage: ".output [FILE|'|COMMAND']", summary: "send output to FILE or into COMMAND, or back to the screen",
                   details: "With |COMMAND (the rest of the line), output goes into the standard input of COMMAND, run by /bin/sh: .output |wc -l",
                   arguments: 0...1, keepsTextFrom: 0, completes: .files, touchesFiles: true) { session, arguments in
            if let written = arguments.first {
                try session.redirect(to: try redirectionTarget(written, command: "output"), once: false)
            } else {
                try session.endRedirection()
            }
        },
    ]

    /// Where `.output` and `.once` send output: `|COMMAND`, the rest of the
    /// line as written, or one file name, quoted as in SQL when it has blanks.
    static func redirectionTarget(_ written: String, command: String) throws -> String {
        if written.hasPrefix("|") { return written }
        let words = try DotCommandWords.split(written)
        guard words.count == 1, let path = words.first?.text else {
            throw DotCommand.named(command)?.usageError() ?? CommandError("usage: .\(command)")
        }
        return path
    }

    /// One `.width` argument: a whole number of columns, at most
    /// `RenderSettings.maximumColumnWidth` either way.
    static func columnWidth(_ text: String) throws -> Int {
        let limit = RenderSettings.maximumColumnWidth
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw CommandError(".width takes numbers, not \"\(text)\"")
        }
        guard let width = Int(text), width.magnitude <= limit else {
            throw CommandError(".width takes widths from -\(limit) to \(limit) columns, not \"\(text)\"")
        }
        return width
    }

    /// `\t`, `\n`, `\r` and `\\` in separators.
    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return escaping ? result + "\\" : result
    }
}

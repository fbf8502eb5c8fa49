import RQLLanguage
import RQLRender
import RQLValues

extension DotCommand {
    static let outputCommands: [DotCommand] = [
        DotCommand(name: "mode", DotSyntax(.optional(.mode), .option("--wrap", .wrapWidth)),
                   summary: "how results are written: " + OutputMode.allCases.map(\.rawValue).joined(separator: " "),
                   details: AlignedList.text(OutputMode.allCases.map { ($0.rawValue, $0.summary) }, indent: "  ")
                       + "\n--wrap N: box, table and markdown wrap text wider than N columns over several lines of its cell, at spaces where there are any, and wrap rather than cut where the terminal is too narrow; --wrap 0 cuts with … again. It stays until changed.") { session, arguments in
            let mode = arguments.choice(.mode, as: OutputMode.self)
            let wrap = arguments.number(.wrapWidth)
            if let wrap { session.settings.wrapWidth = wrap }
            if let mode { session.settings.setMode(mode) }
            if mode == nil, wrap == nil { session.output.write("mode: \(session.settings.modeDescription)\n") }
        },
        DotCommand(name: "headers", DotSyntax(.value(.onOff)), summary: "show column names above the rows") { session, arguments in
            session.settings.showsHeaders = arguments.isOn(.onOff)
        },
        DotCommand(name: "nullvalue", DotSyntax(.value(.nullText)),
                   summary: "how NULL shows (default: NULL in tables, empty elsewhere)") { session, arguments in
            session.settings.nullText = arguments[.nullText]
        },
        DotCommand(name: "separator", DotSyntax(.value(.columnSeparator), .optional(.rowSeparator)), summary: "separators for list and csv modes",
                   details: "Escapes: \\t tab, \\n newline, \\r carriage return, \\\\ backslash.") { session, arguments in
            session.settings.separator = unescape(arguments[.columnSeparator])
            if let row = arguments.text(.rowSeparator) { session.settings.rowSeparator = unescape(row) }
        },
        DotCommand(name: "maxrows", DotSyntax(.value(.maxRows)), summary: "box and table show at most N rows, head and tail (0: all)",
                   details: "The default is 40 on a terminal and in notebooks; output to a pipe or file is never cut unless set.") { session, arguments in
            session.settings.maxRows = arguments.number(.maxRows) ?? 0
        },
        DotCommand(name: "pager", DotSyntax(.optional(.pagerMode)), summary: "send results taller than the window through a pager (default: auto)",
                   details: "At a terminal, output taller than the window goes to RQL_PAGER, else PAGER, else less -SRFXK (long lines scroll sideways, colors stay, q or Ctrl-C returns to the prompt), with the default 40-row cut lifted so the whole result can be browsed; an explicit .maxrows still applies. on: any output goes through it; off: never. Pipes, files and notebooks are never paged.") { session, arguments in
            guard let mode = arguments.choice(.pagerMode, as: SessionSettings.PagerMode.self) else {
                return session.output.write("pager: \(session.settings.pager.rawValue)\n")
            }
            session.settings.pager = mode
        },
        DotCommand(name: "width", DotSyntax(.repeated(.columnWidth, minimum: 0)),
                   summary: "column widths for box, table and markdown (0: automatic, negative: right-aligned)") { session, arguments in
            session.settings.widths = arguments.numbers(.columnWidth)
        },
        DotCommand(name: "chart", DotSyntax(.value(.chartKind)), summary: "draw the next command's results as a chart",
                   details: """
                       The first column labels; each other column is a numeric series. bar: horizontal bars with
                       the value at the end; column: vertical bars (up to 40 labels); line: the series plotted
                       with braille dots between their minimum and maximum; spark: a sparkline a series. NULL is
                       a gap, a negative value extends left of (or below) the axis, a column of text is an error
                       naming it. The chart fits the terminal (or .width of the line, 80 elsewhere). In the DSL,
                       the last stage chart KIND does the same: reminders | group by list.title | select
                       list.title, count() | chart bar.
                       """) { session, arguments in
            session.chartNext = arguments.choice(.chartKind, as: ChartKind.self)
        },
        DotCommand(name: "once", DotSyntax(.value(.outputTarget)), summary: "send the next command's output to FILE, or into COMMAND",
                   touchesFiles: true) { session, arguments in
            try session.route.redirect(to: arguments[.outputTarget], once: true)
        },
        DotCommand(name: "output", DotSyntax(.optional(.outputTarget)), summary: "send output to FILE or into COMMAND, or back to the screen",
                   details: "With |COMMAND (the rest of the line), output goes into the standard input of COMMAND, run by /bin/sh: .output |wc -l",
                   touchesFiles: true) { session, arguments in
            if let target = arguments.text(.outputTarget) {
                try session.route.redirect(to: target, once: false)
            } else {
                try session.route.endRedirection()
            }
        },
    ]

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

extension DotValue {
    static let mode = DotValue(name: "MODE", kind: .choice(OutputMode.allCases.map(\.rawValue), noun: "mode"))
    static let wrapWidth = DotValue(name: "N", kind: .number(0...RenderSettings.maximumColumnWidth, noun: "a width in columns (0 to cut instead)"))
    static let nullText = DotValue.word("TEXT")
    static let columnSeparator = DotValue.word("COLUMN")
    static let rowSeparator = DotValue.word("ROW")
    static let maxRows = DotValue(name: "N", kind: .number(0...Int.max, noun: "a number of rows (0 for all)"))
    static let pagerMode = DotValue(name: "auto|on|off", kind: .choice(SessionSettings.PagerMode.allCases.map(\.rawValue), noun: nil))
    /// A `.width`: a whole number of columns, at most `RenderSettings.maximumColumnWidth` either way.
    static let columnWidth = DotValue(name: "N", kind: .number(-RenderSettings.maximumColumnWidth...RenderSettings.maximumColumnWidth,
                                                               noun: "widths from -\(RenderSettings.maximumColumnWidth) to \(RenderSettings.maximumColumnWidth) columns"))
    static let chartKind = DotValue(name: ChartKind.allCases.map(\.rawValue).joined(separator: "|"),
                                    kind: .choice(ChartKind.allCases.map(\.rawValue), noun: nil))
    /// Where `.output` and `.once` send output: `|COMMAND`, the rest of the
    /// line as written, or one file name, quoted as in SQL when it has blanks.
    static let outputTarget = DotValue(name: "FILE|'|COMMAND'", kind: .fileOrPipe, completes: .files)
}

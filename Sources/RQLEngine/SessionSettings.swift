import RQLRender

/// What the settings dot-commands change: how results look and how commands run.
public struct SessionSettings: Sendable {
    public var mode: OutputMode
    public var showsHeaders: Bool
    /// `.nullvalue`; nil means the mode's default.
    public var nullText: String?
    /// `.separator`; nil means the mode's default.
    public var separator: String?
    public var rowSeparator = "\n"
    /// `.maxrows`; nil means 40 on a terminal and in notebooks, all rows elsewhere.
    public var maxRows: Int?
    public var widths: [Int] = []
    /// `.mode box --wrap N`: the width past which text wraps in its cell; 0 cuts it.
    public var wrapWidth = 0
    /// The width tables fit; nil means the terminal's (none off a terminal).
    public var lineWidth: Int?
    public var timer = false
    public var bail = false
    public var echo = false
    /// `.sql on`: print the SQL each DSL query compiles to before its rows.
    public var showsSQL = false
    /// `.eqp on`: print each query's plan before its rows.
    public var showsPlans = false
    /// Keep a copy of each query's rows for `.last` (at the prompt).
    public var keepsLastResult = false
    /// `.pager`: when output on a terminal goes through a pager.
    public var pager = PagerMode.auto
    /// `.confirm`: ask at the prompt before an UPDATE or DELETE of every row.
    public var confirmsEveryRowChange = true
    /// `.prompt`: the prompt, and the one that continues an open command;
    /// nil means rql's own (which name the database and what is open).
    public var prompt: String?
    public var continuationPrompt: String?
    /// `.trace on`: each statement as it starts.
    public var trace = false
    /// `.profile on`: the tree of what each command caused.
    public var profile = false
    /// `.changes on`: rows changed per table after each write.
    public var changes = false
    /// Times from `.timer` and `.profile` print as `[time]`, so that
    /// notebook outputs compare equal from run to run.
    public var masksTimes = false
    /// Colors are allowed (no `--no-color`, no `NO_COLOR`); they still apply only on a terminal.
    public var colorAllowed: Bool

    public static let terminalMaxRows = 40

    public enum PagerMode: String, Sendable, CaseIterable {
        /// Output taller than the window.
        case auto
        /// Any output.
        case on
        case off
    }

    /// Defaults for output that is (or is not) a terminal: box with headers,
    /// or list without, as the sqlite3 shell does.
    public init(forTerminal isTerminal: Bool, mode: OutputMode? = nil, colorAllowed: Bool = true) {
        self.mode = mode ?? (isTerminal ? .box : .list)
        showsHeaders = isTerminal || (mode?.isTabular ?? false)
        self.colorAllowed = colorAllowed
    }

    /// Switches mode the way `.mode` does: the mode's own separator, and
    /// headers on for the tabular modes.
    /// The mode as `.mode` and `.show` say it: `box --wrap 20`.
    var modeDescription: String {
        mode.rawValue + (wrapWidth > 0 ? " --wrap \(wrapWidth)" : "")
    }

    public mutating func setMode(_ newMode: OutputMode) {
        mode = newMode
        separator = nil
        if newMode.isTabular { showsHeaders = true }
    }
}

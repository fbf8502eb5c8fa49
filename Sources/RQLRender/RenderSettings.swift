import RQLValues

/// Everything a renderer needs to know besides the rows.
public struct RenderSettings {
    public var mode: OutputMode
    public var showsHeaders: Bool
    /// `.nullvalue`; nil means the mode's default.
    public var nullText: String?
    /// `.separator`; nil means the mode's default.
    public var separator: String?
    public var rowSeparator: String = "\n"
    /// Box, table and markdown show at most this many rows (head and tail); 0 shows all.
    public var maxRows: Int
    /// `.width`: per-column widths; 0 or missing means automatic, negative right-aligns.
    /// Widths beyond `maximumColumnWidth` either way draw as that maximum.
    public var widths: [Int] = []
    /// Box, table and markdown wrap text wider than this many columns over
    /// several lines of its cell, and wrap rather than cut with `…` where the
    /// terminal is too narrow; 0 cuts (`.mode box --wrap N`).
    public var wrapWidth = 0
    /// The terminal width that tabular output must fit, if any.
    public var maxLineWidth: Int?
    /// Set when output goes through a pager once it is taller than this
    /// many lines: a table that tall is drawn at its full width, since the
    /// pager scrolls sideways; a shorter one still fits `maxLineWidth`.
    public var pagerHeight: Int?
    public var usesColor: Bool
    /// Also keeps the values rendered (`rql export --execute`).
    public var log: ResultLog?
    /// Changes the rows before they are written (a notebook's masks and sorting).
    public var shaping: (any RowShaping)?
    /// Draws the rows as this chart instead of in the mode (`chart KIND`, `.chart KIND`).
    public var chart: ChartKind?

    public init(mode: OutputMode, showsHeaders: Bool, nullText: String? = nil, separator: String? = nil,
                maxRows: Int = 0, maxLineWidth: Int? = nil, usesColor: Bool = false) {
        self.mode = mode
        self.showsHeaders = showsHeaders
        self.nullText = nullText
        self.separator = separator
        self.maxRows = maxRows
        self.maxLineWidth = maxLineWidth
        self.usesColor = usesColor
    }

    /// The widest column `.width` can ask for: wider than any terminal,
    /// small enough that a frame is drawn at once.
    public static let maximumColumnWidth = 10_000

    public var effectiveNullText: String { nullText ?? mode.defaultNullText }
    public var effectiveSeparator: String { separator ?? mode.defaultSeparator }
}

/// What a render wrote, for the footer, the timer and notebooks.
public struct RenderSummary: Equatable, Sendable {
    public var rowCount: Int
    public var shownRowCount: Int
}

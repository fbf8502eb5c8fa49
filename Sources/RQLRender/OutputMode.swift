/// How result rows are written.
public enum OutputMode: String, CaseIterable, Sendable {
    case box, table, markdown, csv, json, line, list, html

    /// Modes that lay rows out in aligned columns and therefore need every
    /// shown row before writing the first.
    public var isTabular: Bool {
        switch self {
        case .box, .table, .markdown: true
        default: false
        }
    }

    /// The separator between values when `.separator` has not set one.
    public var defaultSeparator: String {
        switch self {
        case .csv: ","
        default: "|"
        }
    }

    /// How NULL shows when `.nullvalue` has not set it.
    public var defaultNullText: String {
        switch self {
        case .box, .table, .markdown, .line, .html: "NULL"
        case .csv, .json, .list: ""
        }
    }

    /// One line for `.help mode` and error messages.
    public var summary: String {
        switch self {
        case .box: "aligned columns in a Unicode box (default on a terminal)"
        case .table: "aligned columns in an ASCII box"
        case .markdown: "a GitHub Markdown table"
        case .csv: "comma-separated values, as sqlite3 -csv"
        case .json: "an array of objects, as sqlite3 -json"
        case .line: "one value per line, column = value"
        case .list: "values joined by the separator (default off a terminal)"
        case .html: "an HTML <table>"
        }
    }
}

/// What a dot-command takes, declared once: the forms it can be written in.
/// Parsing, the usage line, `.help`, completion and the error for a bad
/// argument all come from it.
///
///     DotSyntax(.optional(.mode), .flag("--full"))   // .last [MODE] [--full]
struct DotSyntax: Sendable {
    /// Each way to call the command. A form that starts with a keyword is the
    /// one meant when the first word is that keyword.
    let forms: [[DotPart]]

    init(_ parts: DotPart...) {
        forms = [parts]
    }

    init(forms: [[DotPart]]) {
        self.forms = forms
    }

    /// Takes nothing.
    static let none = DotSyntax()

    /// The rest of the line after the name, as written, is the form's only
    /// value: it is not split into words.
    var takesText: Bool {
        if forms.count == 1, case .value(let value)? = forms.first?.first, case .text = value.kind { return true }
        return false
    }
}

/// One part of a form, in the order the usage line shows it.
enum DotPart: Sendable {
    /// A word written as it is: `set`, `tokens`, `fkey-indexes`.
    case keyword(String)
    /// A value that must be given.
    case value(DotValue)
    /// A value that may be left out. Words fill the optional values in order
    /// once the required ones have theirs (`.backup [DB] FILE`).
    case optional(DotValue)
    /// Any number of values, at least `minimum`.
    case repeated(DotValue, minimum: Int)
    /// `--full`: given or not, anywhere among the words.
    case flag(String)
    /// `--skip N`: a flag followed by its value.
    case option(String, DotValue)
    /// At most one of these flags and options: `[--mermaid|--dot|--svg FILE]`.
    case oneOf([DotPart])

    /// The flags and options it declares, with the value each takes.
    var flags: [(name: String, value: DotValue?)] {
        switch self {
        case .flag(let name): return [(name, nil)]
        case .option(let name, let value): return [(name, value)]
        case .oneOf(let parts): return parts.flatMap(\.flags)
        case .keyword, .value, .optional, .repeated: return []
        }
    }
}

/// A value a dot-command takes: its name in the usage line and what it may be.
struct DotValue: Sendable {
    /// As the usage line shows it: `MODE`, `FILE`, `on|off`.
    let name: String
    let kind: Kind
    var completes: Completes = .nothing

    enum Kind: Sendable {
        /// Any word.
        case word
        /// `on` or `off` (also `yes`/`no`, `1`/`0`, `true`/`false`).
        case onOff
        /// A whole number in the range; `noun` says what it is, in errors
        /// (`milliseconds`).
        case number(ClosedRange<Int>, noun: String)
        /// One of the words, in any case; `noun` names one in errors (`a
        /// mode`), nil to list them all.
        case choice([String], noun: String?)
        /// The rest of the line, as written: a query, a shell command.
        case text
        /// The rest of the line, as written, when it starts with `|` (a
        /// command to pipe into); else one word (a file).
        case fileOrPipe
    }

    /// What Tab offers for it.
    enum Completes: Sendable {
        case nothing, tables, triggers, samples, commands, files, sql
        case words([String])
    }

    /// A word whose Tab offers `completes`.
    static func word(_ name: String, completes: Completes = .nothing) -> DotValue {
        DotValue(name: name, kind: .word, completes: completes)
    }

    static let onOff = DotValue(name: "on|off", kind: .onOff)
    static let table = DotValue.word("TABLE", completes: .tables)
    static let pattern = DotValue.word("PATTERN", completes: .tables)
    static let file = DotValue.word("FILE", completes: .files)
    static let query = DotValue(name: "QUERY", kind: .text, completes: .sql)
    static let tableOrQuery = DotValue(name: "TABLE|QUERY", kind: .text, completes: .sql)
}

extension DotSyntax {
    /// The usage line after the command's name: forms separated by ` | `,
    /// in brackets when the command may also take nothing.
    var usage: String {
        let written = forms.filter { !$0.isEmpty }.map { $0.map(\.usage).joined(separator: " ") }
        guard !written.isEmpty else { return "" }
        let alternatives = written.joined(separator: " | ")
        return " " + (written.count < forms.count ? "[\(alternatives)]" : alternatives)
    }
}

extension DotPart {
    var usage: String {
        switch self {
        case .keyword(let word): return word
        case .value(let value): return value.name
        case .optional(let value): return "[\(value.name)]"
        case .repeated(let value, let minimum): return minimum > 0 ? "\(value.name) ..." : "[\(value.name) ...]"
        case .flag, .option, .oneOf: return "[\(bareUsage)]"
        }
    }

    /// A flag or option without its brackets: `--svg FILE`.
    private var bareUsage: String {
        switch self {
        case .flag(let name): return name
        case .option(let name, let value): return "\(name) \(value.name)"
        case .oneOf(let parts): return parts.map(\.bareUsage).joined(separator: "|")
        case .keyword, .value, .optional, .repeated: return usage
        }
    }
}

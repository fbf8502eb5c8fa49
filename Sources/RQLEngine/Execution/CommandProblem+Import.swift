import RQLLanguage
import RQLRender

/// The words of problems with `.import`: its request, the file and the table.
extension CommandProblem {
    var importWording: Wording? {
        switch self {
        case .importFormat(let path):
            return Wording("cannot tell the format of \(path) from its name", notes: [.plain("say which: --csv, --tsv, --json or --ndjson")])
        case .importSeparator(let text):
            return Wording("--separator takes one ASCII character other than a quote or a newline, not \"\(text)\"")
        case .importNoRoom(let path, let folder, let reason):
            return Wording("cannot import \(path): no room for a copy of it in \(folder) (\(reason))")
        case .importCopy(let path, let reason):
            return Wording("cannot import \(path): cannot keep a copy of it (\(reason))")
        case .noRecords(let path):
            return Wording("\(path) holds no records")
        case .noKeyedRecords(let path):
            return Wording("\(path) holds no records with a key")
        case .importTarget(let name, let type):
            let kind = ["view": "a view", "virtual": "a virtual table", "shadow": "a shadow table, which its virtual table keeps"]
            return Wording("\(name) is \(kind[type] ?? "a \(type)"); .import fills ordinary tables")
        case .importWidths(let path, let columns, let table, let tableColumns):
            return Wording("\(path) has \(columns) column\(columns == 1 ? "" : "s") and \(table) has \(tableColumns)",
                           notes: [.plain("by position, each column of the file fills the table's column in the same place")])
        case .importColumns(let path, let table, let absent, let computed, let missing):
            return Self.importColumns(path: path, table: table, absent: absent, computed: computed, missing: missing)
        default:
            return recordWording
        }
    }

    /// The words of problems with a record of the file, at its line.
    private var recordWording: Wording? {
        switch self {
        case .importRow(let message):
            return Wording(message, notes: [.plain("nothing was imported")])
        case .unclosedQuotedField:
            return Wording("a quoted field is never closed: the file ends inside it")
        case .quoteAfterClosingQuote:
            return Wording("a quoted field goes on after its closing quote (a quote inside quotes is written \"\")")
        case .fieldCount(let count, let width, let header):
            return Wording("\(count) field\(count == 1 ? "" : "s") where the " + (header ? "header names" : "first record has") + " \(width)")
        case .recordTooLong(let maximum):
            return Wording("a record runs past \(CellText.grouped(maximum)) bytes, more than SQLite stores in a row")
        case .tooManyFields(let maximum):
            return Wording("a record has more than \(CellText.grouped(maximum)) fields, more columns than a SQLite table can have")
        case .invalidJSON(let fault):
            return Wording("invalid JSON: " + fault.words)
        default:
            return nil
        }
    }

    /// Which columns of the file the table lacks or computes, and which of the table's the file lacks.
    private static func importColumns(path: String, table: String, absent: [String], computed: [String],
                                      missing: [String]) -> Wording {
        var notes: [DiagnosticNote] = []
        if !absent.isEmpty { notes.append(.plain("\(table) has no column " + absent.joined(separator: ", "))) }
        if !computed.isEmpty {
            notes.append(.plain("\(table) computes " + computed.joined(separator: ", ") + " (a generated column): no value goes into it"))
        }
        if !missing.isEmpty { notes.append(.plain("\(path) has no column " + missing.joined(separator: ", "))) }
        notes.append(.help("--by-position fills the columns in order"))
        return Wording("the columns of \(path) are not those of \(table)", notes: notes)
    }
}

extension JSONFault {
    /// What is wrong, after `invalid JSON: `.
    var words: String {
        switch self {
        case .afterArray: "more after the array of records ends"
        case .endsInsideArray: "the file ends inside the array of records"
        case .endsInsideRecord: "the file ends inside a record"
        case .expectedAfterRecord: "expected `,` or `]` after a record"
        case .notAnObject(let inArray):
            (inArray ? "each element of the array" : "each record") + " must be an object: {\"column\": value, …}"
        case .expectedKey: "expected a key in double quotes"
        case .expectedColon(let key): "expected `:` after " + (key.map { "the key \"\($0)\"" } ?? "a key")
        case .expectedAfterValue(let closing): "expected `,` or `\(closing)` after a value"
        case .expectedValue: "expected a value"
        case .expectedLiteral: "expected a value (true, false, null, a number, a string, [ or {)"
        case .malformedNumber: "a number is malformed"
        case .unclosedString: "a string is never closed"
        case .controlCharacter: "a control character inside a string (write it as \\n, \\t or \\u00XX)"
        case .halfCharacter: "a \\u escape holds half a character"
        case .unknownEscape(let character): "an unknown escape \\\(character)"
        case .shortUnicodeEscape: "a \\u escape needs four hexadecimal digits"
        case .nestedTooDeeply(let levels): "values are nested more than \(levels) deep"
        }
    }
}

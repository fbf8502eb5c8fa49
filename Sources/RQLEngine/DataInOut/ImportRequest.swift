import RQLLanguage
import RQLValues

/// What `.import` (and `rql import`) is asked to do: the file, the table,
/// and how to read the file.
public struct ImportRequest: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case csv, tsv, json, ndjson
    }

    public var path: String
    public var table: String
    public var format: Format
    /// The first record names the columns (CSV and TSV).
    public var hasHeader = true
    /// Lines to skip before the first record (CSV and TSV).
    public var skippedLines = 0
    /// The byte between fields (CSV and TSV); `,` or a tab by default.
    public var separator: UInt8?
    /// Fill an existing table's columns in order instead of by name.
    public var byPosition = false

    public init(path: String, table: String, format: Format) {
        self.path = path
        self.table = table
        self.format = format
    }

    /// The byte between fields of a CSV or TSV file.
    var fieldSeparator: UInt8 { separator ?? (format == .tsv ? 0x09 : 0x2C) }

    /// The format a file name's extension says, if it says one.
    public static func format(ofFileNamed path: String) -> Format? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "json": return .json
        case "ndjson", "jsonl": return .ndjson
        default: return nil
        }
    }

    /// What `.import` takes: options, then FILE and TABLE.
    static let syntax = DotSyntax(
        .oneOf(Format.allCases.map { .flag("--" + $0.rawValue) }), .flag("--no-header"), .option("--skip", .skippedLines),
        .option("--separator", .fieldSeparator), .flag("--by-position"), .value(.file), .value(.importedTable))

    /// Reads `.import`'s words as `.import` does, for `rql import`.
    public static func parse(_ words: [String]) throws -> ImportRequest {
        // Quoted as SQL quotes, the words are read back exactly as given.
        let line = words.map(SQLText.stringLiteral).joined(separator: " ")
        let command = DotCommand.importFile
        return try ImportRequest(command.syntax.parse(DotCommandWords.split(line), in: line, for: command))
    }

    /// The request `.import` was given.
    init(_ arguments: DotArguments) throws {
        let path = arguments[.file]
        let named = Format.allCases.first { arguments.has("--" + $0.rawValue) }
        guard let format = named ?? ImportRequest.format(ofFileNamed: path) else {
            throw CommandError(.importFormat(path))
        }
        self.init(path: path, table: arguments[.importedTable], format: format)
        hasHeader = !arguments.has("--no-header")
        skippedLines = arguments.number(.skippedLines) ?? 0
        byPosition = arguments.has("--by-position")
        if let text = arguments.text(.fieldSeparator) {
            let unescaped = text == "\\t" ? "\t" : text
            guard unescaped.utf8.count == 1, let byte = unescaped.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D else {
                throw CommandError(.importSeparator(text))
            }
            separator = byte
        }
    }
}

extension DotValue {
    static let skippedLines = DotValue(name: "N", kind: .number(0...Int.max, noun: "a number of lines"))
    static let fieldSeparator = DotValue.word("X")
    static let importedTable = DotValue.word("TABLE", completes: .tables)
}

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

    /// Reads `.import`'s words: options (`--csv`, `--no-header`, `--skip N`,
    /// `--separator X`, `--by-position`), then FILE and TABLE.
    public static func parse(_ words: [String]) throws(CommandError) -> ImportRequest {
        var format: Format?
        var hasHeader = true
        var skipped = 0
        var separator: UInt8?
        var byPosition = false
        var operands: [String] = []
        var index = 0
        func value(of option: String) throws(CommandError) -> String {
            index += 1
            guard index < words.count else { throw CommandError("\(option) needs a value", notes: [ImportRequest.usageNote]) }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            if let named = Format(rawValue: String(word.dropFirst(2))), word.hasPrefix("--") {
                format = named
            } else if word == "--no-header" {
                hasHeader = false
            } else if word == "--by-position" {
                byPosition = true
            } else if word == "--skip" {
                let text = try value(of: word)
                guard let count = Int(text), count >= 0 else { throw CommandError("--skip takes a number of lines, not \"\(text)\"") }
                skipped = count
            } else if word == "--separator" {
                let text = try value(of: word)
                let unescaped = text == "\\t" ? "\t" : text
                guard unescaped.utf8.count == 1, let byte = unescaped.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D else {
                    throw CommandError("--separator takes one ASCII character other than a quote or a newline, not \"\(text)\"")
                }
                separator = byte
            } else if word.hasPrefix("--") {
                throw CommandError("unknown option \(word) for .import", notes: [ImportRequest.usageNote])
            } else {
                operands.append(word)
            }
            index += 1
        }
        guard operands.count == 2 else { throw CommandError("usage: \(ImportRequest.usage)", notes: [".help import explains it"]) }
        guard let chosen = format ?? ImportRequest.format(ofFileNamed: operands[0]) else {
            throw CommandError("cannot tell the format of \(operands[0]) from its name",
                               notes: ["say which: --csv, --tsv, --json or --ndjson"])
        }
        var request = ImportRequest(path: operands[0], table: operands[1], format: chosen)
        request.hasHeader = hasHeader
        request.skippedLines = skipped
        request.separator = separator
        request.byPosition = byPosition
        return request
    }

    static let usage = ".import [--csv|--tsv|--json|--ndjson] [--no-header] [--skip N] [--separator X] [--by-position] FILE TABLE"
    static let usageNote = "usage: " + usage
}

/// Where an SQL statement ends, for every reader of rql's input (the
/// prompt, scripts, notebooks): at the first `;` outside strings, quoted
/// names and comments that completes it as `sqlite3_complete()` decides
/// (`SQLCompletion`), so trigger bodies with inner semicolons stay whole.
/// Text comes a line at a time, and the scanner knows whether the text so
/// far stops inside a string, a quoted name or a `/* */` comment: there a
/// line break belongs to the statement, whatever the next line holds.
/// Each line is read once, whatever the lines before it left open.
///
///     var scanner = SQLStatementScanner("SELECT 'a")
///     scanner.isInsideToken             // true
///     scanner.append(line: "")          // a blank line inside the string
///     scanner.append(line: "b'; -- c")
///     scanner.end                       // 13, the offset of `;`
public struct SQLStatementScanner {
    /// The text so far, in UTF-8.
    public private(set) var bytes: [UInt8]
    /// The offset of the `;` that ends the statement; nil while it goes on.
    public private(set) var end: Int?
    /// Where the tokens read so far end.
    private var scanned = 0
    /// The token that the text so far stops inside, if any.
    private var open: SQLLexer.Token?
    private var completion = SQLCompletion()

    public init<Text: StringProtocol>(_ text: Text) {
        bytes = Array(text.utf8)
        scan()
    }

    /// Adds a line break and `line` (without its newline).
    public mutating func append<Text: StringProtocol>(line: Text) {
        guard end == nil else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: line.utf8)
        scan()
    }

    /// Whether the text so far stops inside a string, a quoted name or a
    /// `/* */` comment (an `--` comment ends with its line).
    public var isInsideToken: Bool {
        switch open?.kind {
        case .quoted, .blockComment: return true
        default: return false
        }
    }

    /// Whether the text so far stops inside a `/* */` comment.
    public var isInsideComment: Bool { open?.kind == .blockComment }

    /// The statement, through its `;`; nil while it goes on.
    public var statement: ArraySlice<UInt8>? {
        end.map { bytes[...$0] }
    }

    /// What follows the statement's `;`; nil while it goes on.
    public var rest: ArraySlice<UInt8>? {
        end.map { bytes[($0 + 1)...] }
    }

    private mutating func scan() {
        let bytes = bytes
        bytes.withUnsafeBufferPointer { buffer in
            var next = open.map { SQLLexer.continuing($0, in: buffer) }
            open = nil
            while end == nil, let token = next ?? (scanned < buffer.count ? SQLLexer.token(in: buffer, at: scanned) : nil) {
                next = nil
                scanned = token.range.upperBound
                if token.isOpen {
                    open = token
                } else if completion.read(token, in: buffer) {
                    end = token.range.lowerBound
                }
            }
        }
    }
}

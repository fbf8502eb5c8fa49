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
    /// The text so far, in UTF-8, from the line where the statements before
    /// this one on it started.
    private var storage: [UInt8]
    /// Where the statement starts in `storage`.
    private var start = 0
    /// The offset of the `;` that ends the statement, in the bytes of its
    /// first line (from the first statement on it); nil while it goes on.
    public private(set) var end: Int?
    /// Where the tokens read so far end.
    private var scanned = 0
    /// The token that the text so far stops inside, if any.
    private var open: SQLLexer.Token?
    private var completion = SQLCompletion()

    public init<Text: StringProtocol>(_ text: Text) {
        storage = Array(text.utf8)
        scan()
    }

    /// The statement's text so far, in UTF-8.
    public var bytes: ArraySlice<UInt8> { storage[start...] }

    /// The statement that starts at `index` of `rest`, read on from the same
    /// bytes: a line of many statements is read once, not once after each.
    public func next(at index: Int) -> SQLStatementScanner {
        var next = self
        (next.start, next.end, next.scanned, next.open, next.completion) = (index, nil, index, nil, SQLCompletion())
        next.scan()
        return next
    }

    /// Adds a line break and `line` (without its newline).
    public mutating func append<Text: StringProtocol>(line: Text) {
        guard end == nil else { return }
        storage.append(0x0A)
        storage.append(contentsOf: line.utf8)
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
        end.map { storage[start...$0] }
    }

    /// What follows the statement's `;`, with the indices of the bytes it is
    /// read from; nil while it goes on.
    public var rest: ArraySlice<UInt8>? {
        end.map { storage[($0 + 1)...] }
    }

    private mutating func scan() {
        let bytes = storage
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

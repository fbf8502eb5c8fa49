import GRDBSQLite

/// Where an SQL statement ends, for every reader of rql's input (the
/// prompt, scripts, notebooks): at the first `;` outside strings, quoted
/// names and comments that `sqlite3_complete()` accepts, so trigger bodies
/// with inner semicolons stay whole. Text comes a line at a time, and the
/// scanner knows whether the text so far stops inside a string, a quoted
/// name or a `/* */` comment: there a line break belongs to the statement,
/// whatever the next line holds.
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
    /// How many bytes `state` describes.
    private var scanned = 0
    private var state = State.code

    private enum State: Equatable {
        case code
        /// Inside `'…'`, `"…"`, `` `…` `` or `[…]`: the byte that closes it.
        case quoted(UInt8)
        case lineComment
        case blockComment
    }

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
        switch state {
        case .quoted, .blockComment: return end == nil
        case .code, .lineComment: return false
        }
    }

    /// Whether the text so far stops inside a `/* */` comment.
    public var isInsideComment: Bool { state == .blockComment && end == nil }

    /// The statement, through its `;`; nil while it goes on.
    public var statement: ArraySlice<UInt8>? {
        end.map { bytes[...$0] }
    }

    /// What follows the statement's `;`; nil while it goes on.
    public var rest: ArraySlice<UInt8>? {
        end.map { bytes[($0 + 1)...] }
    }

    private mutating func scan() {
        while scanned < bytes.count, end == nil {
            let byte = bytes[scanned]
            let next: UInt8? = scanned + 1 < bytes.count ? bytes[scanned + 1] : nil
            switch state {
            case .code:
                if byte == 0x27 || byte == 0x22 || byte == 0x60 {
                    state = .quoted(byte)
                } else if byte == 0x5B {
                    state = .quoted(0x5D)
                } else if byte == 0x2D, next == 0x2D {
                    state = .lineComment
                    scanned += 1
                } else if byte == 0x2F, next == 0x2A {
                    state = .blockComment
                    scanned += 1
                } else if byte == 0x3B, Self.isComplete(bytes[...scanned]) {
                    end = scanned
                }
            case .quoted(let close):
                // A doubled quote inside reads as the end of one token and
                // the start of the next: the state comes out the same.
                if byte == close { state = .code }
            case .lineComment:
                if byte == 0x0A { state = .code }
            case .blockComment:
                if byte == 0x2A, next == 0x2F {
                    state = .code
                    scanned += 1
                }
            }
            scanned += 1
        }
    }

    /// Whether SQL text ends a statement, as `sqlite3_complete()` decides:
    /// a `;` outside strings, comments and trigger bodies. A NUL byte counts
    /// as a blank here, so that it cannot hide the rest of a script (the
    /// statement holding it fails when it runs).
    private static func isComplete(_ bytes: ArraySlice<UInt8>) -> Bool {
        var text = bytes.map { $0 == 0 ? 0x20 : $0 }
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
        }
    }
}

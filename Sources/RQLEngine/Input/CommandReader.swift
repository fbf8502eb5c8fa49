import RQLLanguage

/// Splits input lines into commands, by the rules of `CommandContinuation`
/// (`.prompt`, or `.script` for a reader that looks ahead): a dot-command
/// is one line; SQL runs until `SQLStatementScanner` finds the `;` that ends
/// it (so trigger bodies with inner semicolons stay whole); a DSL query ends
/// with its line unless the line leaves something open, or, looking ahead,
/// the next line starts with `|`. The end of input completes a pending
/// command. Blank lines and comments between commands are skipped, `/* */`
/// comments over several lines too.
///
///     var reader = CommandReader()
///     reader.feed("CREATE TRIGGER t AFTER INSERT ON a BEGIN", line: 1) // []
///     reader.feed("  DELETE FROM b; END;", line: 2)                    // [the trigger]
public struct CommandReader {
    /// The SQL statement being read, and the line where it starts.
    private var statement: SQLStatementScanner?
    private var statementLine = 0
    /// A `/* */` comment between commands that has not ended yet, and its first line.
    private var openComment: (text: String, line: Int)?
    /// The DSL query being read, and what its lines leave open.
    private var query: Command?
    private var queryContinuation = DSLContinuation()
    /// Whether `query` is complete and waits only to see whether the next line starts with `|`.
    private var queryIsComplete = false
    private let rules: CommandContinuation

    /// `looksAhead`: a line starting with `|` continues the DSL query before
    /// it (scripts, where the next line is at hand).
    public init(looksAhead: Bool = false) {
        rules = looksAhead ? .script : .prompt
    }

    /// Whether a command has started and is not complete yet.
    public var isContinuing: Bool { continuation != nil }

    /// The bytes of the command being read, and the line where it starts.
    public var pending: (bytes: Int, line: Int)? {
        if let statement { return (statement.bytes.count, statementLine) }
        if let query, !queryIsComplete { return (query.text.utf8.count, query.line) }
        if let openComment { return (openComment.text.utf8.count, openComment.line) }
        return nil
    }

    /// What the command being read continues: SQL, a DSL query, or nothing.
    public var continuation: InputLanguage? {
        if statement != nil || openComment != nil { return .sql }
        if query != nil, !queryIsComplete { return .dsl }
        return nil
    }

    /// Adds one line (without its newline); returns the commands it completed.
    public mutating func feed(_ line: String, line number: Int) -> [Command] {
        var completed: [Command] = []
        if var open = query {
            query = nil
            if rules.query(isOpen: !queryIsComplete, continuesOn: line) {
                let added = line.trimmingTrailingWhitespace()
                open.text += "\n" + added
                queryContinuation.read(line: added)
                return holding(open)
            }
            completed.append(open)
        }
        return completed + read(line, line: number)
    }

    /// The DSL query `command` if it is complete where it stands; else it
    /// waits in `query` for the lines after it. `queryContinuation` has
    /// read its lines.
    private mutating func holding(_ command: Command) -> [Command] {
        let isOpen = queryContinuation.needsMore
        guard isOpen || rules.looksAhead else { return [command] }
        query = command
        queryIsComplete = !isOpen
        return []
    }

    private mutating func read(_ line: String, line number: Int) -> [Command] {
        if statement != nil {
            statement?.append(line: line)
            return splitCompleteStatements()
        }
        var text = line
        var first = number
        if openComment != nil {
            openComment?.text += "\n" + line
            // The first `*/` on a later line ends the comment.
            guard let comment = openComment, line.utf8.indices.contains(where: { line.utf8[$0...].starts(with: [0x2A, 0x2F]) })
            else { return [] }
            text = comment.text
            first = comment.line
            openComment = nil
        }
        // Nothing but blanks and comments, or a `sql` or `dsl` word before a
        // comment that goes on: the command, if any, comes after the comment.
        guard let (language, body) = InputLanguage.classify(text[...]), !body.isEmpty || !SQLStatementScanner(text).isInsideComment
        else {
            if SQLStatementScanner(text).isInsideComment { openComment = (text, first) }
            return []
        }
        let bodyLine = first + text[..<body.startIndex].utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        switch language {
        case .dot:
            return [Command(.dot, String(body).trimmingTrailingWhitespace(), line: bodyLine)]
        case .dsl:
            let text = String(body).trimmingTrailingWhitespace()
            queryContinuation = DSLContinuation()
            queryContinuation.read(line: text)
            return holding(Command(.dsl, text, line: bodyLine))
        case .sql:
            statement = SQLStatementScanner(body)
            statementLine = bodyLine
            return splitCompleteStatements()
        }
    }

    /// Ends the input: a pending command is complete as it stands.
    public mutating func finish() -> Command? {
        openComment = nil
        if let open = query {
            query = nil
            return open
        }
        defer { statement = nil }
        guard let open = statement else { return nil }
        let text = String(decoding: open.bytes, as: UTF8.self)
        guard !text.skippingBlanksAndComments().isEmpty else { return nil }
        return Command(.sql, text.trimmingTrailingWhitespace(), line: statementLine)
    }

    /// Reads a whole text: every command in it, the last one completed by the end.
    public static func commands(in text: String, firstLine: Int = 1) -> [Command] {
        var reader = CommandReader(looksAhead: true)
        var commands: [Command] = []
        for (offset, line) in text.lineTexts.enumerated() {
            commands += reader.feed(line, line: firstLine + offset)
        }
        if let last = reader.finish() { commands.append(last) }
        return commands
    }

    /// The statements that `statement` holds, each through its `;`; what
    /// follows the last one on its line starts the next statement, unless it
    /// is only blanks and comments.
    private mutating func splitCompleteStatements() -> [Command] {
        var commands: [Command] = []
        while let open = statement, let complete = open.statement, let rest = open.rest {
            commands.append(Command(.sql, String(decoding: complete, as: UTF8.self), line: statementLine))
            let restLine = statementLine + complete.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            statement = nil
            switch CommandContinuation.after(statement: rest) {
            case .nothing:
                break
            case .openComment:
                openComment = (String(decoding: rest, as: UTF8.self), restLine)
            case .command(let start):
                statement = open.next(at: start)
                statementLine = restLine + rest[..<start].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            }
        }
        return commands
    }
}

extension String {
    /// The text's lines, split at each line feed, without it or a carriage
    /// return right before it, as `InputLines` reads standard input and the
    /// sqlite3 shell reads any script: a CRLF file reads as an LF one,
    /// whichever way it comes. (Splitting at the character `"\n"` would keep
    /// CRLF lines together: `"\r\n"` is one character.)
    public var lineTexts: [String] {
        let lines = utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            let ended = index < lines.count - 1 && line.last == 0x0D
            return String(decoding: ended ? line.dropLast() : line, as: UTF8.self)
        }
    }
}

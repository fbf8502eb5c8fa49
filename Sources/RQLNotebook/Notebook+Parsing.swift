import Foundation
import RQLEngine
import RQLLanguage
import RQLRender

extension Notebook {
    /// Reads the notebook at `path`. A file that cannot be read, is not
    /// UTF-8, or does not parse throws a `NotebookError` naming the line.
    public static func load(_ path: String) throws -> Notebook {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw NotebookError(path: path, line: 0, .cannotOpen(reason: error.reason))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw NotebookError(path: path, line: 0, .notUTF8)
        }
        return try Notebook(text: text, path: path)
    }

    /// The notebook at `path`, or, when there is no file by that name and
    /// it names one of rql's sample notebooks (`tour`, `fts`), that one, so
    /// an installed rql can teach without the repository.
    public static func loadOrBuiltIn(_ path: String) throws -> Notebook {
        if !path.contains("/"), !FileManager.default.fileExists(atPath: path), let text = Tour.notebook(named: path) {
            return try Notebook(text: text, path: path)
        }
        return try load(path)
    }

    /// Parses `text`; `path` is for messages and for `-- @db` paths.
    public init(text: String, path: String) throws {
        self.path = path
        if let carriage = text.utf8.firstIndex(of: 0x0D) {
            let line = text.utf8[..<carriage].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw NotebookError(path: path, line: line, .crlf(path: path))
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        endsWithNewline = text.hasSuffix("\n")
        if endsWithNewline || text.isEmpty { lines.removeLast() }
        self.lines = lines
        var parser = NotebookParser(path: path, lines: lines)
        try parser.parse()
        settings = parser.settings
        cells = parser.cells
        items = parser.items
    }
}

/// The state of reading a notebook's lines from top to bottom.
private struct NotebookParser {
    let path: String
    let lines: [String]
    var settings = Notebook.Settings()
    var cells: [Cell] = []
    var items: [Notebook.Item] = []
    /// Directives waiting for the next cell (held in a cell with no
    /// command yet), and the line of the first.
    static let noDirectives = Cell(command: Command(.dot, ""), source: 0..<0, outputLines: 0..<0)
    var pending = noDirectives
    var pendingLine: Int?
    var hasSource = false
    /// The line of each `-- @name` so far, by name.
    var nameLines: [String: Int] = [:]
    /// The line of each `-- @exercise` so far, by name.
    var exerciseLines: [String: Int] = [:]

    init(path: String, lines: [String]) {
        self.path = path
        self.lines = lines
    }

    func error(_ line: Int, _ problem: NotebookProblem) -> NotebookError {
        NotebookError(path: path, line: line, problem)
    }

    mutating func parse() throws {
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let start = line.drop(while: { $0 == " " || $0 == "\t" })
            if start.isEmpty {
                items.append(.prose(line: index + 1, text: ""))
                index += 1
            } else if CommandContinuation.isOutput(line) {
                throw error(index + 1, .outputWithoutCommand)
            } else if start.startsWithScalars("-- @") {
                try directive(String(Substring(start.unicodeScalars.dropFirst(4))), line: index + 1)
                items.append(.directive(line: index + 1))
                index += 1
            } else if start.startsWithScalars("--") {
                // Scalar by scalar, as the statement scanner reads a comment.
                var text = Substring(start.unicodeScalars.dropFirst(2))
                if text.startsWithScalars(" ") { text = Substring(text.unicodeScalars.dropFirst()) }
                items.append(.prose(line: index + 1, text: String(text)))
                index += 1
            } else {
                index = try cell(at: index)
            }
        }
        if let line = pendingLine {
            throw error(line, .directiveWithoutCommand)
        }
    }

    /// Reads the cell starting at `start` and its output block; returns the line after them.
    mutating func cell(at start: Int) throws -> Int {
        guard let (language, body) = InputLanguage.classify(lines[start][...]) else {
            throw error(start + 1, .neitherCommandNorComment)
        }
        var end = start + 1
        var text = String(body).trimmingTrailingWhitespace()
        switch language {
        case .dot:
            break
        case .dsl:
            var continuation = DSLContinuation()
            continuation.read(line: text)
            while end < lines.count, CommandContinuation.notebook.query(isOpen: continuation.needsMore, continuesOn: lines[end]) {
                let added = lines[end].trimmingTrailingWhitespace()
                text += "\n" + added
                continuation.read(line: added)
                end += 1
            }
        case .sql:
            (text, end) = try statement(body, from: start)
        }
        var cell = pending
        cell.command = Command(language, text, line: start + 1)
        cell.source = start..<end
        var outputEnd = end
        while outputEnd < lines.count, CommandContinuation.isOutput(lines[outputEnd]) { outputEnd += 1 }
        cell.outputLines = end..<outputEnd
        cell.recorded = outputEnd > end ? lines[end..<outputEnd].map { String($0.dropFirst(4)) } : nil
        pending = Self.noDirectives
        pendingLine = nil
        items.append(.cell(cells.count))
        cells.append(cell)
        return outputEnd
    }

    /// The SQL statement that starts with `body` on line `start`, and the
    /// line after it. It ends with the `;` that `SQLStatementScanner` finds,
    /// as at the prompt; without one, where `CommandContinuation.notebook`
    /// ends the cell, or at the end, but never inside a string, a quoted
    /// name or a `/* */` comment: one that the end of the notebook leaves
    /// open is an error.
    func statement(_ body: Substring, from start: Int) throws -> (text: String, end: Int) {
        var scanner = SQLStatementScanner(body)
        var end = start + 1
        while true {
            if let statement = scanner.statement, let rest = scanner.rest {
                return (String(decoding: statement, as: UTF8.self), try lineAfter(rest, from: end))
            }
            guard end < lines.count else {
                // An output block written under it would read as part of it.
                if scanner.isInsideToken {
                    throw error(start + 1, .unendedStatement)
                }
                return (String(decoding: scanner.bytes, as: UTF8.self).trimmingTrailingWhitespace(), end)
            }
            guard CommandContinuation.notebook.statement(scanner, continuesOn: lines[end]) else {
                return (String(decoding: scanner.bytes, as: UTF8.self).trimmingTrailingWhitespace(), end)
            }
            scanner.append(line: lines[end])
            end += 1
        }
    }

    /// The line after what follows a statement's `;` (`rest`, on the line
    /// before `end`): blanks and comments, which may go on over more lines
    /// inside `/* */` but must end before the notebook does; anything else is
    /// a second command.
    func lineAfter(_ rest: ArraySlice<UInt8>, from statementEnd: Int) throws -> Int {
        switch CommandContinuation.after(statement: rest) {
        case .nothing:
            return statementEnd
        case .command:
            throw twoCommands(statementEnd)
        case .openComment:
            var after = SQLStatementScanner(String(decoding: rest, as: UTF8.self))
            var end = statementEnd
            while after.isInsideComment, end < lines.count {
                after.append(line: lines[end])
                end += 1
            }
            if after.isInsideComment {
                throw error(statementEnd, .unendedComment)
            }
            guard String(decoding: after.bytes, as: UTF8.self).skippingBlanksAndComments().isEmpty else {
                throw twoCommands(end)
            }
            return end
        }
    }

    func twoCommands(_ line: Int) -> NotebookError {
        error(line, .twoCommands)
    }

    var isBeforeFirstCell: Bool { cells.isEmpty }

    /// Whether the lines after the directive on 1-based `line` are more
    /// directives and then a command, with no blank line or prose between.
    func isDirectlyAboveCommand(_ line: Int) -> Bool {
        for next in lines[min(line, lines.count)...] {
            let start = next.drop(while: { $0 == " " || $0 == "\t" })
            if start.startsWithScalars("-- @") { continue }
            return !start.isEmpty && !start.startsWithScalars("--")
        }
        return false
    }

    mutating func directive(_ text: String, line: Int) throws {
        let name = String(text.prefix { !$0.isWhitespace })
        let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        func topOnly() throws {
            guard isBeforeFirstCell else {
                throw error(line, .notAtTop(name))
            }
        }
        func needsArgument(_ example: String) throws {
            guard !argument.isEmpty else { throw error(line, .needsValue(name, example: example)) }
        }
        func forCell() {
            if pendingLine == nil { pendingLine = line }
        }
        switch name {
        case "sample":
            try topOnly()
            try needsArgument("reminders")
            guard let sample = Sample(rawValue: argument) else {
                throw error(line, .unknownSample(argument))
            }
            try source(.sample(sample), line: line)
        case "db":
            try topOnly()
            try needsArgument("data/shop.sqlite")
            try source(.file(argument), line: line)
        case "mode":
            try topOnly()
            try needsArgument("box")
            guard let mode = OutputMode(rawValue: argument) else {
                throw error(line, .unknownMode(argument))
            }
            settings.mode = mode
        case "now":
            try topOnly()
            try needsArgument("2026-01-15T09:00:00Z")
            do {
                _ = try ClockText.readInstant(argument)
            } catch let problem {
                throw error(line, .notAnInstant(problem))
            }
            settings.now = argument
        case "mask":
            switch Mask.parse(argument[...]) {
            case .success(let mask):
                if isBeforeFirstCell && pendingLine == nil {
                    settings.masks.append(mask)
                } else {
                    pending.masks.append(mask)
                    forCell()
                }
            case .failure(let problem):
                throw error(line, problem)
            }
        case "expect":
            guard argument == "error" else {
                throw error(line, .expectTakesError)
            }
            pending.expectsError = true
            forCell()
        case "sort":
            guard argument == "rows" else { throw error(line, .sortTakesRows) }
            pending.sortsRows = true
            forCell()
        case "maxrows":
            guard let count = Int(argument), count >= 0 else {
                throw error(line, .maxRowsNotANumber)
            }
            pending.maxRows = count
            forCell()
        case "skip":
            pending.skipped = true
            forCell()
        case "timeout":
            try needsArgument("2m")
            guard let limit = CellTimeLimit(argument) else { throw error(line, .badTimeLimit) }
            setForNotebookOrCell(limit, line: line, notebook: \.timeLimit, cell: \.timeLimit)
        case "requires":
            try needsArgument("sqlite >= 3.44")
            guard let requirement = VersionRequirement(argument) else {
                throw error(line, .badRequirement)
            }
            setForNotebookOrCell(requirement, line: line, notebook: \.requirement, cell: \.requirement)
        case "param":
            try topOnly()
            try needsArgument("list = 'Family'")
            let parameter = try NotebookParameter.parse(argument, line: line, path: path)
            if settings.parameters.contains(where: { $0.name == parameter.name }) {
                throw error(line, .parameterTwice(parameter.name))
            }
            settings.parameters.append(parameter)
        case "name":
            try needsArgument("first-query")
            pending.name = try uniqueName(argument, line: line, among: &nameLines,
                                          notOneWord: .cellNameNotOneWord, twice: { .cellNamedTwice(argument, firstLine: $0) })
            forCell()
        case "exercise":
            try needsArgument("open-per-list")
            pending.exercise = try uniqueName(argument, line: line, among: &exerciseLines,
                                              notOneWord: .exerciseNameNotOneWord, twice: { .exerciseNamedTwice(argument, firstLine: $0) })
            forCell()
        default:
            throw error(line, .unknownDirective(name))
        }
    }

    /// `name` as `@name` and `@exercise` take one: one word without commas,
    /// not given before (`lines` holds where each was, by name).
    private func uniqueName(_ name: String, line: Int, among lines: inout [String: Int], notOneWord: NotebookProblem,
                            twice: (_ firstLine: Int) -> NotebookProblem) throws -> String {
        guard name.unicodeScalars.allSatisfy({ !CharacterSet.whitespaces.contains($0) && $0 != "," }) else {
            throw error(line, notOneWord)
        }
        if let first = lines[name] { throw error(line, twice(first)) }
        lines[name] = line
        return name
    }

    /// Sets a directive's value for the whole notebook when it stands at the
    /// top (apart from the first command by a blank line or prose), else for
    /// the next cell.
    mutating func setForNotebookOrCell<Value>(_ value: Value, line: Int, notebook: WritableKeyPath<Notebook.Settings, Value?>,
                                              cell: WritableKeyPath<Cell, Value?>) {
        if isBeforeFirstCell && pendingLine == nil && !isDirectlyAboveCommand(line) {
            settings[keyPath: notebook] = value
        } else {
            pending[keyPath: cell] = value
            if pendingLine == nil { pendingLine = line }
        }
    }

    mutating func source(_ source: Notebook.Source, line: Int) throws {
        guard !hasSource else {
            throw error(line, .secondSource)
        }
        hasSource = true
        settings.source = source
    }
}

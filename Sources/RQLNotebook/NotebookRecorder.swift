import FoundationEssentials
import Glibc
import RQLEngine
import RQLRender

/// `.record FILE.rql`: appends each command typed at the prompt, with its
/// output, to a notebook as a new cell, so that `rql check` replays it
/// clean. A new notebook starts with the session's database (`-- @sample`
/// or `-- @db`) and output mode (`-- @mode`); an existing one must parse,
/// and gets the new cells after what it has, after a `.mode` cell when it
/// replays in another mode than the session's. A command that failed gets
/// `-- @expect error`. Each cell is written through `AtomicFile`, so the
/// notebook is always whole.
///
///     let recorder = try NotebookRecorder(path: "lesson.rql", target: .sample(.reminders), mode: .box)
public final class NotebookRecorder: CellRecorder {
    public let path: String
    public private(set) var count = 0
    public var lineWidth: Int { NotebookRunner.width }
    public var maxRows: Int { NotebookRunner.maxRows }

    public init(path: String, target: DatabaseTarget, mode: OutputMode) throws {
        self.path = path
        try failing {
            if FileManager.default.fileExists(atPath: path) {
                let notebook = try Notebook.load(path)
                if notebook.settings.mode ?? .box != mode {
                    try append(Command(.dot, ".mode \(mode.rawValue)"), lines: ["ok"], failed: false)
                }
            } else {
                try write(Self.header(for: target) + (mode == .box ? "" : "-- @mode \(mode.rawValue)\n"))
            }
        }
    }

    public func append(_ command: Command, printed: String, changedRows: Int?, failed: Bool) throws {
        try failing {
            try append(command, lines: CellOutcome.lines(printed: printed, changedRows: changedRows), failed: failed)
        }
        count += 1
    }

    private func append(_ command: Command, lines: [String], failed: Bool) throws {
        var text = try Notebook.load(path).text()
        if !text.isEmpty {
            if !text.hasSuffix("\n") { text += "\n" }
            if !text.hasSuffix("\n\n") { text += "\n" }
        }
        if failed { text += "-- @expect error\n" }
        text += command.text + "\n" + lines.map { $0.isEmpty ? "-->\n" : "--> \($0)\n" }.joined()
        try write(text)
    }

    /// Runs `body`, saying what went wrong in the words of `.record`.
    private func failing(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as NotebookError {
            throw error.recordError(into: path)
        } catch let error as AtomicFileError {
            throw NotebookError.recordError(into: path, reason: error.reason)
        }
    }

    /// The first lines of a new notebook: where its database comes from.
    static func header(for target: DatabaseTarget) -> String {
        switch target {
        case .sample(let sample):
            return "-- @sample \(sample.rawValue)\n"
        case .file(let path, _) where path.isEmpty || path == ":memory:":
            return "-- Recorded on a database with no file: rql replays it on the Reminders sample.\n"
        case .file(let path, _), .copy(let path):
            return "-- @db \(URL(fileURLWithPath: path).standardizedFileURL.path)\n"
        case .scratch(_, let original):
            return header(for: original)
        case .dataFiles(let paths):
            return "-- Recorded on " + CellText.visibleLine(paths.joined(separator: ", "))
                + " imported into memory: rql replays it on the Reminders sample.\n"
        }
    }

    private func write(_ text: String) throws {
        try AtomicFile.replace(path, with: Data(text.utf8), permissions: 0o644)
    }
}

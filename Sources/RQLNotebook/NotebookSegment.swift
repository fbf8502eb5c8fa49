/// A notebook as `rql serve`'s page edits it: the lines between cells as
/// they are in the file, and each cell's command with its recorded output.
/// A notebook's segments written back with `NotebookDraft` give the file
/// byte for byte; an edited segment changes only its own lines.
public enum NotebookSegment: Equatable, Sendable, Hashable {
    /// Lines between cells as in the file: prose, directives, blank lines.
    case text([String])
    /// Prose written on the page, as Markdown: each line goes to the file
    /// as `-- LINE`, an empty one as `--`.
    case prose(String)
    /// A command as written, over one or more lines, and its recorded
    /// output (each line without its `--> `); nil when never recorded.
    case cell(source: String, output: [String]?)
}

extension Notebook {
    /// The lines before, between and after the cells (possibly none), and the cells.
    public var segments: [NotebookSegment] {
        var segments: [NotebookSegment] = []
        var next = 0
        for cell in cells {
            segments.append(.text(Array(lines[next..<cell.source.lowerBound])))
            segments.append(.cell(source: lines[cell.source].joined(separator: "\n"), output: cell.recorded))
            next = cell.outputLines.upperBound
        }
        segments.append(.text(Array(lines[next...])))
        return segments
    }

    /// The lines of each cell as the file has them, by the cell's segment:
    /// what a cell left alone is written back as.
    var rawCells: [NotebookSegment: ArraySlice<String>] {
        var raw: [NotebookSegment: ArraySlice<String>] = [:]
        for cell in cells {
            raw[.cell(source: lines[cell.source].joined(separator: "\n"), output: cell.recorded)] =
                lines[cell.source.lowerBound..<cell.outputLines.upperBound]
        }
        return raw
    }
}

extension NotebookSegment {
    /// A text segment's prose as Markdown: its lines without the blank ones
    /// around them, each without `--` and the space after it.
    public static func markdown(_ lines: [String]) -> String {
        let body = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
        return body.map { line in
            guard line.hasPrefix("--") else { return line }
            let text = line.dropFirst(2)
            return String(text.hasPrefix(" ") ? text.dropFirst() : text)
        }.joined(separator: "\n")
    }
}

/// Segments written out as a notebook's text, in the form `rql update`
/// writes: text segments and cells left alone as they were in `base`,
/// edited cells as their source lines and `--> ` output lines, prose as
/// `--` comments. A blank line goes between a cell and a cell or prose
/// written on the page.
public struct NotebookDraft: Sendable {
    public let text: String
    /// The lines of each segment in `text`, 0-based.
    public let lineRanges: [Range<Int>]

    public init(_ segments: [NotebookSegment], base: Notebook?) {
        let raw = base?.rawCells ?? [:]
        var lines: [String] = []
        var ranges: [Range<Int>] = []
        // As `Notebook.text(replacingOutputs:)`: a file that ends with a new output block ends with a newline.
        var endsWithNewOutput = false
        for (index, segment) in segments.enumerated() {
            let previous = index > 0 ? segments[index - 1] : nil
            let next = index + 1 < segments.count ? segments[index + 1] : nil
            switch segment {
            case .text(let text):
                ranges.append(lines.count..<(lines.count + text.count))
                lines += text
                if !text.isEmpty { endsWithNewOutput = false }
            case .prose(let markdown):
                if previous?.isCell == true { lines.append("") }
                var body = markdown.split(separator: "\n", omittingEmptySubsequences: false)
                while body.last?.allSatisfy(\.isWhitespace) == true { body.removeLast() }
                let start = lines.count
                lines += body.map { $0.isEmpty ? "--" : "-- " + $0 }
                ranges.append(start..<lines.count)
                if next?.isCell == true { lines.append("") }
                if lines.count > start { endsWithNewOutput = false }
            case .cell(let source, let output):
                if previous?.isCell == true { lines.append("") }
                let start = lines.count
                if let written = raw[segment] {
                    lines += written
                    endsWithNewOutput = false
                } else {
                    lines += source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    lines += (output ?? []).map { $0.isEmpty ? "-->" : "--> " + $0 }
                    endsWithNewOutput = output?.isEmpty == false
                }
                ranges.append(start..<lines.count)
            }
        }
        lineRanges = ranges
        let endsWithNewline = base?.endsWithNewline ?? true || endsWithNewOutput
        text = lines.isEmpty ? "" : lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    /// The cells (indices into `notebook.cells`) whose command starts in
    /// segment `index`, where `notebook` was read from `text`.
    public func cells(ofSegment index: Int, in notebook: Notebook) -> [Int] {
        guard lineRanges.indices.contains(index) else { return [] }
        let range = lineRanges[index]
        return notebook.cells.indices.filter { range.contains(notebook.cells[$0].source.lowerBound) }
    }
}

extension NotebookSegment {
    var isCell: Bool {
        if case .cell = self { true } else { false }
    }
}

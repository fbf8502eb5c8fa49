import Foundation
import RQLEngine
import RQLRender

/// What `rql run` prints: each cell as it would be typed at the prompt,
/// then what it printed; with narration, the notebook's prose comes first,
/// as the teacher's words (`rql run --step`).
public struct NotebookTranscript {
    let notebook: Notebook
    let output: ByteOutput
    let prompt: String

    public init(_ notebook: Notebook, to output: ByteOutput) {
        self.notebook = notebook
        self.output = output
        let name: String
        switch notebook.settings.source {
        case .sample(let sample): name = sample
        case .file(let path): name = (path as NSString).lastPathComponent
        }
        prompt = "rql \(name)> "
    }

    /// The prose between the previous cell and cell `index`, without the
    /// blank lines at its ends; empty when there is none.
    public func narration(before index: Int) -> [String] {
        guard let position = notebook.items.firstIndex(of: .cell(index)) else { return [] }
        var prose: [String] = []
        for item in notebook.items[..<position].reversed() {
            if case .cell = item { break }
            if case .prose(_, let text) = item { prose.insert(text, at: 0) }
        }
        while prose.first == "" { prose.removeFirst() }
        while prose.last == "" { prose.removeLast() }
        return prose
    }

    /// Writes the cell's command after the prompt, continuation lines after `...> ` or `..| `.
    public func writeCommand(_ cell: Cell) {
        let continuation = cell.command.language == .dsl ? "..| " : "...> "
        for (offset, line) in cell.command.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            output.write((offset == 0 ? prompt : continuation) + line + "\n")
        }
    }

    public func writeOutcome(_ outcome: CellOutcome) {
        for line in outcome.lines { output.write(line + "\n") }
        output.flush()
    }
}

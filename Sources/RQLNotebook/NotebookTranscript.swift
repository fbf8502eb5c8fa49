import RQLEngine
import RQLRender

/// What `rql run` prints: each cell as it would be typed at the prompt,
/// then what it printed; with narration, the notebook's prose comes first,
/// as the teacher's words (`rql run --step`).
public struct NotebookTranscript {
    let blocks: [NotebookBlock]
    let output: ByteOutput
    let prompt: String

    public init(_ notebook: Notebook, to output: ByteOutput) {
        blocks = NotebookBlock.blocks(of: notebook)
        self.output = output
        prompt = "rql \(notebook.target.displayName)> "
    }

    /// The prose right before `cell`, without blank lines at its ends; empty when there is none.
    public func narration(before cell: Cell) -> [String] {
        blocks.prose(before: cell)
    }

    /// Writes the cell's command after the prompt, continuation lines after `...> ` or `..| `.
    public func writeCommand(_ cell: Cell) {
        output.write(visible: cell.command.typed(after: prompt))
    }

    /// Writes what the cell printed (control characters as symbols on a terminal).
    public func writeOutcome(_ outcome: CellOutcome) {
        for line in outcome.lines { output.write(visible: line + "\n") }
        output.flush()
    }
}

import RQLNotebook

/// The notebook parser on any text: a text that parses prints back byte
/// for byte, and writing new outputs, as `rql update` does, changes no line
/// outside the output blocks and gives a notebook with the same cells. The
/// segments `rql serve`'s page edits give the text back too, and a cell
/// given a new output there is written back with only its lines changed.
enum NotebookTextCheck {
    static func problems(_ text: String) -> [String] {
        guard let notebook = try? Notebook(text: text, path: "fuzz.rql") else { return [] }
        var problems: [String] = []
        if notebook.text() != text { problems.append("printing the notebook does not give its text back") }
        problems += segmentProblems(notebook, text: text)
        var outputs: [Int: [String]] = [:]
        for index in notebook.cells.indices where index % 3 != 2 {
            outputs[index] = index % 3 == 0 ? ["ok"] : ["", "--> a line of output", "error: x"]
        }
        let updated = notebook.text(replacingOutputs: outputs)
        guard let again = try? Notebook(text: updated, path: "fuzz.rql") else {
            return problems + ["the notebook with new outputs does not parse"]
        }
        if linesOutsideOutputs(again) != linesOutsideOutputs(notebook) {
            problems.append("writing new outputs changed a line that is not output")
        }
        if again.cells.map(\.command.text) != notebook.cells.map(\.command.text)
            || again.cells.map(\.command.language) != notebook.cells.map(\.command.language) {
            problems.append("writing new outputs changed the cells")
        }
        for (index, output) in outputs where again.cells.indices.contains(index) && again.cells[index].recorded != output {
            problems.append("cell \(index + 1) does not read back the output written for it")
        }
        return problems
    }

    /// The page's segments, written back unchanged and with new outputs.
    private static func segmentProblems(_ notebook: Notebook, text: String) -> [String] {
        var problems: [String] = []
        let segments = notebook.segments
        if NotebookDraft(segments, base: notebook).text != text { problems.append("the segments do not give the text back") }
        var edited = segments
        var outputs: [Int: [String]] = [:]
        var cellIndex = 0
        for index in edited.indices {
            guard case .cell(let source, _) = edited[index] else { continue }
            if cellIndex % 2 == 0 {
                edited[index] = .cell(source: source, output: ["fresh 日本", ""])
                outputs[cellIndex] = ["fresh 日本", ""]
            }
            cellIndex += 1
        }
        let draft = NotebookDraft(edited, base: notebook)
        if draft.text != notebook.text(replacingOutputs: outputs) {
            problems.append("segments with new outputs are not written as rql update writes them")
        }
        if let again = try? Notebook(text: draft.text, path: "fuzz.rql") {
            for (index, segment) in edited.enumerated() where segment != .text([]) {
                if case .cell = segment, draft.cells(ofSegment: index, in: again).count != 1 {
                    problems.append("segment \(index) is not one cell once written")
                }
            }
        }
        return problems
    }

    private static func linesOutsideOutputs(_ notebook: Notebook) -> [String] {
        let outputLines = Set(notebook.cells.flatMap(\.outputLines))
        return notebook.lines.indices.filter { !outputLines.contains($0) }.map { notebook.lines[$0] }
    }
}

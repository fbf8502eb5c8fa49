import RQLNotebook

/// The notebook parser on any text: a text that parses prints back byte
/// for byte, and writing new outputs, as `rql update` does, changes no line
/// outside the output blocks and gives a notebook with the same cells.
enum NotebookTextCheck {
    static func problems(_ text: String) -> [String] {
        guard let notebook = try? Notebook(text: text, path: "fuzz.rql") else { return [] }
        var problems: [String] = []
        if notebook.text() != text { problems.append("printing the notebook does not give its text back") }
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

    private static func linesOutsideOutputs(_ notebook: Notebook) -> [String] {
        let outputLines = Set(notebook.cells.flatMap(\.outputLines))
        return notebook.lines.indices.filter { !outputLines.contains($0) }.map { notebook.lines[$0] }
    }
}

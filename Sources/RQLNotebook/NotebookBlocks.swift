/// A notebook as an exporter sees it: prose paragraphs (Markdown as
/// written in the comments) and cells with their recorded outputs, in
/// file order; directives and blank lines between cells are left out.
enum NotebookBlock: Equatable {
    case prose([String])
    case cell(Cell)

    static func blocks(of notebook: Notebook) -> [NotebookBlock] {
        var blocks: [NotebookBlock] = []
        var prose: [String] = []
        func endProse() {
            while prose.first == "" { prose.removeFirst() }
            while prose.last == "" { prose.removeLast() }
            if !prose.isEmpty { blocks.append(.prose(prose)) }
            prose = []
        }
        for item in notebook.items {
            switch item {
            case .prose(_, let text): prose.append(text)
            case .directive: break
            case .cell(let index):
                endProse()
                blocks.append(.cell(notebook.cells[index]))
            }
        }
        endProse()
        return blocks
    }
}

extension [NotebookBlock] {
    /// The prose right before `cell`, without blank lines at its ends; empty when there is none.
    func prose(before cell: Cell) -> [String] {
        guard let position = firstIndex(of: .cell(cell)), position > 0,
              case .prose(let lines) = self[position - 1] else { return [] }
        return lines
    }
}

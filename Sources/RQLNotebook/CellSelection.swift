import RQLLanguage

/// Which cells `--only NAME,…` and `--from NAME` choose. The chosen cells
/// are run, compared and written; the cells before them run too, to bring the
/// database to where the chosen ones expect it, but their outputs are
/// neither compared nor written.
public enum CellSelection: Sendable, Equatable {
    case all
    /// The cells with these names; the run ends after the last of them.
    case only([String])
    /// The cell with this name and every cell after it.
    case from(String)

    /// `--only a,b`: the names, or nil when one is empty.
    public static func names(_ text: String) -> [String]? {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return names.contains(where: \.isEmpty) ? nil : names
    }

    /// The indices of the chosen cells, and the index the run stops before.
    func cells(in notebook: Notebook) throws(NotebookError) -> (chosen: Set<Int>, end: Int) {
        switch self {
        case .all:
            return (Set(notebook.cells.indices), notebook.cells.count)
        case .only(let names):
            let indices = try names.map { name throws(NotebookError) in try notebook.cellIndex(named: name) }
            return (Set(indices), (indices.max() ?? -1) + 1)
        case .from(let name):
            let first = try notebook.cellIndex(named: name)
            return (Set(first..<notebook.cells.count), notebook.cells.count)
        }
    }
}

extension Notebook {
    /// The index of the cell `-- @name NAME` names.
    func cellIndex(named name: String) throws(NotebookError) -> Int {
        if let index = cells.firstIndex(where: { $0.name == name }) { return index }
        throw NotebookError(path: path, line: 0, .noCell(name, names: cells.compactMap(\.name)))
    }
}

import RQLLanguage

extension Catalog {
    /// The table `name` names, for an inspector: an error that suggests
    /// the nearest name when there is none. `viewsToo`: a view would do.
    func inspectedTable(_ name: String, viewsToo: Bool = true) throws -> Table {
        guard let table = table(named: name) else {
            throw CommandError(.noTable(name, orView: viewsToo, tables: allTableNames))
        }
        return table
    }
}

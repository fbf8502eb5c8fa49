import RQLLanguage

extension Catalog {
    /// The table `name` names, for an inspector: an error that suggests
    /// the nearest name when there is none. `what` says what was looked for.
    func inspectedTable(_ name: String, what: String = "table or view") throws -> Table {
        guard let table = table(named: name) else {
            throw CommandError("no \(what) named \"\(name)\"",
                               notes: [Suggestions.didYouMean(name, in: allTableNames) ?? ".tables lists them"])
        }
        return table
    }
}

/// `-- @sort rows`: the rows of a result in sorted order, so a cell whose
/// query has no ORDER BY records the same output whatever order SQLite
/// picks. In a box or table the lines between the header rule and the
/// bottom rule are sorted; in other output every line is.
enum RowSorting {
    static func sorted(_ lines: [String]) -> [String] {
        let box = (header: "├", bottom: "└")
        let table = (header: "+", bottom: "+")
        for rules in [box, table] {
            guard let first = lines.first, first.hasPrefix(rules == box ? "┌" : "+"),
                  let header = lines.indices.dropFirst().first(where: { lines[$0].hasPrefix(rules.header) }),
                  let bottom = lines.indices.last(where: { lines[$0].hasPrefix(rules.bottom) }),
                  header < bottom else { continue }
            return Array(lines[...header]) + lines[(header + 1)..<bottom].sorted() + lines[bottom...]
        }
        return lines.sorted()
    }
}

/// `let` queries as CTEs: each compiled once per statement, after the ones
/// it reads, so that the WITH clause lists them in order and compiling one
/// never nests inside another, however long a chain of them is.
extension Compiler {
    /// A `let` query's name, result columns, the table whose rows it returns
    /// (when it does) and the enums on its columns.
    typealias CommonTable = (name: String, columns: [String], table: Catalog.Table?, enums: [String: [Definitions.EnumCase]])

    /// Compiles the `let` queries `query` reads, directly or through other
    /// `let` queries, that are not compiled yet: depth first without
    /// recursion, each after the ones it reads.
    func compileCommonTables(readBy query: Query) throws(DSLError) {
        for use in query.sourceNames where needsCompiling(use.text) {
            guard let usedQuery = definitions.queries[use.text] else { continue }
            var path: [(name: String, query: Query, reads: [String])] = [(use.text, usedQuery, letQueries(readBy: usedQuery))]
            var onPath: Set<String> = [use.text]
            while let top = path.last {
                guard let next = path[path.count - 1].reads.popLast() else {
                    path.removeLast()
                    onPath.remove(top.name)
                    _ = try commonTable(named: top.name, query: top.query, usedAt: use.span)
                    continue
                }
                if onPath.contains(next) {
                    throw DSLError(.definedInTermsOfItself(next), at: use.span)
                }
                if needsCompiling(next), let nextQuery = definitions.queries[next] {
                    path.append((next, nextQuery, letQueries(readBy: nextQuery)))
                    onPath.insert(next)
                }
            }
        }
    }

    /// Whether the `let` query `start` reads `target`, directly or through
    /// other `let` queries.
    func letQuery(_ start: String, reads target: String) -> Bool {
        var pending = [start]
        var seen: Set<String> = [start]
        while let name = pending.popLast() {
            guard let query = definitions.queries[name] else { continue }
            for read in letQueries(readBy: query) {
                if read == target { return true }
                if seen.insert(read).inserted { pending.append(read) }
            }
        }
        return false
    }

    /// The names of the `let` queries `query` reads itself.
    private func letQueries(readBy query: Query) -> [String] {
        var seen: Set<String> = []
        return query.sourceNames.map(\.text).filter { definitions.queries[$0] != nil && seen.insert($0).inserted }
    }

    /// Whether `name` is a `let` query that is neither compiled in this
    /// statement nor, while checking a definition, known by its shape.
    private func needsCompiling(_ name: String) -> Bool {
        definitions.queries[name] != nil && commonTableIndex[name] == nil && shape(of: name) == nil
    }

    /// The shape recorded when the `let` query was defined, while checking
    /// a definition, unless the table whose rows it returns has changed.
    private func shape(of name: String) -> Definitions.QueryShape? {
        guard checksDefinition, let shape = definitions.queryShapes[name] else { return nil }
        if let table = shape.table, catalog.table(named: table.name)?.columnNames != table.columnNames { return nil }
        return shape
    }

    /// The CTE for a `let` query, compiled on first use (while checking a
    /// definition, its recorded shape, without compiling it again).
    func commonTable(named name: String, query: Query, usedAt span: SourceSpan) throws(DSLError) -> CommonTable {
        if let index = commonTableIndex[name] {
            let existing = commonTables[index]
            return (name, existing.columns, existing.table, enums(of: existing.table, outputs: existing.enums))
        }
        if let shape = shape(of: name) {
            return (name, shape.columns, shape.table, enums(of: shape.table, outputs: shape.enums))
        }
        guard !letStack.contains(name) else {
            throw DSLError(.definedInTermsOfItself(name), at: span)
        }
        letStack.append(name)
        defer { letStack.removeLast() }
        let compiled: CompiledSelect
        let rows: SQLQuery
        do throws(DSLError) {
            compiled = try compile(query, outer: nil)
            rows = try self.rows(of: compiled, query: query)
        } catch {
            throw DSLError(.inLet(name, error.problem), at: span)
        }
        let columns = compiled.outputs.map(\.name)
        let outputEnums = Compiler.enums(of: compiled.outputs)
        commonTableIndex[name] = commonTables.count
        commonTables.append((name, rows, columns, compiled.table, outputEnums))
        return (name, columns, compiled.table, enums(of: compiled.table, outputs: outputEnums))
    }

    /// The enums of a `let` query's columns: its table's when it returns a
    /// table's rows (as defined now), else those its result columns carry.
    private func enums(of table: Catalog.Table?,
                       outputs: [String: [Definitions.EnumCase]]) -> [String: [Definitions.EnumCase]] {
        table.map { definitions.enums[$0.name] ?? [:] } ?? outputs
    }

    /// Result column → the enum on the column it reads.
    static func enums(of outputs: [(name: String, value: SQLExpression)]) -> [String: [Definitions.EnumCase]] {
        Dictionary(outputs.compactMap { output in output.value.enumCases.map { (output.name, $0) } },
                   uniquingKeysWith: { first, _ in first })
    }
}

import RQLEngine
import RQLLanguage
import RQLRender
import RQLValues

/// rql's SQL for a DSL query against the definition's: random queries run
/// through a `Session` as the prompt runs them, and compiled again with
/// `DSL.Lowering.reference` and run as SQL, on random databases that hold
/// orphans, NULL keys, repeated links and empty tables. The rows must be
/// the same: in the same order where the query orders them by a total
/// order, as multisets elsewhere. For a query with a `where p`, the rows of its
/// table must also be those of `where p`, `where not (p)` and
/// `where (p) is nil` together (SQLancer's partition check). A mismatch is
/// shrunk to the fewest rows and stages that still show it.
public final class DSLDifferentialCheck {
    /// Databases made so far, by schema and seed: a fuzz run reuses a few.
    private var databases: [String: DifferentialSession] = [:]

    /// How many query × database pairs have been compared.
    public private(set) var pairs = 0

    public init() {}

    nonisolated(unsafe) static let shared = DSLDifferentialCheck()

    /// One fuzz input: its bytes choose the schema, one of 64 databases and
    /// the queries' seed; eight queries run.
    static func problems(_ input: [UInt8]) -> [String] {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        let schema = DifferentialSchema.allCases[Int(hash % UInt64(DifferentialSchema.allCases.count))]
        return shared.compare(schema: schema, databaseSeed: (hash >> 16) % 64, querySeed: hash, queries: 8)
    }

    /// Runs `queries` random queries on one random database of `schema`.
    public func compare(schema: DifferentialSchema, databaseSeed: UInt64, querySeed: UInt64, queries: Int) -> [String] {
        let key = "\(schema)/\(databaseSeed)"
        guard let database = databases[key] ?? DifferentialSession.make(schema, seed: databaseSeed) else {
            return ["the \(schema) schema did not load"]
        }
        databases[key] = database
        var generator = DifferentialQuery(catalog: database.catalog, random: DifferentialRandom(seed: querySeed))
        var problems: [String] = []
        for _ in 0..<queries {
            guard let query = generator.query() else { continue }
            pairs += 1
            if let problem = database.mismatch(query) {
                problems.append(shrunk(problem, query: query, rows: database.rows, schema: schema) { $0.mismatch($1) })
            }
            // The partition check runs four queries: one case in three has it.
            if pairs % 3 == 0, query.mutatedTable == nil, query.definitions.isEmpty, let condition = query.condition,
               let problem = database.partitionMismatch(of: query.text, condition: condition) {
                problems.append(problem)
            }
        }
        return problems
    }

    /// The smallest database (fewest rows) and query (fewest stages) that
    /// still show `problem`, as a case to keep.
    private func shrunk(_ problem: String, query: DifferentialQuery.Case, rows: [String], schema: DifferentialSchema,
                        _ check: (DifferentialSession, DifferentialQuery.Case) -> String?) -> String {
        var rows = rows
        var query = query
        var last = problem
        var index = rows.count - 1
        while index >= 0 {
            var fewer = rows
            fewer.remove(at: index)
            if let session = DifferentialSession(schema, rows: fewer), let found = check(session, query) {
                rows = fewer
                last = found
            }
            index -= 1
        }
        if query.mutatedTable == nil, !query.isOrdered {
            var stages = query.text.components(separatedBy: " | ")
            var stage = stages.count - 1
            while stage >= 1 {
                var fewer = query
                fewer.text = stages.enumerated().filter { $0.offset != stage }.map(\.element).joined(separator: " | ")
                if let session = DifferentialSession(schema, rows: rows), let found = check(session, fewer) {
                    query = fewer
                    stages = fewer.text.components(separatedBy: " | ")
                    last = found
                }
                stage -= 1
            }
        }
        return last + "\n  schema: \(schema)\n  rows:\n" + rows.map { "    " + $0 }.joined(separator: "\n")
            + "\n  definitions: " + query.definitions.joined(separator: "; ") + "\n  query: " + query.text
    }
}

/// A private in-memory database with a schema and random rows, open in a
/// `Session` as at the prompt.
final class DifferentialSession {
    let session: Session
    let catalog: Catalog
    /// The INSERT statements that made its rows.
    let rows: [String]
    private let output = ByteOutput(.memory)
    private let errors = ByteOutput(.memory)

    init?(_ schema: DifferentialSchema, rows: [String]) {
        guard let sql = schema.sql,
              let session = try? Session(options: .init(target: .file(path: ":memory:", readonly: false), mode: .list,
                                                        colorAllowed: false, output: output, diagnostics: errors))
        else { return nil }
        self.session = session
        self.rows = rows
        // rql turns foreign keys on; rows whose parent is missing go in with them off.
        let script = "PRAGMA foreign_keys = OFF;\n" + sql + "\n" + rows.joined(separator: "\n")
        _ = session.run(script: script, origin: nil, policy: .continueUnlessBail)
        guard let catalog = try? session.dslCatalog() else { return nil }
        self.catalog = catalog
    }

    /// A database of `schema` with the rows `seed` gives.
    static func make(_ schema: DifferentialSchema, seed: UInt64) -> DifferentialSession? {
        guard let empty = DifferentialSession(schema, rows: []) else { return nil }
        var random = DifferentialRandom(seed: seed)
        return DifferentialSession(schema, rows: DifferentialRows.statements(for: empty.catalog, random: &random))
    }

    /// What differs between rql's rows for `query` and the reference
    /// lowering's, or nil when they are the same (or both refuse it). A
    /// mutation runs in a savepoint, rolled back, and its table's rows are
    /// compared.
    func mismatch(_ query: DifferentialQuery.Case) -> String? {
        let (before, after) = mutationFrame(query.mutatedTable)
        let definitions = query.definitions.joined(separator: "\n")
        let optimized = run(before + definitions + "\n" + query.text + "\n" + after, ordered: query.isOrdered)
        var known = session.definitions
        let reference: (rows: [String], error: String)
        do throws(DSLError) {
            for definition in query.definitions {
                _ = try DSL.compile(definition, catalog: catalog, definitions: &known, lowering: .reference)
            }
            guard case .query(let compiled) = try DSL.compile(query.text, catalog: catalog, definitions: &known,
                                                              lowering: .reference) else { return nil }
            reference = run(before + compiled.displaySQL + ";\n" + after, ordered: query.isOrdered)
        } catch {
            reference = ([], error.message)
        }
        if !optimized.error.isEmpty, !reference.error.isEmpty { return nil }
        guard optimized.rows != reference.rows || optimized.error != reference.error else { return nil }
        return "`\(query.text)`: rql gives \(described(optimized)), the definition \(described(reference))"
    }

    /// What runs before and after a mutation: a savepoint, then the
    /// table's rows and rowids, then the rollback.
    private func mutationFrame(_ table: Catalog.Table?) -> (before: String, after: String) {
        guard let table else { return ("", "") }
        let rowid = table.hasRowid && table.column("rowid") == nil ? "rowid, " : ""
        return ("SAVEPOINT differential;\n",
                "SELECT \(rowid)* FROM \(SQLText.identifier(table.name));\nROLLBACK TO differential;\nRELEASE differential;")
    }

    /// Whether the rows of `query`'s table are those of `where p`, `where
    /// not (p)` and `where (p) is nil` together.
    func partitionMismatch(of query: String, condition: String) -> String? {
        guard let source = query.components(separatedBy: " | ").first else { return nil }
        let whole = run(source)
        var parts: [String] = []
        for filter in [condition, "not (\(condition))", "(\(condition)) is nil"] {
            let part = run(source + " | where " + filter)
            guard part.error.isEmpty else { return nil }
            parts += part.rows
        }
        guard whole.error.isEmpty, whole.rows != parts.sorted() else { return nil }
        return "`\(source) | where \(condition)`: the table has \(whole.rows.count) rows, the three partitions \(parts.count)"
    }

    private func described(_ result: (rows: [String], error: String)) -> String {
        result.error.isEmpty ? "\(result.rows.count) rows \(result.rows.prefix(6))" : "the error \(result.error)"
    }

    /// The rows a command prints (sorted unless `ordered`), and its errors.
    private func run(_ command: String, ordered: Bool = false) -> (rows: [String], error: String) {
        output.clear()
        errors.clear()
        _ = session.run(script: command, origin: nil, policy: .continueUnlessBail)
        let rows = output.text.split(separator: "\n").map(String.init)
        return (ordered ? rows : rows.sorted(), errors.text)
    }
}

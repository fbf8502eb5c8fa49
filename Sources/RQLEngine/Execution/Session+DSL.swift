import GRDB
import GRDBSQLite
import FoundationEssentials
import Glibc
import RQLLanguage
import RQLRender
import RQLValues

extension Session {
    /// Compiles a DSL command against the open database's catalog and runs
    /// the SQL it gives; definitions only update the session's definitions.
    func runDSL(_ text: String) throws {
        guard case .query(let query) = try compileDSL(text) else { return }
        if let change = query.everyRowChange, !mayChange(change, command: Command(.dsl, text)) { return }
        if settings.showsSQL {
            writeSQL(query.displaySQL + (query.displaySQL.hasSuffix(";") ? "\n" : ";\n"))
        }
        if let chart = query.chart { current?.chart = chart }
        try runStatement(query.sql, kind: SQLStatementKind(writesRows: query.isMutation, everyRowChange: query.everyRowChange),
                         bind: { statement in try Session.bind(query.values, to: statement) }, enumLabels: query.columnEnums)
    }

    /// The SQL a DSL query compiles to (empty for a definition), or nil
    /// after reporting on `diagnostics` why it does not compile.
    public func sql(forDSL text: String) -> String? {
        do {
            guard case .query(let query) = try compileDSL(text) else { return "" }
            return query.displaySQL
        } catch {
            report(CommandError.from(error), at: Command(.dsl, text), origin: nil)
            return nil
        }
    }

    /// The outcome of compiling `text`, definitions made.
    func compileDSL(_ text: String) throws -> DSL.Outcome {
        try compileDSL(text, catalog: try dslCatalog(), definitions: &definitions)
    }

    /// The outcome of compiling `text` against `catalog`, definitions made in `definitions`.
    private func compileDSL(_ text: String, catalog: Catalog, definitions: inout Definitions) throws -> DSL.Outcome {
        do {
            // Ctrl-C or a time limit while compiling stops it, as it stops a statement.
            let before = interruptCount
            return try DSL.compile(text, catalog: catalog, definitions: &definitions, parameters: parameters.mapValues(\.sqlValue),
                                   functions: { [unowned self] in self.functionKinds() },
                                   sample: { [unowned self] sql in self.sampleValue(sql) },
                                   stops: { [unowned self] in self.interruptCount != before })
        } catch {
            throw CommandError(error, source: text)
        }
    }

    /// The one value of a SELECT the compiler wrote to measure the data,
    /// or nil when it fails or would write: the compiler then keeps the
    /// form it uses without a measure.
    func sampleValue(_ sql: String) -> Double? {
        let value = try? queue.inDatabase { db -> Double? in
            let statement = try db.makeStatement(sql: sql)
            guard statement.isReadonly else { return nil }
            return try Double.fetchOne(statement)
        }
        return value ?? nil
    }

    /// The catalog the DSL compiles against: the open database's, read
    /// again when its schema changed.
    public func dslCatalog() throws -> Catalog {
        try queue.inDatabase { db in
            let version = try Session.catalogVersion(db)
            if let cached = connection.catalogCache, cached.version == version { return cached.catalog }
            let catalog = try CatalogReader.read(db)
            connection.catalogCache = (version, catalog)
            return catalog
        }
    }

    /// The functions of the open connection, by name lowercased; SQLite's
    /// own when the connection cannot list them.
    func functionKinds() -> [String: Catalog.FunctionKind] {
        if let cached = connection.functionCache { return cached }
        guard let functions = try? queue.inDatabase({ try CatalogReader.functions($0) }) else { return Catalog.coreFunctions }
        connection.functionCache = functions
        return functions
    }

    /// Binds the compiled query's values to its `?N` parameters.
    static func bind(_ values: [SQLValue], to statement: Statement) throws {
        let count = Int(sqlite3_bind_parameter_count(statement.sqliteStatement))
        let arguments: [DatabaseValue] = values.prefix(count).map { value in
            switch value {
            case .integer(let number): return number.databaseValue
            case .real(let number): return number.databaseValue
            case .text(let text): return text.databaseValue
            case .blob(let bytes): return Data(bytes).databaseValue
            case .null: return .null
            }
        }
        try statement.setArguments(StatementArguments(arguments + Array(repeating: .null, count: max(0, count - arguments.count))))
    }

    /// The databases `db` has attached and the versions of their schemas:
    /// while they stay the same, so does the catalog.
    static func catalogVersion(_ db: Database) throws -> [String] {
        var version: [String] = []
        for row in try Row.fetchAll(db, sql: "SELECT name, file FROM pragma_database_list ORDER BY seq") {
            let name: String = row["name"]
            let schemaVersion = try Int.fetchOne(db, sql: "PRAGMA \(SQLText.identifier(name)).schema_version") ?? 0
            version.append("\(name)\t\(row["file"] as String? ?? "")\t\(schemaVersion)")
        }
        return version
    }

    /// Readies the sample's DSL definitions (its prelude) for the database
    /// just opened. A sample's are made when a command first reads the
    /// definitions: most sessions that run one command never do, and
    /// making them reads the whole catalog. A scratch copy of a sample has
    /// them made at once, against the catalog it has, which no later
    /// moment could give again.
    func preparePrelude(of target: DatabaseTarget) throws {
        switch target {
        case .sample(let sample):
            pendingPrelude = PendingPrelude(sample: sample, catalogVersion: try queue.inDatabase(Session.catalogVersion))
        case .scratch, .file, .copy, .dataFiles:
            pendingPrelude = nil
            guard let sample = target.sample else { return }
            for line in sample.preludeLines { _ = try compileDSL(line) }
        }
    }

    /// Makes the pending prelude's definitions against the catalog the
    /// sample had when it opened: the open database's while its schema is
    /// still that one, else that of a new copy of the sample.
    func makePendingPrelude() {
        guard let pending = pendingPrelude else { return }
        pendingPrelude = nil
        guard let catalog = pending.catalog(of: self) else { return }
        for line in pending.sample.preludeLines {
            // The sample's own prelude against the sample's own catalog
            // compiles (the sample tests use every definition it makes); a
            // line that did not would leave its definition unmade, as a
            // failed `def` typed at the prompt does.
            _ = try? compileDSL(line, catalog: catalog, definitions: &madeDefinitions)
        }
    }
}

extension CommandError {
    /// A DSL error: the message, the line with carets under the span and the
    /// label, then the help and notes.
    init(_ error: DSLError, source: String) {
        self.init(.dsl(error.problem), source: source, offset: min(error.span.lower, source.utf8.count))
        length = max(1, error.span.length)
        label = error.label
    }
}

extension DatabaseValue {
    /// The value as the DSL binds it.
    var sqlValue: SQLValue {
        switch storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let data): .blob(Array(data))
        }
    }
}

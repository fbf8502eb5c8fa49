import FoundationEssentials
import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender
import RQLValues

extension Session {
    /// `.summarize TABLE|QUERY`: a row per column of the table, view or
    /// query (SQL or the DSL), from one pass over its rows.
    func summarize(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CommandError(.summarizeWhat) }
        var sql: String
        var values: [SQLValue] = []
        var isDSL = false
        if let table = try tableQuery(trimmed) {
            sql = table
        } else {
            guard let (language, body) = InputLanguage.classify(trimmed[...]), language != .dot else {
                throw CommandError(.summarizeWhat)
            }
            sql = String(body)
            if language == .dsl {
                guard case .query(let query) = try compileDSL(sql) else { throw CommandError(.summarizeNotQuery) }
                sql = query.sql
                values = query.values
                isDSL = true
            }
        }
        let tracer = self.tracer
        let (names, declaredTypes, summaries) = try queue.inDatabase { db -> ([String], [String?], [ColumnSummary]) in
            let statement: Statement
            do {
                statement = try prepare(sql, in: db)
            } catch let error as DatabaseError {
                throw CommandError(error, source: sql, connection: db.sqliteConnection)
            }
            let handle = statement.sqliteStatement
            guard statement.columnCount > 0, sqlite3_stmt_readonly(handle) != 0 else {
                throw CommandError(.summarizeNotQuery)
            }
            if isDSL { try Session.bind(values, to: statement) } else { try bindParameters(to: statement) }
            var summaries = (0..<Int32(statement.columnCount)).map { column in
                ColumnSummary(collation: Session.collation(of: column, in: handle))
            }
            var rows = try StatementRows(statement, keys: ColumnKeys(tracer: tracer))
            let count = summaries.count
            do {
                while try rows.step() {
                    for column in 0..<count { summaries[column].add(rows.value(at: column)) }
                }
            } catch let error as DatabaseError {
                throw CommandError(error, source: sql, connection: db.sqliteConnection)
            }
            let declaredTypes = (0..<Int32(count)).map { column in
                sqlite3_column_decltype(handle, column).map { String(cString: $0) }
            }
            return (statement.columnNames, declaredTypes, summaries)
        }
        try writeRows(columns: ["column", "type", "storage", "min", "max", "distinct", "null %", "mean", "std",
                                "shortest", "longest"],
                      rows: zip(zip(names, declaredTypes), summaries).map { column, summary in
            let (name, declaredType) = column
            let nullShare = summary.rows == 0 ? nil : (Double(summary.nulls) * 1_000 / Double(summary.rows)).rounded() / 10
            return [.text(name), declaredType.map { .text($0) } ?? .null, summary.storage.map { .text($0) } ?? .null,
                    summary.least, summary.greatest, .integer(Int64(summary.distinctCount)),
                    nullShare.map { .real($0) } ?? .null, summary.numberMean.map { .real($0) } ?? .null,
                    summary.standardDeviation.map { .real($0) } ?? .null,
                    summary.longest < 0 ? .null : .integer(Int64(summary.shortest)),
                    summary.longest < 0 ? .null : .integer(Int64(summary.longest))]
        })
        if settings.mode.isTabular, summaries.contains(where: \.distinctIsEstimate) {
            output.write("distinct: exact up to \(DistinctCounter.exactLimit) values, estimated above them (HyperLogLog, within about 1%)\n")
        }
    }

    /// `SELECT * FROM NAME` when `text` is one name (bare, or quoted as SQL
    /// or the DSL quote it) of a table or view SQLite knows; nil otherwise.
    private func tableQuery(_ text: String) throws -> String? {
        let isOneName = !text.contains(where: \.isWhitespace)
            || [("\"", "\""), ("`", "`"), ("[", "]")].contains { text.hasPrefix($0.0) && text.hasSuffix($0.1) && text.count > 1 }
        guard isOneName, !text.contains("|"), !text.hasPrefix(".") else { return nil }
        let sql = "SELECT * FROM " + text
        let prepares = try queue.inDatabase { db in (try? db.makeStatement(sql: sql)) != nil }
        return prepares ? sql : nil
    }

    /// The collation of the table column a result column reads; BINARY for an expression.
    private static func collation(of column: Int32, in statement: OpaquePointer) -> TextCollation {
        guard let table = sqlite3_column_table_name(statement, column),
              let name = sqlite3_column_origin_name(statement, column),
              let schema = sqlite3_column_database_name(statement, column),
              let connection = sqlite3_db_handle(statement) else { return .binary }
        var sequence: UnsafePointer<CChar>?
        guard sqlite3_table_column_metadata(connection, schema, table, name, nil, &sequence, nil, nil, nil) == SQLITE_OK,
              let sequence else { return .binary }
        return TextCollation(name: String(cString: sequence)) ?? .binary
    }
}

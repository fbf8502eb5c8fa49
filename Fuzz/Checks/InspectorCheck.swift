import Foundation
import RQLEngine
import RQLLanguage
import RQLValues

/// The inspectors that read a whole database, on a random one
/// (`DumpFuzzSchema`: every type, edge numbers, NOCASE columns, text that is
/// not UTF-8, views, FTS5 tables, R*Trees, hostile names). `.summarize`: for
/// each table and view, no error, a row per column, and each figure what
/// SQLite's own aggregates say of that column: `min`, `max`, `count(DISTINCT
/// …)` (while the count is exact), the share of NULLs, `avg` of the numbers,
/// and the shortest and longest text. `.expert` on a lookup of each
/// table's first column: no error, and the schema as it was.
public enum InspectorCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        let file = FuzzDatabaseFile("summarize")
        let statements = DumpFuzzSchema(input).statements
        let names = file.reading(after: statements) { query in
            query("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
                .compactMap { row -> String? in if case .text(let name)? = row.first { return String(decoding: name, as: UTF8.self) } else { return nil } }
        } ?? []
        guard let session = DumpFuzzSession(file) else { return ["rql does not open the database"] }
        _ = session.run(".mode json", as: .dot)
        var problems: [String] = []
        for name in names {
            let source = SQLText.identifier(name)
            // Every column `SELECT *` gives: generated ones too, not a virtual table's hidden ones.
            let columns = session.run("SELECT name FROM pragma_table_xinfo(\(SQLText.stringLiteral(name))) WHERE hidden != 1", as: .sql)
            let summary = session.run(".summarize \(source)", as: .dot)
            guard summary.errors.isEmpty else {
                // A table SQLite cannot read (an FTS5 table whose content table is gone) fails as a query would.
                let plain = session.run("SELECT * FROM \(source)", as: .sql)
                if plain.errors.isEmpty { problems.append(".summarize \(name.debugDescription) failed: \(summary.errors)") }
                continue
            }
            let rows = objects(summary.output)
            let names = objects(columns.output).compactMap { $0["name"] as? String }
            if rows.count != names.count, !names.isEmpty {
                problems.append(".summarize \(name.debugDescription) gave \(rows.count) rows for \(names.count) columns")
                continue
            }
            for row in rows {
                guard let column = row["column"] as? String else { continue }
                problems += disagreements(row, column: column, source: source, session: session)
                    .map { "\(name.debugDescription).\(column.debugDescription): \($0)" }
            }
            if let first = names.first {
                let lookup = "SELECT * FROM \(source) WHERE \(SQLText.identifier(first)) = 1 ORDER BY 1"
                let schema = session.run("SELECT type, name, sql FROM sqlite_schema", as: .sql).output
                let expert = session.run(".expert " + lookup, as: .dot)
                if !expert.errors.isEmpty, session.run("EXPLAIN QUERY PLAN " + lookup, as: .sql).errors.isEmpty {
                    problems.append(".expert of a lookup in \(name.debugDescription) failed: \(expert.errors)")
                }
                if session.run("SELECT type, name, sql FROM sqlite_schema", as: .sql).output != schema {
                    problems.append(".expert changed the schema of the database")
                }
            }
        }
        return problems
    }

    private static func disagreements(_ row: [String: Any], column: String, source: String, session: DumpFuzzSession) -> [String] {
        let c = SQLText.identifier(column)
        let numeric = "CASE WHEN typeof(\(c)) IN ('integer', 'real') THEN \(c) END"
        let text = "CASE WHEN typeof(\(c)) = 'text' THEN length(\(c)) END"
        let expected = session.run("""
            SELECT min(\(c)) AS "min", max(\(c)) AS "max", count(DISTINCT \(c)) AS "distinct",
                   round((count(*) - count(\(c))) * 1000.0 / count(*)) / 10 AS "null %", avg(\(numeric)) AS "mean",
                   min(\(text)) AS "shortest", max(\(text)) AS "longest" FROM \(source)
            """, as: .sql)
        guard expected.errors.isEmpty, let aggregates = objects(expected.output).first else { return [] }
        var problems: [String] = []
        var keys = ["null %", "mean", "shortest", "longest"]
        if let distinct = row["distinct"] as? Int, distinct <= DistinctCounter.exactLimit { keys.append("distinct") }
        for key in ["min", "max"] {
            // Text that is not UTF-8 reaches a summary as a value with U+FFFD in it.
            if let value = row[key] as? String, value.contains("\u{FFFD}") { continue }
            keys.append(key)
        }
        for key in keys where !same(row[key], aggregates[key]) {
            problems.append("\(key) is \(String(describing: row[key])), SQLite says \(String(describing: aggregates[key]))")
        }
        return problems
    }

    private static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil), (is NSNull, is NSNull): true
        case (let x as NSNumber, let y as NSNumber): x == y
        case (let x as String, let y as String): x == y
        default: false
        }
    }

    /// The objects of JSON mode's output; its infinities (`1e999`, as
    /// sqlite3 writes them) become strings, which JSONSerialization takes.
    private static func objects(_ json: String) -> [[String: Any]] {
        let finite = json.replacingOccurrences(of: ":1e999", with: ":\"Infinity\"")
            .replacingOccurrences(of: ":-1e999", with: ":\"-Infinity\"")
        guard let data = finite.data(using: .utf8), !json.isEmpty,
              let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return array
    }
}

import GRDB
import RQLLanguage
import RQLValues

/// A view of the open database and what it reads.
struct ViewLineage {
    var schema: String
    var name: String
    var sql: String
    var columns: [String]
    /// Table → the columns read (nil: all of them).
    var reads: [(table: String, columns: [String]?)]
    /// Other views it reads through.
    var through: [String] = []
    /// Why SQLite cannot read the view (a table it reads was dropped); nil when it can.
    var failure: String?

    var lifetime: String { Schema.lifetime(of: schema) }

    var readsText: String {
        if let failure { return "cannot be read: \(failure)" }
        return reads.map { $0.table + "(" + ($0.columns?.joined(separator: ", ") ?? "*") + ")" }.joined(separator: ", ")
    }

    static func all(_ db: Database) throws -> [ViewLineage] {
        let objects = try Schema.objects(db, type: "view")
        let viewNames = Set(objects.map { $0.name.lowercased() })
        return try objects.map { schema, name, _, sql in
            let statement: Statement
            do {
                statement = try db.makeStatement(
                    sql: "SELECT * FROM \(SQLText.identifier(schema)).\(SQLText.identifier(name))")
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                return ViewLineage(schema: schema, name: name, sql: sql, columns: [], reads: [],
                                   failure: error.message ?? "\(error.resultCode)")
            }
            // The region names the views read as well as their tables.
            let region = parse(region: statement.databaseRegion.description)
            return ViewLineage(
                schema: schema, name: name, sql: sql, columns: statement.columnNames,
                reads: region.filter { !viewNames.contains($0.table.lowercased()) },
                through: region.map(\.table).filter { viewNames.contains($0.lowercased()) && $0.lowercased() != name.lowercased() })
        }
    }

    /// Reads GRDB's region description, `a(x,y),b(*)`, into tables and columns.
    static func parse(region: String) -> [(table: String, columns: [String]?)] {
        var reads: [(String, [String]?)] = []
        var rest = region[...]
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let table = String(rest[..<open])
            let inside = rest[rest.index(after: open)..<close]
            reads.append((table, inside == "*" ? nil : inside.split(separator: ",").map(String.init)))
            rest = rest[rest.index(after: close)...].drop { $0 == "," }
        }
        return reads
    }
}

import RQLEngine
import RQLLanguage
import RQLSamples
import RQLValues

/// The schemas the differential tester fills with random rows: Chinook's,
/// the Reminders sample's tables, StructuredQueries' test schema as the
/// library sends it to SQLite, and one made of what real databases hold
/// and samples do not (a junction without a key, a self-reference, a TEXT
/// primary key that may be NULL, a WITHOUT ROWID table, a composite key,
/// a key whose affinity differs from the column it names, a link to a
/// column that is not unique, NOCASE and RTRIM columns and keys, a view,
/// indexes on links that SQLite can and cannot look rows up by).
public enum DifferentialSchema: CaseIterable, Sendable {
    case chinook, reminders, structuredQueries, edges

    /// The schema as SQL, or nil when the sample cannot be read.
    var sql: String? {
        switch self {
        case .chinook: return FuzzCatalog.chinookSchema
        case .reminders: return DifferentialSchema.remindersTables
        case .structuredQueries: return StructuredQueriesSchema.migration.map { $0 + ";" }.joined(separator: "\n")
        case .edges: return DifferentialSchema.edgesSchema
        }
    }

    /// The Reminders sample's tables and indexes, as its script creates
    /// them (without its rows and triggers).
    static let remindersTables = CommandReader.commands(in: SampleFiles.reminders).map(\.text)
        .filter { $0.hasPrefix("CREATE TABLE") || $0.hasPrefix("CREATE INDEX") }
        .map { $0.hasSuffix(";") ? $0 : $0 + ";" }.joined(separator: "\n")

    static let edgesSchema = """
        CREATE TABLE owner (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, score INTEGER, boss INTEGER REFERENCES owner (id));
        CREATE TABLE pet (id INTEGER PRIMARY KEY, ownerId INTEGER NOT NULL REFERENCES owner (id), name TEXT COLLATE RTRIM,
          weight REAL);
        CREATE TABLE toy (code TEXT PRIMARY KEY COLLATE NOCASE, label TEXT, price NUMERIC);
        CREATE TABLE petToy (petId INTEGER REFERENCES pet (id), toyCode TEXT REFERENCES toy (code));
        CREATE TABLE place (region TEXT NOT NULL, num INTEGER NOT NULL, label TEXT, PRIMARY KEY (region, num))
          WITHOUT ROWID;
        CREATE TABLE visit (id INTEGER PRIMARY KEY, petId INTEGER REFERENCES pet (id), region TEXT, num INTEGER,
          FOREIGN KEY (region, num) REFERENCES place (region, num));
        CREATE TABLE tag (name TEXT PRIMARY KEY, rank INTEGER);
        CREATE TABLE petTag (petId INTEGER NOT NULL REFERENCES pet (id), tagName INTEGER NOT NULL REFERENCES tag (name),
          PRIMARY KEY (petId, tagName));
        CREATE TABLE note (id INTEGER PRIMARY KEY, ownerName TEXT REFERENCES owner (name), body TEXT);
        CREATE VIEW heavyPet AS SELECT * FROM pet WHERE weight > 1;
        CREATE INDEX petByOwner ON pet (ownerId);
        CREATE INDEX petToyByToy ON petToy (toyCode COLLATE NOCASE);
        CREATE INDEX visitByPet ON visit (petId) WHERE petId > 2;
        CREATE INDEX noteByOwner ON note (ownerName);
        """
}

/// Random rows for a schema, as INSERT statements: each table gets none to a
/// few rows whose values come from small shared domains, so that keys
/// often name a row and often do not (orphans), NULL where a column allows
/// it, and repeated links where no key forbids them.
enum DifferentialRows {
    static let integers = ["1", "2", "3", "4", "5", "6"]
    static let texts = ["'a'", "'b'", "'B'", "'é'", "'1'", "''", "'A'", "'a '"]
    static let reals = ["0.5", "1.5", "-2.0", "3.25"]

    static func statements(for catalog: Catalog, random: inout DifferentialRandom) -> [String] {
        var lines: [String] = []
        for table in catalog.tables.values.sorted(by: { $0.name < $1.name }) where table.kind == .table {
            let count = random.chance(15) ? 0 : 1 + random.below(7)
            let columns = table.columns.map { SQLText.identifier($0.name) }.joined(separator: ", ")
            for _ in 0..<count {
                let values = table.columns.map { value(for: $0, random: &random) }.joined(separator: ", ")
                lines.append("INSERT OR IGNORE INTO \(SQLText.identifier(table.name)) (\(columns)) VALUES (\(values));")
            }
        }
        return lines
    }

    private static func value(for column: Catalog.Column, random: inout DifferentialRandom) -> String {
        if !column.isNotNull, random.chance(15) { return "NULL" }
        let domain: [String]
        switch column.affinity {
        case .integer, .numeric: domain = random.chance(5) ? texts : integers
        case .text: domain = random.chance(10) ? integers : texts
        case .real: domain = reals
        case .blob: domain = random.chance(50) ? integers : texts
        }
        return random.pick(domain) ?? "NULL"
    }
}

import RQLEngine
import RQLRender
import RQLValues

/// Looks for a database on which a learner's query and the reference give
/// different rows: the notebook's own first, then variants of it made by
/// what the schema allows (rows deleted, tables emptied, NULLs in nullable
/// columns, rows copied with changed keys, which also makes parents with
/// no children and duplicates where no key forbids them). Each change is a
/// statement SQLite checks (types, NOT NULL, CHECK, UNIQUE, foreign keys,
/// triggers): one it refuses is left out. The database found is shrunk by
/// delta debugging over its rows to the fewest on which the two still
/// differ. All of it happens after savepoints that are rolled back.
struct CounterexampleSearch {
    let grading: GradingSession
    let reference: Command
    let answer: Command
    let kind: Kind
    /// How many variants to try.
    let tries: Int
    private var random = SeededRandom(seed: 0x5EED_0F_E8E2C15E)
    /// Rows tried away while shrinking, at most.
    private static let shrinkingTests = 1_000

    /// What an exercise compares.
    enum Kind: Equatable {
        /// The rows of a query: in order when the reference orders them.
        case query(ordered: Bool)
        /// What a write leaves in every table.
        case mutation
    }

    init(grading: GradingSession, reference: Command, answer: Command, kind: Kind, tries: Int) {
        self.grading = grading
        self.reference = reference
        self.answer = answer
        self.kind = kind
        self.tries = tries
    }

    /// What the two queries give on one database.
    struct Results {
        var reference: GradingSession.Outcome
        var answer: GradingSession.Outcome
    }

    /// A database on which they differ, as the rows left in each table,
    /// and what each query gave there.
    struct Counterexample {
        /// Each table that has rows, with them drawn as a box.
        var tables: [(name: String, rows: Int, box: [String])]
        /// A query's rows; for a write, each table it left otherwise, as the reference left it.
        var referenceBox: [String]
        var answerBox: [String]
        /// When the learner's query failed there, what it said.
        var answerError: String?
        /// Whether it is the notebook's own database (no variant).
        var isNotebooksDatabase: Bool
        var rowCount: Int { tables.reduce(0) { $0 + $1.rows } }
    }

    /// Whether the two differ on the database as it is now; false when the
    /// reference itself fails there (no database of the exercise's).
    func differ() -> Bool {
        switch kind {
        case .query(let ordered):
            guard case .rows(let expected) = grading.result(of: reference) else { return false }
            switch grading.result(of: answer) {
            case .rows(let given): return !ResultComparison.same(expected, given, ordered: ordered)
            case .failed, .notAQuery, .tooManyRows: return true
            }
        case .mutation:
            return !tablesDiffering().isEmpty
        }
    }

    /// For a write: the tables the reference and the answer leave
    /// otherwise (every table when only the answer fails; none when the
    /// reference fails, which is no database of the exercise's).
    private func tablesDiffering() -> [String] {
        guard let expected = grading.stateAfter(reference).state else { return [] }
        guard let given = grading.stateAfter(answer).state else { return expected.tables.keys.sorted() }
        return expected.tablesDiffering(from: given)
    }

    /// The shrunk database on which they differ: the notebook's own when
    /// they differ there, else the first variant that does; nil when none
    /// of `tries` variants does. The second value is how many variants were tried.
    mutating func find() -> (Counterexample?, tried: Int) {
        grading.run("SAVEPOINT rql_grade_variant")
        defer {
            grading.run("ROLLBACK TO rql_grade_variant")
            grading.run("RELEASE rql_grade_variant")
        }
        if differ() { return (shrunk(isNotebooksDatabase: true), 0) }
        let tables = Self.tables(in: grading)
        guard !tables.isEmpty else { return (nil, 0) }
        for attempt in 1...max(tries, 1) {
            for _ in 0...random.below(3) { change(tables) }
            if differ() { return (shrunk(isNotebooksDatabase: false), attempt) }
            grading.run("ROLLBACK TO rql_grade_variant")
        }
        return (nil, tries)
    }

    // MARK: - Variants

    /// A table of the main database that rows can be changed in: not
    /// virtual, not a shadow table, not SQLite's own.
    struct Table {
        var name: String
        var columns: [Column]
        var hasRowid: Bool
    }

    struct Column {
        var name: String
        var type: String
        var notNull: Bool
        /// Its position in the primary key, 0 when it is not in it.
        var keyPosition: Int
        /// A generated column: its value is not written.
        var isGenerated: Bool
    }

    static func tables(in grading: GradingSession) -> [Table] {
        grading.values("""
            SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """).compactMap { row in
            guard case .text(let name) = row[0] else { return nil }
            let columns = grading.values("SELECT name, type, \"notnull\", pk, hidden FROM pragma_table_xinfo(\(SQLText.stringLiteral(name)))")
                .compactMap { column -> Column? in
                    guard case .text(let columnName) = column[0], case .text(let type) = column[1],
                          case .integer(let notNull) = column[2], case .integer(let key) = column[3],
                          case .integer(let hidden) = column[4] else { return nil }
                    return Column(name: columnName, type: type, notNull: notNull != 0, keyPosition: Int(key), isGenerated: hidden >= 2)
                }
            return Table(name: name, columns: columns, hasRowid: row[1] == .integer(0))
        }
    }

    /// One change to a table picked at random, in a savepoint of its own:
    /// kept when SQLite accepts it, taken back when it refuses it.
    private mutating func change(_ tables: [Table]) {
        guard let table = random.pick(tables.filter(\.hasRowid)) else { return }
        let quoted = SQLText.identifier(table.name)
        let rowids = grading.values("SELECT rowid FROM \(quoted)").compactMap { row -> Int64? in
            if case .integer(let rowid) = row.first { rowid } else { nil }
        }
        let some = rowids.filter { _ in random.chance(50) }
        let list = { (ids: [Int64]) in ids.map(String.init).joined(separator: ", ") }
        var statement: String?
        switch random.below(6) {
        case 0 where !some.isEmpty:
            statement = "DELETE FROM \(quoted) WHERE rowid IN (\(list(some)))"
        case 1 where !rowids.isEmpty:
            statement = random.pick(rowids).map { "DELETE FROM \(quoted) WHERE rowid = \($0)" }
        case 2:
            statement = "DELETE FROM \(quoted)"
        case 3 where !some.isEmpty:
            let nullable = table.columns.filter { !$0.notNull && $0.keyPosition == 0 && !$0.isGenerated }
            statement = random.pick(nullable).map { "UPDATE \(quoted) SET \(SQLText.identifier($0.name)) = NULL WHERE rowid IN (\(list(some)))" }
        default:
            statement = random.pick(rowids).map { copy(of: $0, in: table) }
        }
        guard let statement else { return }
        grading.run("SAVEPOINT rql_grade_change")
        if !grading.run(statement) { grading.run("ROLLBACK TO rql_grade_change") }
        grading.run("RELEASE rql_grade_change")
    }

    /// A copy of a row with its key changed: a new rowid for an integer
    /// key, the old text with a suffix for another; the same values
    /// elsewhere (so a copied parent has no children, and a table without
    /// a key gets a duplicate).
    private func copy(of rowid: Int64, in table: Table) -> String {
        let written = table.columns.filter { !$0.isGenerated }
        let integerKey = table.columns.filter { $0.keyPosition > 0 }.count == 1
            && table.columns.first { $0.keyPosition > 0 }?.type.uppercased() == "INTEGER"
        let columns = written.filter { !(integerKey && $0.keyPosition > 0) }
        let values = columns.map { column -> String in
            let name = SQLText.identifier(column.name)
            return column.keyPosition > 0 ? "CASE WHEN typeof(\(name)) = 'text' THEN \(name) || ' (copy)' ELSE \(name) + 1000000 END" : name
        }
        let quoted = SQLText.identifier(table.name)
        return "INSERT INTO \(quoted) (\(columns.map { SQLText.identifier($0.name) }.joined(separator: ", "))) "
            + "SELECT \(values.joined(separator: ", ")) FROM \(quoted) WHERE rowid = \(rowid)"
    }

    // MARK: - Shrinking

    /// Deletes rows while the two still differ (ddmin: halves of the rows,
    /// then quarters, down to single rows), then reads what is left.
    private func shrunk(isNotebooksDatabase: Bool) -> Counterexample {
        let tables = Self.tables(in: grading).filter(\.hasRowid)
        var rows = allRows(tables)
        var parts = 2
        var tests = 0
        while rows.count >= 1, tests < Self.shrinkingTests {
            let size = max(1, (rows.count + parts - 1) / parts)
            var removed = false
            for start in stride(from: 0, to: rows.count, by: size) where tests < Self.shrinkingTests {
                tests += 1
                if delete(Array(rows[start..<min(start + size, rows.count)])) {
                    rows = allRows(tables)
                    parts = max(parts - 1, 2)
                    removed = true
                    break
                }
            }
            if !removed {
                if size == 1 { break }
                parts = min(parts * 2, rows.count)
            }
        }
        return read(tables, isNotebooksDatabase: isNotebooksDatabase)
    }

    private func allRows(_ tables: [Table]) -> [(table: String, rowid: Int64)] {
        tables.flatMap { table in
            grading.values("SELECT rowid FROM \(SQLText.identifier(table.name))").compactMap { row -> (String, Int64)? in
                if case .integer(let rowid) = row.first { (table.name, rowid) } else { nil }
            }
        }
    }

    /// Deletes `rows` and keeps that when the two still differ.
    private func delete(_ rows: [(table: String, rowid: Int64)]) -> Bool {
        grading.run("SAVEPOINT rql_grade_shrink")
        var deleted = true
        for (table, group) in Dictionary(grouping: rows, by: \.table) {
            let ids = group.map { String($0.rowid) }.joined(separator: ", ")
            if !grading.run("DELETE FROM \(SQLText.identifier(table)) WHERE rowid IN (\(ids))") { deleted = false; break }
        }
        let keeps = deleted && differ()
        if !keeps { grading.run("ROLLBACK TO rql_grade_shrink") }
        grading.run("RELEASE rql_grade_shrink")
        return keeps
    }

    private func read(_ tables: [Table], isNotebooksDatabase: Bool) -> Counterexample {
        var shown: [(name: String, rows: Int, box: [String])] = []
        for table in tables {
            let quoted = SQLText.identifier(table.name)
            let count = grading.values("SELECT count(*) FROM \(quoted)").first?.first
            guard case .integer(let rows)? = count, rows > 0 else { continue }
            shown.append((table.name, Int(rows), grading.boxLines(Command(.sql, "SELECT * FROM \(quoted);"))))
        }
        guard kind == .mutation else {
            var answerError: String?
            if case .failed(let printed) = grading.result(of: answer) { answerError = printed }
            return Counterexample(tables: shown, referenceBox: grading.boxLines(reference),
                                  answerBox: answerError == nil ? grading.boxLines(answer) : [],
                                  answerError: answerError, isNotebooksDatabase: isNotebooksDatabase)
        }
        let differing = tablesDiffering()
        let (state, printed) = grading.stateAfter(answer)
        return Counterexample(tables: shown, referenceBox: boxes(after: reference, of: differing),
                              answerBox: state == nil ? [] : boxes(after: answer, of: differing),
                              answerError: state == nil ? printed : nil, isNotebooksDatabase: isNotebooksDatabase)
    }

    /// Each of `tables` as `command` leaves it, named above its box; the command is taken back.
    private func boxes(after command: Command, of tables: [String]) -> [String] {
        grading.run("SAVEPOINT rql_grade_after")
        defer {
            grading.run("ROLLBACK TO rql_grade_after")
            grading.run("RELEASE rql_grade_after")
        }
        // The command's own output is not shown: what it left is.
        _ = grading.boxLines(command)
        return tables.flatMap { table in
            [table] + grading.boxLines(Command(.sql, "SELECT * FROM \(SQLText.identifier(table));"))
        }
    }
}

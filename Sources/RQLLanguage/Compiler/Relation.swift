/// A named set of rows a query reads: its source table, a joined table, a
/// `let` query, or the query before a stage that needed nesting.
final class Relation {
    /// The name the query uses for it: its alias, or the table's name.
    let name: String
    /// The alias in the generated SQL, unique in the statement.
    let sqlAlias: String
    /// The table whose helpers and relationships apply, when its rows are
    /// that table's rows with all their columns.
    let table: Catalog.Table?
    let columns: [String]
    /// Column → the enum defined on it.
    let enums: [String: [Definitions.EnumCase]]
    /// The `id` of the query level whose FROM clause it is in, where
    /// implicit joins go (`Compiler.level(of:)`). The level owns its
    /// relations; the compiler that built both keeps every level.
    let levelID: Int

    init(name: String, sqlAlias: String, table: Catalog.Table?, columns: [String],
         enums: [String: [Definitions.EnumCase]], level: QueryLevel) {
        self.name = name
        self.sqlAlias = sqlAlias
        self.table = table
        self.columns = columns
        self.enums = enums
        levelID = level.id
    }

    /// The database of its table, where its relationships lead.
    var schema: String { table?.schema ?? "main" }

    /// `"alias"."column"`.
    func column(_ column: String) -> SQLNode {
        .column(sqlAlias, column)
    }

    /// How it reads in an error: `reminders`, or `e (employees)`.
    var described: String {
        guard let table, table.name != name else { return "`\(name)`" }
        return "`\(name)` (\(table.name))"
    }
}

/// An `INSERT` in the body of a trigger, read for what it copies from the
/// row that fired the trigger: each column it writes, with the column of the
/// new row that it receives. Both shapes that keep a full-text index in
/// step are read, with names quoted or not and expressions in any parentheses:
///
///     INSERT INTO reminderTexts (rowid, title) VALUES (new.id, new.title)
///
///     INSERT INTO "reminderTexts" ("reminderID", "title")
///     SELECT "reminders"."id", "reminders"."title" FROM "reminders"
///     JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
///     WHERE ("reminders"."id") IN (("new"."id"))
///
/// A `SELECT` counts only when its `WHERE` picks the new row by its key
/// (`=`, `==`, `IS` or `IN (…)`, either side first), so that the table's
/// columns there are the new row's.
public struct TriggerInsert: Equatable, Sendable {
    /// A column the insert writes, and the new row's column it writes
    /// there (nil when the value is anything else).
    public struct Copy: Equatable, Sendable {
        public var column: String
        public var newColumn: String?

        public init(column: String, newColumn: String?) {
            self.column = column
            self.newColumn = newColumn
        }
    }

    /// The table written into (without its database's name).
    public var table: String
    public var copies: [Copy]

    public init(table: String, copies: [Copy]) {
        self.table = table
        self.copies = copies
    }

    /// Reads one statement of the body of a trigger on `source`; nil when
    /// it is not an `INSERT` (or `REPLACE`) with a list of columns.
    public static func read(_ statement: String, on source: Catalog.Table) -> TriggerInsert? {
        let reader = SQLExpressionReader(SQLTokenizer.tokens(statement))
        var position = 0
        if reader.token(0)?.isWord("insert") == true {
            position = reader.token(1)?.isWord("or") == true ? 3 : 1
        } else if reader.token(0)?.isWord("replace") == true {
            position = 1
        }
        guard position > 0, reader.token(position)?.isWord("into") == true, var table = reader.token(position + 1)?.name
        else { return nil }
        position += 2
        if reader.token(position)?.isPunctuation(".") == true, let name = reader.token(position + 1)?.name {
            table = name
            position += 2
        }
        if reader.token(position)?.isWord("as") == true { position += 2 }
        guard let close = reader.closing(position) else { return nil }
        var columns: [String] = []
        for item in reader.items((position + 1)..<close) {
            guard let column = reader.column(item), column.qualifier.isEmpty else { return nil }
            columns.append(column.name)
        }
        position = close + 1
        let values: [String?]
        if reader.token(position)?.isWord("values") == true, let end = reader.closing(position + 1) {
            values = reader.items((position + 2)..<end).map { reader.column($0)?.newRowColumn }
        } else if reader.token(position)?.isWord("select") == true,
                  let selected = NewRowSelection(reader, select: position, source: source)?.columns {
            values = selected
        } else {
            return nil
        }
        return TriggerInsert(table: table, copies: zip(columns, values).map { Copy(column: $0, newColumn: $1) })
    }

    /// How the table written into points at the rows of `source`: its rowid
    /// (or a column) that receives the new row's rowid (or its primary key).
    public func searchKey(on source: Catalog.Table) -> Catalog.SearchKey? {
        let rowidNames: Set<String> = ["rowid", "_rowid_", "oid"]
        let integerKey = source.primaryKey.count == 1 && source.columns.first(where: \.isPrimaryKey)?.type.uppercased() == "INTEGER"
            ? source.primaryKey.first?.lowercased() : nil
        var columnKey: Catalog.SearchKey?
        for copy in copies {
            guard let sourceColumn = copy.newColumn else { continue }
            let readsRowid = rowidNames.contains(sourceColumn.lowercased()) || sourceColumn.lowercased() == integerKey
            if rowidNames.contains(copy.column.lowercased()) {
                if readsRowid { return Catalog.SearchKey(fts: "rowid", source: sourceColumn) }
            } else if columnKey == nil, readsRowid || source.primaryKey.map({ $0.lowercased() }) == [sourceColumn.lowercased()] {
                columnKey = Catalog.SearchKey(fts: copy.column, source: sourceColumn)
            }
        }
        return columnKey
    }
}

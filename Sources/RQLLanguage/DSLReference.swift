import RQLValues

/// The query language's reference, as `.help dsl` and `.help STAGE` say it,
/// with examples written for the open database: the Reminders sample's own,
/// or built from a table, columns and a relationship of the catalog.
public enum DSLReference {
    /// One stage: how it is written, what it does, an example.
    public struct Stage: Sendable {
        public var name: String
        public var usage: String
        public var summary: String
        /// The example for the Reminders sample, and one from a table's parts.
        var reminders: String
        var generic: @Sendable (ExampleParts) -> String
    }

    /// What an example of another database is made of.
    struct ExampleParts {
        var table: String
        /// A column to show, compare and sort by.
        var column: String
        /// A to-many relationship of the table, when it has one.
        var toMany: String?
    }

    public static let stages: [Stage] = [
        Stage(name: "where", usage: "| where CONDITION", summary: "keeps the rows for which the condition is true",
              reminders: "reminders | where isFlagged and not isCompleted",
              generic: { "\($0.table) | where \($0.column) is not nil" }),
        Stage(name: "select", usage: "| select EXPR [as NAME], NAME = EXPR, *", summary: "chooses the result's columns",
              reminders: "reminders | select title, list.title as list, priority",
              generic: { "\($0.table) | select \($0.column)" }),
        Stage(name: "order", usage: "| order [by] EXPR [desc], -EXPR [nulls first|last]", summary: "sorts the rows (-x sorts descending)",
              reminders: "reminders | order -priority nulls last, title | select title, priority",
              generic: { "\($0.table) | order -\($0.column) | limit 5" }),
        Stage(name: "limit", usage: "| limit N [offset M]", summary: "keeps the first N rows (in key order when no order comes before)",
              reminders: "reminders | order dueDate | limit 3 | select title, dueDate",
              generic: { "\($0.table) | limit 5" }),
        Stage(name: "offset", usage: "| offset N", summary: "skips the first N rows",
              reminders: "reminders | order title | offset 8 | select title",
              generic: { "\($0.table) | offset 5 | limit 5" }),
        Stage(name: "group", usage: "| group by EXPR [as NAME], NAME = EXPR", summary: "one row per key; select then aggregates each group",
              reminders: "reminders | group by list.title | select list.title, count() as n",
              generic: { "\($0.table) | group by \($0.column) | select \($0.column), count() as n" }),
        Stage(name: "having", usage: "| having CONDITION", summary: "after group: keeps the groups for which the condition is true",
              reminders: "reminders | group by list.title | having count() > 3 | select list.title, count() as n",
              generic: { "\($0.table) | group by \($0.column) | having count() > 1 | select \($0.column), count() as n" }),
        Stage(name: "distinct", usage: "| distinct", summary: "removes duplicate rows",
              reminders: "reminders | select priority | distinct",
              generic: { "\($0.table) | select \($0.column) | distinct" }),
        Stage(name: "count", usage: "| count", summary: "the number of rows so far",
              reminders: "reminders | where not isCompleted | count",
              generic: { "\($0.table) | count" }),
        Stage(name: "join", usage: "| join T [as A] [on CONDITION], | left join …", summary: "adds a table's columns; with no on, through a foreign key",
              reminders: "reminders | join remindersLists | select reminders.title, remindersLists.title as list",
              generic: { "\($0.table) | join \($0.table) as other on other.\($0.column) == \($0.table).\($0.column) | count" }),
        Stage(name: "find", usage: "| find KEY, …", summary: "the rows with these primary keys",
              reminders: "reminders | find '00000000-0000-4000-8000-00000000b001' | select title",
              generic: { "\($0.table) | find 1" }),
        Stage(name: "search", usage: "| search 'words', | search match 'FTS syntax'", summary: "full-text search through the table's FTS5 or FTS4 index",
              reminders: "reminders | search 'take' | select highlight(title), snippet(notes)",
              generic: { "\($0.table) | search 'words'" }),
        Stage(name: "update", usage: "| update COLUMN = EXPR, …", summary: "changes the rows so far (where first, or it asks)",
              reminders: "reminders | where title == 'Haircut' | update isFlagged = false | returning title, isFlagged",
              generic: { "\($0.table) | where false | update \($0.column) = \($0.column)" }),
        Stage(name: "delete", usage: "| delete", summary: "deletes the rows so far (where first, or it asks)",
              reminders: "reminders | where isCompleted | delete | returning title",
              generic: { "\($0.table) | where false | delete" }),
        Stage(name: "insert", usage: "insert T COLUMN = EXPR, … [on conflict …], T | insert …", summary: "adds a row; on conflict ignores it or updates the row there",
              reminders: "insert tags title = 'errands' on conflict (title) ignore",
              generic: { "insert \($0.table) \($0.column) = NULL on conflict ignore" }),
        Stage(name: "returning", usage: "| returning EXPR, …", summary: "after insert, update or delete: the rows it wrote",
              reminders: "insert remindersLists title = 'Garden' | returning id, position",
              generic: { "\($0.table) | where false | delete | returning *" }),
        Stage(name: "union", usage: "| union (QUERY), | union all (QUERY)", summary: "the rows so far and another query's (the same number of columns)",
              reminders: "reminders | select title | union (remindersLists | select title) | order title",
              generic: { "\($0.table) | select \($0.column) | union (\($0.table) | select \($0.column)) | count" }),
        Stage(name: "intersect", usage: "| intersect (QUERY)", summary: "the rows also in another query's",
              reminders: "tags | select title | intersect (remindersTags | select tagID)",
              generic: { "\($0.table) | select \($0.column) | intersect (\($0.table) | select \($0.column)) | count" }),
        Stage(name: "except", usage: "| except (QUERY)", summary: "the rows not in another query's",
              reminders: "remindersLists | select title | except (remindersLists | where position > 1 | select title)",
              generic: { "\($0.table) | select \($0.column) | except (\($0.table) | limit 1 | select \($0.column))" }),
        Stage(name: "chart", usage: "| chart " + ChartKind.allCases.map(\.rawValue).joined(separator: "|"), summary: "draws the rows as a chart: the first column labels, the others are series",
              reminders: "reminders | group by list.title | select list.title, count() as n | chart bar",
              generic: { "\($0.table) | group by \($0.column) | select \($0.column), count() as n | limit 10 | chart bar" }),
    ]

    /// The stage named `name`, if one is.
    public static func stage(named name: String) -> Stage? {
        stages.first { $0.name == name.lowercased() }
    }

    /// A stage's help: usage, what it does, an example for this database.
    public static func help(for stage: Stage, catalog: Catalog) -> String {
        """
        usage: \(stage.usage)
        \(stage.summary)

        example on this database:
          \(example(of: stage, catalog: catalog))

        """
    }

    /// The whole reference: the shape of a query, every stage, expressions,
    /// relationships and helpers, with examples for this database.
    public static func overview(catalog: Catalog) -> String {
        let parts = exampleParts(catalog)
        let table = parts?.table ?? "T"
        let column = parts?.column ?? "column"
        var text = """
            The query DSL: a source, then stages joined by |, each working on the rows so far.

              \(table) | where \(column) is not nil | order \(column) | limit 5

            Stages (.help STAGE explains one, with an example):

            """
        let width = stages.map(\.name.count).max() ?? 0
        for stage in stages {
            text += "  " + stage.name + String(repeating: " ", count: width - stage.name.count + 2) + stage.summary + "\n"
        }
        text += """

            Expressions: == != < <= > >=, and or not, + - * / %, ++ (joins text), ?? (coalesce),
            is nil, in [a, b], in (QUERY), between, like, glob, matches (regexp), case … end,
            cast(x as integer|real|text|blob|numeric), :name $name @name ?N (from .parameter set),
            'text' (bound, never pasted), f(x) and x.f(), aggregates count() sum() avg() min() max(),
            count(rel where COND), count() filter (where COND), f(…) over (partition by … order … rows …).

            Relationships come from foreign keys: a to-one path reads a column through a join
            (reminders | select list.title), a to-many one is counted or tested
            (remindersLists | select title, count(reminders)), any/all/none rel.COND.

            Helpers: def T.name = EXPR (a column-like name), def T.name := COL = EXPR (a write),
            enum T.col = name 1, … (names for values), alias T.short = relationship,
            let name = QUERY (a query to use as a source). .helpers lists them.

            """
        if let relationship = toManyExample(catalog) { text += "\nOn this database: \(relationship)\n" }
        return text
    }

    /// Whether the catalog is the Reminders sample's, whose examples are written out.
    static func isReminders(_ catalog: Catalog) -> Bool {
        ["reminders", "remindersLists", "tags", "remindersTags"].allSatisfy { catalog.table(named: $0) != nil }
    }

    static func example(of stage: Stage, catalog: Catalog) -> String {
        guard !isReminders(catalog), let parts = exampleParts(catalog) else { return stage.reminders }
        return stage.generic(parts)
    }

    /// The first table (by name) and its first column that is no key, or its first column.
    static func exampleParts(_ catalog: Catalog) -> ExampleParts? {
        guard let table = catalog.tableNames.compactMap({ catalog.tables[$0] }).first(where: { $0.kind == .table }),
              let column = table.columns.first(where: { !$0.isPrimaryKey }) ?? table.columns.first else { return nil }
        let toMany = catalog.relationships(of: table).first { $0.kind == .toMany }?.name
        return ExampleParts(table: table.name, column: column.name, toMany: toMany)
    }

    static func toManyExample(_ catalog: Catalog) -> String? {
        if isReminders(catalog) { return "remindersLists | select title, count(reminders where not isCompleted) as open" }
        guard let parts = exampleParts(catalog), let relationship = parts.toMany else { return nil }
        return "\(parts.table) | select \(parts.column), count(\(relationship)) as n | order -n | limit 5"
    }
}

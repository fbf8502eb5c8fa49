/// A table, or rows in parentheses, that a FROM or JOIN reads.
indirect enum SQLSource {
    /// `"table"`, `"table" AS "alias"`, `"schema"."table" AS "alias"`: the
    /// database said where another one has a table of the same name.
    case table(String, schema: String?, alias: String)
    /// `(rows) [AS "alias"]`.
    case rows(SQLQuery, alias: String?)
    /// `(first JOIN second ON …)`: tables joined to each other, read as one.
    case joined(SQLSource, [SQLJoin])
}

/// `[LEFT] JOIN source ON condition AND …`.
struct SQLJoin {
    var isLeft: Bool
    var source: SQLSource
    var conditions: [SQLNode]
    /// For a to-one path: the alias it joins and the alias it joins from.
    var path: (alias: String, from: String)?
}

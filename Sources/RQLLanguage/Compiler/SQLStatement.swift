/// The statements rql emits, as values: the compiler builds them, and
/// `SQLStatement+Printing.swift` alone writes their text.
enum SQLStatement {
    case query(SQLQuery)
    /// `UPDATE table SET column = value, … [WHERE …] [RETURNING …]`.
    case update(SQLSource, sets: [(column: String, value: SQLNode)], condition: SQLNode?, returning: [SQLItem]?)
    /// `DELETE FROM table [WHERE …] [RETURNING …]`.
    case delete(SQLSource, condition: SQLNode?, returning: [SQLItem]?)
    /// `INSERT INTO table (columns) VALUES (values)`, or `DEFAULT VALUES`,
    /// maybe with an upsert and RETURNING.
    case insert(String, sets: [(column: String, value: SQLNode)], upsert: SQLUpsert?, returning: [SQLItem]?)
}

extension SQLStatement {
    /// Whether the statement's rows come in an order of its own: a query whose outermost SELECT has an ORDER BY.
    var isOrdered: Bool {
        guard case .query(let query) = self else { return false }
        return query.isOrdered
    }
}

extension SQLQuery {
    var isOrdered: Bool {
        switch self {
        case .select(let select): !(select.levels.first?.orderBy.isEmpty ?? true)
        case .whole(let query): query.isOrdered
        case .compound: false
        }
    }
}

/// `ON CONFLICT [(columns)] DO NOTHING` or `DO UPDATE SET …`.
struct SQLUpsert {
    var columns: [String]
    /// Nil for DO NOTHING.
    var sets: [(column: String, value: SQLNode)]?
}

/// Rows: one SELECT and the levels it reads, or a compound of two.
indirect enum SQLQuery {
    case select(SQLSelect)
    /// `left UNION right` and the others.
    case compound(SQLQuery, Stage.SetOperator, SQLQuery)
    /// `SELECT * FROM (rows)`: a compound's member with its own ORDER BY or
    /// LIMIT, which a compound takes only at its end.
    case whole(SQLQuery)
}

/// A SELECT and the SELECTs it reads from: `levels[0]` is the outermost;
/// each other level is the FROM of the one before it, under `aliases`. A
/// long pipeline is a long array, not a deep tree.
struct SQLSelect {
    struct Level {
        var distinct = false
        var items: [SQLItem]
        /// What the deepest level reads; nil for a level that reads the next.
        var source: SQLSource?
        var joins: [SQLJoin] = []
        var wheres: [SQLNode] = []
        var groupBy: [SQLNode] = []
        var havings: [SQLNode] = []
        var orderBy: [SQLOrdering] = []
        var limit: SQLNode?
        var offset: SQLNode?
    }

    var levels: [Level]
    /// The alias of each level after the first, as its outer level reads it.
    var aliases: [String] = []
}

/// A result column.
enum SQLItem {
    /// `value [AS "alias"]`.
    case expression(SQLNode, alias: String?)
    /// `*`.
    case all
    /// `"alias".*`.
    case allOf(String)
}

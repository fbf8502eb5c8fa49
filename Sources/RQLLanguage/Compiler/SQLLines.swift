/// Generated SQL built a line at a time, each clause indented by the depth
/// of the subquery it belongs to.
///
///     var lines = SQLLines()
///     lines.append("SELECT *", depth: 0)
///     lines.append("FROM (", depth: 0)
///     lines.append("SELECT 1", depth: 1)
///     lines.append(") AS \"t\"", depth: 0)
///     lines.text   // "SELECT *\nFROM (\n  SELECT 1\n) AS \"t\""
struct SQLLines {
    /// Indentation stops growing at this depth, so that the text of a deep
    /// chain of subqueries grows linearly with its depth (SQLite itself
    /// parses no more than about twenty nested subqueries).
    static let maximumIndentedDepth = 32

    private var bytes: [UInt8] = []

    /// Adds `clause` at `depth`, each of its lines indented two spaces a level.
    mutating func append(_ clause: String, depth: Int) {
        let indentation = 2 * min(depth, SQLLines.maximumIndentedDepth)
        for line in clause.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if !bytes.isEmpty { bytes.append(0x0A) }
            bytes.append(contentsOf: repeatElement(0x20, count: indentation))
            bytes.append(contentsOf: line)
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

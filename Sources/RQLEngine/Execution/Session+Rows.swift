import RQLRender
import RQLValues

extension Session {
    /// Rows a command built, written in the current mode like query results.
    func writeRows(columns: [String], rows: [[SQLValue]]) throws {
        var source = RowArray(columns: columns, rows: rows)
        try Renderer.render(&source, settings: renderSettings(for: output), to: output)
    }
}

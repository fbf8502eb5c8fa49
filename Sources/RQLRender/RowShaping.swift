import RQLValues

/// Changes a result's rows before they are written: a notebook masks
/// values and sorts rows (`-- @mask`, `-- @sort rows`) here, on the values,
/// so a box is laid out around what it shows and a value of several lines
/// stays one row. The renderer reads the whole result for it, which only
/// notebooks ask for.
public protocol RowShaping: AnyObject {
    func shape(_ rows: [[SQLValue]]) throws -> [[SQLValue]]
}

extension Renderer {
    /// `source` read whole, shaped, and written with the other settings.
    static func renderShaped<Source: RowSource>(_ source: inout Source, by shaping: any RowShaping, settings: RenderSettings,
                                                to output: ByteOutput) throws -> RenderSummary {
        let columns = source.columnNames
        var rows: [[SQLValue]] = []
        while try source.step() {
            rows.append(columns.indices.map { SQLValue(source.value(at: $0)) })
        }
        let keys = Set(columns.indices.filter { source.isKey(column: $0) })
        var shaped = RowArray(columns: columns, rows: try shaping.shape(rows), keyColumns: keys)
        var rest = settings
        rest.shaping = nil
        return try render(&shaped, settings: rest, to: output)
    }
}

import GRDB
import RQLLanguage
import RQLRender
import RQLValues

extension Session {
    /// Whether a change to every row of a table may run: at the prompt
    /// (`asksPerson`, not in a `.read` script, not with `.bail on`, unless
    /// `.confirm off`), a table of more than one row is only changed whole
    /// when the person says yes. A table that cannot be counted is left to
    /// the statement, which says why.
    func mayChange(_ change: EveryRowChange) -> Bool {
        guard let ask = asksPerson, settings.confirmsEveryRowChange, !settings.bail, readDepth == 0 else { return true }
        let table = (change.schema.map { SQLText.identifier($0) + "." } ?? "") + SQLText.identifier(change.table)
        guard let count = try? queue.inDatabase({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") }),
              count > 1 else { return true }
        output.flush()
        if ask("\(change.verb.rawValue) all \(CellText.grouped(count)) rows of \(change.table)? [y/N] ") { return true }
        diagnostics.write("cancelled: no row changed (.confirm off stops asking)\n")
        return false
    }
}

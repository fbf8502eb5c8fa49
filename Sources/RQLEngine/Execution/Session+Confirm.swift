import GRDB
import RQLLanguage
import RQLRender
import RQLValues

extension Session {
    /// Whether a change to every row of a table may run: at the prompt
    /// (`asksPerson`, not in a `.read` script, not with `.bail on`, unless
    /// `.confirm off`), a table of more than one row is only changed whole
    /// when the person says yes; `p` previews `command` and asks again. A
    /// table that cannot be counted is left to the statement, which says why.
    func mayChange(_ change: EveryRowChange, command: Command) -> Bool {
        guard let ask = asksPerson, settings.confirmsEveryRowChange, !settings.bail, readDepth == 0, !previewing else {
            return true
        }
        let table = (change.schema.map { SQLText.identifier($0) + "." } ?? "") + SQLText.identifier(change.table)
        guard let count = try? queue.inDatabase({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") }),
              count > 1 else { return true }
        // What the command printed so far, and a preview, reach the terminal
        // before the question, not a pager that waits for the command's end.
        do {
            try route.endPaging()
        } catch {
            report(CommandError.from(error))
        }
        while true {
            output.flush()
            let answer = ask("\(change.verb.rawValue) all \(CellText.grouped(count)) rows of \(change.table)? [y/N/p] ")?
                .trimmingCharacters(in: .whitespaces).lowercased()
            switch answer {
            case "y", "yes":
                return true
            case "p", "preview":
                do {
                    try preview(command.text)
                } catch {
                    report(CommandError.from(error))
                }
            default:
                diagnostics.write("cancelled: no row changed (.confirm off stops asking)\n")
                return false
            }
        }
    }
}

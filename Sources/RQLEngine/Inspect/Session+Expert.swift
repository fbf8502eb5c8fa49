import GRDB
import RQLLanguage

extension Session {
    /// `.expert QUERY`: the indexes that would help the query, tried on a
    /// schema-only copy of the database, with the plan before and after.
    /// Nothing is created in the database itself.
    func expert(_ text: String) throws {
        guard let (language, body) = InputLanguage.classify(text[...]), language != .dot else {
            throw CommandError(.expertWhat)
        }
        var sql = String(body)
        if language == .sql, CommandReader.commands(in: sql).count > 1 { throw CommandError(.expertWhat) }
        if language == .dsl {
            guard case .query(let query) = try compileDSL(sql) else { throw CommandError(.expertWhat) }
            output.write(query.displaySQL + "\n\n")
            sql = query.sql
        }
        let advice = try queue.inDatabase { db in
            do {
                _ = try prepare(sql, in: db)
            } catch let error as DatabaseError {
                throw CommandError(error, source: sql, connection: db.sqliteConnection)
            }
            return try IndexAdvisor(copy: SchemaCopy(of: db)).advise(sql)
        }
        guard !advice.indexes.isEmpty else {
            output.write("no new index would help: SQLite's plan is the same with one on any column the query reads\n\n")
            for line in ["QUERY PLAN"] + advice.before.tree { output.write(visible: line + "\n") }
            return
        }
        for index in advice.indexes { output.write(visible: index.sql + ";\n") }
        output.write("\nplan now:\n")
        for line in advice.before.tree { output.write(visible: line + "\n") }
        output.write("\nplan with \(advice.indexes.count == 1 ? "this index" : "these indexes"):\n")
        for line in advice.after.tree { output.write(visible: line + "\n") }
    }
}

import GRDB
import RQLLanguage
import RQLRender
import RQLValues

extension DotCommand {
    static let queryCommands: [DotCommand] = [
        DotCommand(name: "sql", DotSyntax(.value(.onOff)), summary: "print the SQL each DSL query compiles to") { session, arguments in
            session.settings.showsSQL = arguments.isOn(.onOff)
        },
        DotCommand(name: "helpers", summary: "the DSL helpers, enums, aliases and named queries defined",
                   details: "def, enum, alias and let make them; a sample's prelude defines some when it opens.") { session, _ in
            let listing = session.definitions.listing
            if listing.isEmpty {
                session.output.write("no helpers defined (def, enum, alias and let make them)\n")
            }
            for line in listing { session.output.write(line + "\n") }
        },
        DotCommand(name: "last", DotSyntax(.optional(.mode), .flag("--full")), summary: "show the last query's rows again: in another mode, or whole",
                   details: "The rows are kept as the query showed them, up to 100,000 rows and 64 MiB, without running it again. --full shows every row with no cell cut to the screen's width, through the pager (.pager). Rows are kept at the prompt only.") { session, arguments in
            try session.showLastResult(in: arguments.choice(.mode, as: OutputMode.self), full: arguments.has("--full"))
        },
        DotCommand(name: "eqp", DotSyntax(.value(.onOff)), summary: "show each query's plan, as .explain does, before its rows") { session, arguments in
            session.settings.showsPlans = arguments.isOn(.onOff)
        },
        DotCommand(name: "explain", DotSyntax(.value(.query)), summary: "how SQLite runs an SQL or DSL query: its plan as a tree",
                   details: "A DSL query shows the SQL it compiles to first. Under the plan: the indexes it uses with their columns, the tables it reads in full, and any index SQLite builds for this statement alone.") { session, arguments in
            try session.explain(arguments[.query])
        },
        DotCommand(name: "expert", DotSyntax(.value(.query)), summary: "the indexes that would help a query, with its plan before and after",
                   details: "rql's own advisor: it tries an index on each column of a table the query reads (and pairs of them) on an in-memory copy of the schema and its sqlite_stat1, keeps those SQLite's planner uses and would miss, and prints them as CREATE INDEX statements. Nothing is created in the database.") { session, arguments in
            try session.expert(arguments[.query])
        },
        DotCommand(name: "summarize", DotSyntax(.value(.tableOrQuery)),
                   summary: "a row per column of a table, view or query: storage classes, min, max, distinct, nulls, mean, lengths",
                   details: "One pass over the rows. min and max are SQLite's (numbers before text before blobs; text in the column's collation); distinct is exact up to 4096 values and estimated above; null % is of all rows; mean and std (the sample standard deviation) are of the numbers; shortest and longest are of the text, in characters.") { session, arguments in
            try session.summarize(arguments[.tableOrQuery])
        },
    ]
}

extension Session {
    /// Writes the SQL of a DSL query, then `EXPLAIN QUERY PLAN` as a tree.
    func explain(_ text: String) throws {
        guard let (language, body) = InputLanguage.classify(text[...]), language != .dot else {
            throw CommandError(.explainWithoutQuery)
        }
        var sql = String(body)
        var values: [SQLValue] = []
        if language == .sql, case let statements = CommandReader.commands(in: sql), statements.count > 1 {
            throw CommandError(.explainSeveral(count: statements.count, first: statements[0].text))
        }
        if language == .dsl {
            guard case .query(let query) = try compileDSL(sql) else {
                throw CommandError(.explainDefinition)
            }
            output.write(query.displaySQL + "\n\n")
            sql = query.sql
            values = query.values
        }
        try refuseInSafeMode(sql)
        let lines = try queue.inDatabase { db -> [String] in
            let plan: QueryPlan
            do {
                plan = try QueryPlan.read(db, sql: sql, values: values)
            } catch let error as DatabaseError {
                throw CommandError(.sqlite(error.message ?? "\(error.resultCode)"))
            }
            return try planLines(plan, sql: sql, in: db)
        }
        for line in lines { output.write(line + "\n") }
    }

    /// `.last [MODE] [--full]`: the kept rows of the last query, rendered again.
    func showLastResult(in mode: OutputMode?, full: Bool) throws {
        guard let last = lastResult else {
            throw CommandError(settings.keepsLastResult ? .nothingShownYet : .lastNotKept)
        }
        guard let rows = last.rows else {
            throw CommandError(.lastTooBig(rows: LastResult.maximumRows, mebibytes: LastResult.maximumBytes >> 20))
        }
        var render = renderSettings(for: output)
        if let mode {
            render.mode = mode
            render.separator = nil
        }
        if full {
            // The whole result, through the pager however tall it is.
            route.pageEverything()
            render.pagerHeight = route.paging?.pager.threshold
            render.maxRows = 0
            render.maxLineWidth = nil
            render.widths = []
        }
        var source = RowArray(columns: last.columns, rows: rows, keyColumns: last.keyColumns)
        try Renderer.render(&source, settings: render, to: output)
    }

    /// A plan as a tree, then the indexes and full scans it uses.
    func planLines(_ plan: QueryPlan, sql: String, in db: Database) throws -> [String] {
        ["QUERY PLAN"] + plan.tree + [""] + (try planSummary(plan, sql: sql, db))
    }
}

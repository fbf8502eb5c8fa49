import GRDB
import GRDBSQLite
import RQLLanguage
import RQLRender
import RQLValues

extension Session {
    /// The number of commands the active connection's sandbox can undo;
    /// nil when no sandbox is on.
    public var sandboxSteps: Int? { connection.sandbox?.steps.count }

    /// `.sandbox on`: opens the transaction the sandbox holds, taking the
    /// write lock at once so that another program's write waits from the
    /// start, not from the first change.
    func startSandbox() throws {
        if let sandbox = connection.sandbox { throw CommandError(.sandboxAlreadyOn(steps: sandbox.steps.count)) }
        if case .file(let path, readonly: true) = target { throw CommandError(.sandboxReadOnly(path)) }
        try queue.inDatabase { db in
            guard !db.isInsideTransaction else { throw CommandError(.sandboxInTransaction) }
            do {
                try db.execute(sql: "BEGIN IMMEDIATE")
            } catch let error as DatabaseError {
                throw CommandError(error, source: "BEGIN IMMEDIATE", connection: db.sqliteConnection)
            }
        }
        connection.sandbox = Sandbox()
        output.write("sandbox on: each command's changes stay in a transaction rql holds; .undo takes the last back, "
            + ".sandbox keep \(target.isFile ? "writes them to the file" : "keeps them"), .sandbox off discards them\n")
        if case .file(let path, _) = target {
            output.write("while it is on, other programs can read \(CellText.visibleLine(path)); their writes wait (database is locked)\n")
        }
    }

    /// `.sandbox keep`: commits what the sandbox holds.
    func keepSandbox() throws {
        guard let sandbox = connection.sandbox else { throw CommandError(.noSandbox(command: "keep")) }
        try queue.inDatabase { db in
            do {
                try db.execute(sql: "COMMIT")
            } catch let error as DatabaseError {
                // A COMMIT that waited for readers in vain leaves the transaction open.
                if !db.isInsideTransaction { connection.sandbox = nil }
                throw CommandError(error, source: "COMMIT", connection: db.sqliteConnection)
            }
        }
        connection.sandbox = nil
        let kept = target.isFile ? "written to \(CellText.visibleLine(target.displayName))" : "kept"
        output.write(sandbox.steps.isEmpty ? "sandbox kept: no command had changed the database\n"
            : "sandbox kept: the changes of \(Session.commands(sandbox.steps.count)) are \(kept)\n")
    }

    /// `.sandbox off`, and a session that ends with a sandbox on: rolls
    /// back what the sandbox holds.
    func discardSandbox(to out: ByteOutput) {
        guard let sandbox = connection.sandbox else { return }
        connection.sandbox = nil
        try? queue.inDatabase { db in if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") } }
        out.write(sandbox.steps.isEmpty ? "sandbox off: no command had changed the database\n"
            : "sandbox off: discarded the changes of \(Session.commands(sandbox.steps.count))\n")
    }

    /// `.undo N`: rolls back to the savepoint before the last `count`
    /// commands that changed the database, and says which they were.
    func undo(_ count: Int) throws {
        guard var sandbox = connection.sandbox else { throw CommandError(.undoWithoutSandbox) }
        guard let (savepoint, dropped) = sandbox.dropLast(count) else {
            throw CommandError(.nothingToUndo(asked: count, steps: sandbox.steps.count))
        }
        try queue.inDatabase { db in
            try db.execute(sql: "ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
            db.clearSchemaCache()
        }
        connection.sandbox = sandbox
        connection.catalogCache = nil
        connection.functionCache = nil
        for step in dropped.reversed() { output.write("undone: " + CellText.visibleLine(step.command) + "\n") }
    }

    /// Runs `command` in the sandbox: after a savepoint, which stays when
    /// the command changed the database (so that `.undo` can return to it)
    /// and is released otherwise. What SQLite refuses in a transaction, or
    /// what would end the sandbox's, is refused first; commands a command
    /// runs (a `.read` script's) share its savepoint.
    func performInSandbox(_ command: Command, _ body: () throws -> Void) throws {
        try refuseInSandbox(command)
        guard var sandbox = connection.sandbox, !sandboxHoldsCommand,
              command.language != .dot || DotCommand.invoked(by: command.text)?.inSandbox != .outsideSavepoints else {
            return try body()
        }
        let savepoint = sandbox.takeSavepoint()
        connection.sandbox = sandbox
        let before = try queue.inDatabase { db in
            try db.execute(sql: "SAVEPOINT \(savepoint)")
            return try Session.changeMark(db)
        }
        sandboxHoldsCommand = true
        defer { sandboxHoldsCommand = false }
        do {
            try body()
        } catch {
            // The error comes first, then what became of the sandbox.
            guard let ended = settleSandbox(after: command, savepoint: savepoint, before: before) else { throw error }
            var failure = CommandError.from(error)
            failure.notes.append(.plain(ended))
            throw failure
        }
        if let ended = settleSandbox(after: command, savepoint: savepoint, before: before) {
            diagnostics.write(ended + "\n")
        }
    }

    /// Keeps the savepoint of a command that changed the database, releases
    /// it otherwise. A transaction SQLite rolled back (`RAISE(ROLLBACK)`, an
    /// interrupted write) ends the sandbox: returns what to say then.
    private func settleSandbox(after command: Command, savepoint: String, before: [Int64]) -> String? {
        guard var sandbox = connection.sandbox else { return nil }
        let open = (try? queue.inDatabase { db -> Bool in
            guard db.isInsideTransaction else { return false }
            if try Session.changeMark(db) == before {
                try db.execute(sql: "RELEASE \(savepoint)")
            } else {
                sandbox.record(Sandbox.Step(savepoint: savepoint, command: command.text))
            }
            return true
        }) ?? false
        guard open else {
            connection.sandbox = nil
            return "sandbox off: SQLite rolled back the transaction it held, and the changes of \(Session.commands(sandbox.steps.count)) with it"
        }
        connection.sandbox = sandbox
        return nil
    }

    /// `.undo`, `.sandbox keep` and `.sandbox off` work on the savepoints of
    /// whole commands: inside one (a `.read` script's line), its own
    /// savepoint is still open above them.
    func refuseInsideSandboxedCommand(_ name: String) throws {
        if sandboxHoldsCommand { throw CommandError(.sandboxInScript(name)) }
    }

    private func refuseInSandbox(_ command: Command) throws {
        switch command.language {
        case .sql:
            if let statement = SQLStatementKind.of(sql: command.text).sandboxRefusal {
                throw CommandError(.refusedInSandbox(statement))
            }
        case .dot:
            if let dot = DotCommand.invoked(by: command.text), dot.inSandbox == .closesDatabase {
                throw CommandError(.refusedInSandbox("." + dot.name))
            }
        case .dsl:
            break
        }
    }

    /// What tells whether a command changed the database: the rows changed
    /// on the connection (triggers' and cascades' included), and each
    /// database's schema and user versions (DDL, `PRAGMA user_version`).
    private static func changeMark(_ db: Database) throws -> [Int64] {
        var mark = [sqlite3_total_changes64(db.sqliteConnection)]
        for name in try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list ORDER BY seq") {
            let schema = SQLText.identifier(name)
            mark.append(try Int64.fetchOne(db, sql: "PRAGMA \(schema).schema_version") ?? 0)
            mark.append(try Int64.fetchOne(db, sql: "PRAGMA \(schema).user_version") ?? 0)
        }
        return mark
    }

    /// `1 command`, `3 commands`.
    static func commands(_ count: Int) -> String { count == 1 ? "1 command" : "\(count) commands" }
}

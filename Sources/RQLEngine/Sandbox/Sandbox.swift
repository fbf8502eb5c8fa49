/// `.sandbox on`: the transaction rql holds on a connection, and the
/// commands run in it that changed the database, each after a savepoint of
/// its own, so that `.undo` can roll back to the savepoint before any of
/// them and `.sandbox off` discards them all.
struct Sandbox {
    /// A command that changed the database: the savepoint set before it
    /// ran, and the command as it was typed.
    struct Step {
        let savepoint: String
        let command: String
    }

    /// Oldest first.
    private(set) var steps: [Step] = []
    /// The number the next savepoint's name takes.
    private var nextSavepoint = 1

    /// The name of the savepoint the next command runs after.
    mutating func takeSavepoint() -> String {
        defer { nextSavepoint += 1 }
        return "rql_sandbox_\(nextSavepoint)"
    }

    mutating func record(_ step: Step) { steps.append(step) }

    /// Forgets the last `count` steps and gives the savepoint before the
    /// first of them, to roll back to.
    mutating func dropLast(_ count: Int) -> (savepoint: String, dropped: [Step])? {
        guard count > 0, count <= steps.count else { return nil }
        let dropped = Array(steps.suffix(count))
        steps.removeLast(count)
        return (dropped[0].savepoint, dropped)
    }
}

import GRDB
import RQLLanguage

/// One connection of a session and what the session knows of its database:
/// the database it opened, its queue, and the DSL catalog and functions as
/// last read from it. Commands run on the active one; `.connection` keeps
/// the others whole, to switch back to.
struct OpenConnection {
    /// The database it opened.
    var target: DatabaseTarget
    /// The connection to `target`; nil while it is a file another program
    /// had locked when the session opened it, until a command reads it
    /// (`Session.queue` opens it then).
    var queue: DatabaseQueue?
    /// The DSL catalog and the databases and schema versions it was read at.
    var catalogCache: (version: [String], catalog: Catalog)?
    /// The functions of the connection, read when a command first looks one
    /// up: they change only with the connection.
    var functionCache: [String: Catalog.FunctionKind]?
    /// `.sandbox on`: the transaction rql holds on it, and the commands in it.
    var sandbox: Sandbox?

    init(target: DatabaseTarget, queue: DatabaseQueue?) {
        self.target = target
        self.queue = queue
    }
}

import CSQLiteSupport

/// What rql sets for the whole SQLite library, once, before the first
/// connection opens.
enum SQLiteLibrary {
    /// Page caches allocate pages as they need them (`rql_allocate_pages_as_needed`).
    /// Once SQLite is initialized (by a program's own connection first, as
    /// in tests), it keeps what it had: nothing else changes.
    static let configured: Void = {
        _ = rql_allocate_pages_as_needed()
    }()
}

/// The sample scripts, embedded in the binary so an installed rql works from
/// any folder.
public enum SampleFiles {
    public static let reminders = String(decoding: PackageResources.reminders_sql, as: UTF8.self)
    /// The database file `reminders` makes up to its due dates.
    public static let remindersImage = PackageResources.reminders_sqlite
    /// The app's TEMP triggers, created on each connection to a Reminders database.
    public static let remindersApp = String(decoding: PackageResources.reminders_app_sql, as: UTF8.self)
    /// DSL definitions (helpers, enums, aliases) that come with the Reminders sample.
    public static let remindersPrelude = String(decoding: PackageResources.reminders_prelude_rql, as: UTF8.self)
    public static let employees = String(decoding: PackageResources.employees_sql, as: UTF8.self)
    public static let attachments = String(decoding: PackageResources.attachments_sql, as: UTF8.self)
    /// The sample notebooks (`Samples/notebooks/NAME.rql`), by name, in course order.
    public static let notebooks: [(name: String, text: String)] = [
        ("tour", PackageResources.tour_rql),
        ("pictures", PackageResources.pictures_rql),
        ("dsl", PackageResources.dsl_rql),
        ("types", PackageResources.types_rql),
        ("triggers", PackageResources.triggers_rql),
        ("standalone", PackageResources.standalone_rql),
        ("views", PackageResources.views_rql),
        ("fts", PackageResources.fts_rql),
        ("fts4", PackageResources.fts4_rql),
        ("functions", PackageResources.functions_rql),
        ("options", PackageResources.options_rql),
        ("json", PackageResources.json_rql),
        ("employees", PackageResources.employees_rql),
        ("attachments", PackageResources.attachments_rql),
        ("writes", PackageResources.writes_rql),
        ("transactions", PackageResources.transactions_rql),
        ("connections", PackageResources.connections_rql),
        ("migrations", PackageResources.migrations_rql),
        ("status", PackageResources.status_rql),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
}

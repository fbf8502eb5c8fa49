/// The sample scripts, embedded in the binary so an installed rql works from
/// any folder.
public enum SampleFiles {
    public static let reminders = String(decoding: PackageResources.reminders_sql, as: UTF8.self)
    /// DSL definitions (helpers, enums, aliases) that come with the Reminders sample.
    public static let remindersPrelude = String(decoding: PackageResources.reminders_prelude_rql, as: UTF8.self)
    public static let employees = String(decoding: PackageResources.employees_sql, as: UTF8.self)
    public static let attachments = String(decoding: PackageResources.attachments_sql, as: UTF8.self)
}

/// The errors of `.import` that point into the file being imported.
public enum ImportError {
    /// SQLite's default limit on a string, a blob or a row (`SQLITE_MAX_LENGTH`):
    /// a record longer than this cannot be stored, and reading on would hold it all.
    public static let maximumRecordBytes = 1_000_000_000
    /// The most columns a SQLite table can ever have (`SQLITE_MAX_COLUMN` at its highest).
    static let maximumFields = 32_767

    /// The error for a record past those limits, or nil.
    static func tooLarge(_ path: String, line: Int, bytes: Int, fields: Int, maximumBytes: Int) -> CommandError? {
        if bytes > maximumBytes {
            return at(path, line: line, .recordTooLong(maximum: maximumBytes))
        }
        if fields > maximumFields {
            return at(path, line: line, .tooManyFields(maximum: maximumFields))
        }
        return nil
    }

    /// `FILE:LINE: error: MESSAGE`, or `FILE:LINE:COLUMN:` where the column is known.
    static func at(_ path: String, line: Int, column: Int? = nil, _ problem: CommandProblem) -> CommandError {
        var error = CommandError(problem)
        error.location = "\(path):\(line)" + (column.map { ":\($0)" } ?? "")
        return error
    }
}

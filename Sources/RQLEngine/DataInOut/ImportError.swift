/// The errors of `.import` that point into the file being imported.
enum ImportError {
    /// `FILE:LINE: error: MESSAGE`.
    static func at(_ path: String, line: Int, _ message: String) -> CommandError {
        var error = CommandError(message)
        error.location = "\(path):\(line)"
        return error
    }
}

import FoundationEssentials
import Glibc

/// Facts about the terminal, read each time they are needed so a resized
/// window is honoured.
enum Terminal {
    /// Columns of the terminal on standard output, or nil when it is not one.
    static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Lines of the terminal on standard output, or nil when it is not one.
    static func rows() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}

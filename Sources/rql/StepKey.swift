import Foundation

/// What `rql run --step` waits for before each command: one key, read as
/// it is pressed (no Enter needed to send it).
enum StepKey {
    case run
    case quit

    /// Reads keys from standard input until Enter (run) or q (quit); any
    /// other key is ignored, and the end of the input quits. At a terminal
    /// the keys are read one at a time without echo.
    static func read() -> StepKey {
        let raw = RawKeys()
        defer { raw?.restore() }
        var byte: UInt8 = 0
        while Foundation.read(STDIN_FILENO, &byte, 1) == 1 {
            switch byte {
            case 0x0A, 0x0D: return .run
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
            default: continue
            }
        }
        return .quit
    }
}

/// A terminal read key by key without echo, until `restore()`; nil when
/// standard input is not a terminal.
private struct RawKeys {
    private let saved: termios

    init?() {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else { return nil }
    }

    func restore() {
        var settings = saved
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}

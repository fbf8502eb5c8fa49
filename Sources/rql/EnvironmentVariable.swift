import FoundationEssentials
import Glibc

/// The value of the environment variable `name`, read with `getenv`:
/// `ProcessInfo.processInfo.environment` copies every variable into a
/// dictionary first, which cost more than the rest of reading the command
/// line.
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

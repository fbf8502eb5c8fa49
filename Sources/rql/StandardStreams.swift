import ArgumentParser
import FoundationEssentials
import Glibc
import RQLRender

/// Writes `text` to standard error. A failure there cannot be reported
/// anywhere, so it is ignored (rather than stopping rql, as
/// `FileHandle.write` would).
func writeToStandardError(_ text: String) {
    let output = ByteOutput.standard(STDERR_FILENO)
    output.write(text)
    output.flush()
}

/// `rql: MESSAGE` on standard error.
func printError(_ message: String) {
    writeToStandardError("rql: \(message)\n")
}

/// Ends a command that wrote its results to `output`: flushes it, and
/// throws `ExitCode(status)` unless the status is 0. Output that did not
/// arrive (a full disk) is said on standard error and makes the status at
/// least `failure`.
///
///     let output = ByteOutput.standard(STDOUT_FILENO)
///     output.write(listing)
///     try finish(output)   // rql: cannot write standard output: No space left on device
func finish(_ output: ByteOutput, status: Int32 = 0, failure: Int32 = 1) throws {
    var status = status
    do {
        try output.checkWrites()
    } catch {
        printError("\(error)")
        status = max(status, failure)
    }
    if status != 0 { throw ExitCode(status) }
}

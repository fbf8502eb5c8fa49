import Foundation
import RQLRender

extension Session {
    /// Starts sending this command's output to a pager when `.pager` allows
    /// it: output to a terminal device (not redirected), not already paged
    /// by an enclosing command (`.read`). Returns whether it did.
    func beginPaging() -> Bool {
        // A recorded command's output is copied from the console, where the pager would take it.
        guard paging == nil, redirection == nil, recording == nil, console.isTerminal, settings.pager != .off,
              case .fileDescriptor = console.destination else { return false }
        let environment = ProcessInfo.processInfo.environment
        let command = Pager.command(in: environment)
        guard Pager.canRun(command, path: environment["PATH"]) else {
            if !reportedMissingPager {
                reportedMissingPager = true
                diagnostics.write("note: the pager \(command) is not installed; set RQL_PAGER or PAGER, or .pager off\n")
            }
            return false
        }
        console.flush()
        let height = max((Terminal.rows() ?? 24) - 1, 1)  // the prompt keeps a line
        let pager = Pager(command: command, threshold: settings.pager == .on ? 0 : height, console: console)
        paging = (pager, ByteOutput(.custom(pager), name: "the pager", isTerminal: true))
        return true
    }

    /// Ends the command's paging: its short output goes to the console, or
    /// rql waits until the pager quits. Throws if the pager did not start.
    func endPaging() throws {
        guard let (pager, output) = paging else { return }
        paging = nil
        output.flush()
        pager.finish()
        if let failure = pager.failure { throw failure }
        try output.checkWrites()
    }
}

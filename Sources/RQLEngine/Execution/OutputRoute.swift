import FoundationEssentials
import Glibc
import RQLRender

/// Where a session's results go: the console, or a file or command that
/// `.output` and `.once` name, or, for one command's output to a terminal,
/// a pager. Commands write to `current`.
final class OutputRoute {
    /// Where output goes unless redirected or paged.
    let console: ByteOutput
    /// `.output FILE`, `.once FILE` or `|COMMAND`.
    private(set) var redirection: Redirection?
    /// The pager this command's output on the terminal may go through, and
    /// the output that feeds it.
    private(set) var paging: (pager: Pager, output: ByteOutput)?
    /// Whether the route said that the pager cannot be found.
    private var reportedMissingPager = false

    init(console: ByteOutput) {
        self.console = console
    }

    /// The output results go to now.
    var current: ByteOutput { redirection?.output ?? paging?.output ?? console }

    /// Sends output to `path` (or `|COMMAND`) from now on; throws if the
    /// file output went to until now did not get all of it (output still
    /// moves to `path`).
    func redirect(to path: String, once: Bool) throws {
        let next = try Redirection(path: path, once: once)
        defer { redirection = next }
        try endRedirection()
    }

    /// Closes the file output went to, if any; throws if it did not get
    /// every byte (a full disk).
    func endRedirection() throws {
        guard let ending = redirection else { return }
        redirection = nil
        ending.end()
        try ending.output.checkWrites()
    }

    /// Starts sending this command's output to a pager as `mode` allows:
    /// output to a terminal device (not redirected), not already paged by an
    /// enclosing command (`.read`), not copied by `.record` (the pager would
    /// take what it copies). Says once on `diagnostics` when the pager cannot
    /// be found. Returns whether it did.
    func beginPaging(_ mode: SessionSettings.PagerMode, recording: Bool, diagnostics: ByteOutput) -> Bool {
        guard paging == nil, redirection == nil, !recording, console.isTerminal, mode != .off,
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
        let pager = Pager(command: command, threshold: mode == .on ? 0 : height, console: console)
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

    /// Pages the whole of this command's output, however short (`.last --full`).
    func pageEverything() {
        paging?.pager.threshold = 0
    }
}

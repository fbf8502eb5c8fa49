import FoundationEssentials
import Glibc

/// A command run with `/bin/sh -c`, reading what rql writes into its
/// standard input (`.output |COMMAND`, the pager). It stays in rql's process
/// group, so a pager can take the terminal. While it reads, SIGPIPE is
/// ignored: a command that stops reading (`|head -1`, quitting the pager)
/// makes writes fail quietly instead of ending rql.
final class PipedCommand {
    /// The write end of the command's standard input; its owner closes it.
    let descriptor: Int32
    private let process: pid_t
    private let previousPipeSignal: (@convention(c) (Int32) -> Void)?

    init(_ command: String) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandError(.cannotMakePipe(command, reason: String(cString: strerror(errno))))
        }
        // Neither end may leak into other commands rql starts.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        var process: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let status = posix_spawn(&process, "/bin/sh", &actions, nil, &argv, environ)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            throw CommandError(.cannotRun("/bin/sh", reason: String(cString: strerror(status))))
        }
        self.process = process
        descriptor = ends[1]
        previousPipeSignal = signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for the command once its input is closed, and restores SIGPIPE.
    func wait() {
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        signal(SIGPIPE, previousPipeSignal)
    }
}

import FoundationEssentials
import Glibc
import RQLRender

/// `.pager`: a command's output on a terminal goes through a pager program
/// once it is taller than the window (`auto`), or as soon as it has a line
/// (`on`). Until then its bytes wait here, at most a window's worth; a
/// command whose output ends first prints on the terminal as it would
/// have without a pager.
final class Pager: ByteDestination {
    /// The pager the environment asks for: `RQL_PAGER`, then `PAGER`, then
    /// less chopping long lines (they scroll sideways), keeping colors,
    /// quitting at once on a result that fits the screen and leaving it on
    /// it, and quitting on Ctrl-C.
    static func command(in environment: [String: String]) -> String {
        for name in ["RQL_PAGER", "PAGER"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "less -SRFXK"
    }

    /// Whether the program `command` starts with can be found (a path, or
    /// a name on `PATH`).
    static func canRun(_ command: String, path: String?) -> Bool {
        guard let program = command.split(separator: " ").first.map(String.init) else { return false }
        if program.contains("/") { return access(program, X_OK) == 0 }
        return (path ?? "").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    let command: String
    /// The lines output may take before it goes through the pager; 0
    /// sends any line there.
    var threshold: Int
    /// Where output goes when it does not go through the pager.
    private let console: ByteOutput
    private var waiting: [UInt8] = []
    private var lines = 0
    private var program: PipedCommand?
    /// Why the pager could not start, for the session to report; output
    /// then goes to the console.
    private(set) var failure: Error?

    init(command: String, threshold: Int, console: ByteOutput) {
        self.command = command
        self.threshold = threshold
        self.console = console
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        if let program {
            console.copy?.write(bytes)
            return ByteOutput.write(bytes, to: program.descriptor)
        }
        if failure != nil {
            console.write(bytes)
            return nil
        }
        waiting.append(contentsOf: bytes)
        lines += bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        guard lines > threshold else { return nil }
        do {
            let started = try PipedCommand(command)
            program = started
            console.copy?.write(waiting)
            return waiting.withUnsafeBytes { ByteOutput.write($0, to: started.descriptor) }
        } catch {
            failure = error
            console.write(waiting)
            return nil
        }
    }

    /// Ends the command's output: what still waits goes to the console; or
    /// the pager's input closes and rql waits until the pager quits.
    func finish() {
        guard let program else {
            console.write(waiting)
            waiting = []
            return
        }
        close(program.descriptor)
        program.wait()
    }
}

import FoundationEssentials
import Glibc

/// The person's own editor, as `.edit` and Ctrl-X Ctrl-E open it:
/// `$VISUAL`, else `$EDITOR`, else `vi`, run by `/bin/sh` as git runs it
/// (so `EDITOR='code --wait'` works), on a private temporary file.
///
///     let editor = ExternalEditor(environment: ["EDITOR": "nano"])
///     let text = try editor.edit("SELECT 1;")   // what the person saved
struct ExternalEditor {
    /// The command, as the variable gives it.
    let command: String
    /// `VISUAL` or `EDITOR`; nil for the default, `vi`.
    let variable: String?

    init(environment: [String: String]) {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.allSatisfy(\.isWhitespace) {
                command = value
                variable = name
                return
            }
        }
        command = "vi"
        variable = nil
    }

    /// Opens the editor on `text` and gives what the file holds when it
    /// exits with status 0. The file is made readable by its owner only,
    /// named `.sql` so that editors colour it, and removed afterwards.
    func edit(_ text: String) throws -> String {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/rql-edit-XXXXXX.sql".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
        }
        guard descriptor >= 0 else { throw CommandError(.editFile(reason: ExternalEditor.systemError())) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = Array((text.isEmpty || text.hasSuffix("\n") ? text : text + "\n").utf8)
        let complete = written.withUnsafeBytes { bytes in ExternalEditor.writeAll(bytes, to: descriptor) }
        close(descriptor)
        guard complete else { throw CommandError(.editFile(reason: ExternalEditor.systemError())) }
        let status = try run(on: path)
        if status != 0 {
            // The shell's own statuses: found but not runnable (126), not found (127).
            if status == 126 << 8 || status == 127 << 8 {
                throw CommandError(.editorNotFound(command, variable: variable))
            }
            let how = ExternalEditor.exited(status) ? "exited with status \(ExternalEditor.exitCode(status))"
                : "was stopped by signal \(status & 0x7f)"
            throw CommandError(.editorFailed(command, how: how))
        }
        guard let saved = FileManager.default.contents(atPath: path) else {
            throw CommandError(.editFile(reason: "the editor removed it"))
        }
        return String(decoding: saved, as: UTF8.self)
    }

    /// Runs `sh -c 'COMMAND "$@"' sh PATH` on the terminal rql has, and
    /// gives its wait status.
    private func run(on path: String) throws -> Int32 {
        let arguments = ["sh", "-c", command + " \"$@\"", "sh", path]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, "/bin/sh", nil, nil, &pointers, environ)
        guard started == 0 else { throw CommandError(.cannotRun("/bin/sh", reason: String(cString: strerror(started)))) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw CommandError(.cannotRun(command, reason: ExternalEditor.systemError())) }
        }
        return status
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func exited(_ status: Int32) -> Bool { status & 0x7f == 0 }
    private static func exitCode(_ status: Int32) -> Int32 { (status >> 8) & 0xff }
    private static func systemError() -> String { String(cString: strerror(errno)) }
}

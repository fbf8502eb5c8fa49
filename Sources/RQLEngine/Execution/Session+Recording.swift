import RQLRender

/// Where `.record FILE.rql` puts each command typed at the prompt, with what
/// it printed, as a new notebook cell. The notebook format is not the
/// engine's to know: `Session.notebooks` makes the recorder.
public protocol CellRecorder: AnyObject {
    /// The notebook it appends to.
    var path: String { get }
    /// Cells appended so far.
    var count: Int { get }
    /// The width and row limit a notebook replays results at, which
    /// results are printed at while recording, unless `.width` or `.maxrows` says otherwise.
    var lineWidth: Int { get }
    var maxRows: Int { get }
    /// Appends `command` and its output: `printed` is everything it wrote,
    /// results and errors, `changedRows` what its write changed, and
    /// `failed` whether it failed.
    func append(_ command: Command, printed: String, changedRows: Int?, failed: Bool) throws
}

/// `.record`'s state: the notebook it appends to and the bytes of the
/// command running now.
final class Recording {
    let recorder: any CellRecorder
    let printed = ByteOutput(.memory)
    /// The command recorded for the one running now, when it is another (a
    /// tour step's, for the `.tour next` that ran it), and its outcome.
    var instead: (command: Command, outcome: CommandOutcome)?

    init(recorder: any CellRecorder) {
        self.recorder = recorder
    }
}

extension Session {
    /// Starts appending typed commands to the notebook at `path`.
    func startRecording(to path: String) throws {
        guard path.hasSuffix(".rql") else {
            throw CommandError(.recordNotNotebook(path))
        }
        guard let notebooks else {
            throw CommandError(.notAvailable(command: ".record"))
        }
        if let recording { stopRecording(recording) }
        let recorder = try notebooks.recorder(path: path, target: target, mode: settings.mode)
        recording = Recording(recorder: recorder)
        output.write("recording to \(recorder.path): each command and its output becomes a cell; .record off stops\n")
    }

    /// `.record off`.
    func stopRecording() throws {
        guard let recording else { throw CommandError(.notRecording) }
        stopRecording(recording)
    }

    func stopRecording(_ recording: Recording) {
        self.recording = nil
        let count = recording.recorder.count
        output.write("recorded \(count) \(count == 1 ? "cell" : "cells") to \(recording.recorder.path)\n")
    }

    /// Runs `body` (one command typed at the prompt) with what it prints
    /// copied, then appends it to the notebook being recorded. While it
    /// records, output is written as the notebook replays it: without
    /// colors, and errors without the script's `FILE:LINE:`. Commands run
    /// by `.read`, and `.record` itself, are not recorded. A notebook that
    /// cannot be written ends the recording.
    func recordingIfOn(_ command: Command, origin: String?, _ body: () -> CommandOutcome) -> CommandOutcome {
        guard let recording, readDepth == 0 else { return body() }
        recording.printed.clear()
        recording.instead = nil
        console.copy = recording.printed
        diagnostics.copy = recording.printed
        let outcome = body()
        console.flush()
        diagnostics.flush()
        console.copy = nil
        diagnostics.copy = nil
        guard self.recording === recording, !hasQuit else { return outcome }
        do {
            let recorded = recording.instead ?? (command, outcome)
            try recording.recorder.append(recorded.command, printed: recording.printed.text,
                                          changedRows: recorded.outcome.changedRows, failed: !recorded.outcome.succeeded)
        } catch {
            self.recording = nil
            var error = CommandError.from(error)
            error.notes.append(.recordingStopped)
            report(error, at: command, origin: nil)
        }
        return outcome
    }
}

import FoundationEssentials
import Glibc
import RQLRender

/// The line `.import` keeps up to date on a terminal while a file takes
/// longer than half a second: how far through the file it is, the records
/// so far and their rate. Nothing is written into pipes and files.
final class ImportProgress {
    private let source: ImportSource
    private let output: ByteOutput?
    private let started = Date()
    private var phaseStarted = Date()
    private var phase = Phase.reading
    private var lastShown: Date?
    private var shows = false

    init(source: ImportSource, to output: ByteOutput) {
        self.source = source
        self.output = output.isTerminal ? output : nil
    }

    /// Called every few thousand records; shows the line at most ten times a second.
    func update(records: Int) {
        guard let output else { return }
        let now = Date()
        guard now.timeIntervalSince(started) >= 0.5, now.timeIntervalSince(lastShown ?? .distantPast) >= 0.1 else { return }
        lastShown = now
        shows = true
        var line = "\r\(phase.rawValue) \(source.path): \(ImportProgress.megabytes(source.bytesRead))"
        if let size = source.size, size > 0 {
            line += " of \(ImportProgress.megabytes(size)) (\(source.bytesRead * 100 / size)%)"
        }
        let seconds = max(now.timeIntervalSince(phaseStarted), 0.001)
        line += ", \(records) records, \(Int(Double(records) / seconds)) records/s\u{1B}[K"
        output.write(line)
        output.flush()
    }

    /// What the line says is going on: the file read for its columns'
    /// types, or records inserted.
    enum Phase: String {
        case reading, importing
    }

    func begin(_ phase: Phase) {
        self.phase = phase
        phaseStarted = Date()
    }

    /// Clears the line, if it was shown.
    func finish() {
        guard shows, let output else { return }
        shows = false
        output.write("\r\u{1B}[K")
        output.flush()
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

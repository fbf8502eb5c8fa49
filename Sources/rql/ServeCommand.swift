import ArgumentParser
import Dispatch
import Foundation
import Glibc
import RQLEngine
import RQLNotebook
import RQLRender
import RQLServe

/// `rql serve [NOTEBOOK | FOLDER]`: notebooks as a local web page.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql serve",
        abstract: "Edit and run notebooks on a local web page, saving the plain text rql check reads.",
        discussion: """
            Serves a notebook, every notebook under a folder, or (with neither) a new notebook \
            on the Reminders sample, on 127.0.0.1 behind a random token, and prints the page's \
            address. Prose shows as Markdown, cells run through the same session as the prompt \
            (Shift-Enter runs and moves on, Ctrl-Enter runs, Ctrl-S saves), results show as \
            tables, charts and diagrams. Saving writes what rql update writes, atomically, and \
            never over a file changed on disk since the page loaded it. Cells run in safe mode \
            unless --unsafe. Nothing is loaded from anywhere else. Ctrl-C stops the server; \
            nothing is saved that the page did not save.
            """)

    @Argument(help: ArgumentHelp("A .rql notebook, or a folder of them (default: a new notebook).", valueName: "notebook-or-folder"))
    var path: String?

    @Option(help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "n"))
    var port: UInt16 = 0

    @Option(help: ArgumentHelp("Run every notebook on this sample instead of its own database.", valueName: "name"))
    var sample: String?

    @Option(help: ArgumentHelp("Run every notebook on a private copy of this database file instead.", valueName: "file"))
    var db: String?

    @OptionGroup var running: NotebookRunOptions

    func validate() throws {
        if sample != nil, db != nil { throw ValidationError(.eitherOr("--sample", "--db")) }
        if let sample, Sample.named(sample) == nil { throw ValidationError(.unknownSample(sample)) }
        if let db, !FileManager.default.isReadableFile(atPath: db) { throw ValidationError(.serveDatabase(db)) }
        if let path {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            guard isFolder.boolValue || (exists && path.hasSuffix(".rql")) else { throw ValidationError(.serveWhat(path)) }
        }
    }

    func run() throws {
        // --db is named here, so safe mode lets every notebook open it, wherever it is.
        let database = db.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        let source: Notebook.Source? = if let sample { Sample.named(sample).map(Notebook.Source.sample) } else { database.map(Notebook.Source.file) }
        var runner = running.runner()
        runner.namedDatabase = database
        var options = ServeOptions(folder: ".", notebook: nil, listsFolder: false, port: port, source: source, runner: runner)
        if let path {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            if isFolder.boolValue {
                options.folder = path
                options.listsFolder = true
            } else {
                let folder = (path as NSString).deletingLastPathComponent
                options.folder = folder.isEmpty ? "." : folder
                options.notebook = (path as NSString).lastPathComponent
            }
        }
        let server: NotebookServer
        let address: String
        do {
            server = try NotebookServer(options)
            address = try Self.wait { try await server.start() }
        } catch {
            writeToStandardError("rql serve: \(CellText.visibleLine(String(describing: error)))\n")
            throw ExitCode(1)
        }
        let console = ByteOutput.standard(STDOUT_FILENO)
        console.write("rql serve: \(address)  (Ctrl-C stops)\n")
        console.flush()
        // Ctrl-C and SIGTERM stop the server; what the page did not save stays unsaved.
        let finished = DispatchSemaphore(value: 0)
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber, SIG_IGN) }
        let stops = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
        for stop in stops {
            stop.setEventHandler {
                Task {
                    await server.stop()
                    writeToStandardError("rql serve: stopped\n")
                    finished.signal()
                }
            }
            stop.resume()
        }
        finished.wait()
        withExtendedLifetime(stops) {}
    }

    /// Runs async work from this synchronous command and waits for it.
    private static func wait(_ work: @escaping @Sendable () async throws -> String) throws -> String {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        Task {
            do { result.value = .success(try await work()) } catch { result.value = .failure(error) }
            done.signal()
        }
        done.wait()
        return try result.value?.get() ?? ""
    }
}

private final class ResultBox: @unchecked Sendable {
    var value: Result<String, any Error>?
}

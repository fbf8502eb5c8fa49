import Dispatch
import Foundation
import RQLEngine
import RQLNotebook
import RQLServe

/// `rql serve`'s API on any request, answered in the process as over a
/// socket: the answer is one of the statuses the API gives, an API answer
/// is a JSON object (with an `error` when it is not 200), and nothing
/// outside the served folder is written. An input is a request line's
/// method and target, a newline, and the body; it carries the token and
/// the right Host. Bodies that set a cell's time limit (`@timeout`) are
/// left alone: a notebook may let its cells run for hours.
enum ServeRequestCheck {
    /// A folder holding a folder that is served (with a copy of the tour) and a notebook outside it.
    struct Served: @unchecked Sendable {
        let server: NotebookServer
        let root: String
        let outside: String
        let outsideText: String
    }

    static let served: Served? = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rql-fuzz-serve-\(getpid())").path
        let folder = root + "/served"
        let outside = root + "/outside.rql"
        let outsideText = "SELECT 'outside';\n"
        do {
            try? FileManager.default.removeItem(atPath: root)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try outsideText.write(toFile: outside, atomically: true, encoding: .utf8)
            try (Tour.notebook(named: "tour") ?? "").write(toFile: folder + "/tour.rql", atomically: true, encoding: .utf8)
            // Cells stop after a quarter of a second.
            let runner = NotebookRunner(timeLimit: CellTimeLimit(seconds: 0.25, text: "250ms"))
            let options = ServeOptions(folder: folder, notebook: "tour.rql", listsFolder: false, port: 0, source: nil,
                                       runner: runner, token: "fuzz")
            return Served(server: try NotebookServer(options), root: root, outside: outside, outsideText: outsideText)
        } catch {
            return nil
        }
    }()

    static let statuses: Set<Int> = [200, 303, 400, 403, 404, 409, 413, 500]

    static func problems(_ input: [UInt8]) -> [String] {
        guard let served else { return ["the served folder could not be made"] }
        let text = String(decoding: input, as: UTF8.self)
        guard !text.contains("@timeout") else { return [] }
        let (line, body) = text.firstIndex(of: "\n").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) } ?? (text, "")
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return [] }
        let method = String(parts[0]), target = String(parts[1])
        let headers = [("Host", "127.0.0.1:0"), ("Cookie", "rql-token-0=fuzz"), ("Content-Type", "application/json")]
        let reply = Answer()
        let done = DispatchSemaphore(value: 0)
        Task {
            reply.value = await served.server.respond(method: method, target: target, headers: headers, body: Data(body.utf8))
            done.signal()
        }
        done.wait()
        guard let (status, answer) = reply.value else { return ["no answer"] }
        var problems: [String] = []
        if !statuses.contains(status) { problems.append("status \(status)") }
        if target.hasPrefix("/api/") {
            let object = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any]
            if object == nil { problems.append("the answer is not a JSON object: \(String(decoding: answer.prefix(200), as: UTF8.self))") }
            if status != 200, !(object?["error"] is String) { problems.append("a \(status) without an error") }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: served.root).sorted()) ?? []
        if names != ["outside.rql", "served"] { problems.append("a file was written beside the served folder: \(names)") }
        if (try? String(contentsOfFile: served.outside, encoding: .utf8)) != served.outsideText {
            problems.append("the notebook outside the served folder changed")
        }
        return problems
    }

    private final class Answer: @unchecked Sendable {
        var value: (Int, Data)?
    }
}

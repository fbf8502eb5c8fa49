import Foundation
import Glibc
import RQLEngine
import RQLNotebook
@testable import RQLServe
import Testing

/// `rql serve` over real HTTP, on a port of its own: the token, the Host
/// check, traversal, the body limit, running, paging, stopping, saving.
@Suite(.serialized) struct ServeHTTPTests {
    static let token = "t0k3n"
    static let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/notebooks/tour.rql").path

    /// A folder with a copy of the tour, served; the test gets the folder and a client.
    func serving(folder files: [String: String] = [:], listsFolder: Bool = false,
                 _ body: (String, RawHTTP) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rql-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.tour, toPath: folder + "/tour.rql")
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let options = ServeOptions(folder: folder, notebook: listsFolder ? nil : "tour.rql", listsFolder: listsFolder, port: 0,
                                   source: nil, runner: NotebookRunner(), token: Self.token)
        let server = try NotebookServer(options)
        _ = try await server.start()
        let client = RawHTTP(port: server.port)
        do {
            try await body(folder, client)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The segments of a notebook view, as the page sends them back.
    static func segments(_ view: [String: Any]) -> [[String: Any]] {
        (view["segments"] as? [[String: Any]] ?? []).map { segment in
            segment["kind"] as? String == "text" ? ["kind": "text", "lines": segment["lines"] ?? []]
                : ["kind": "cell", "source": segment["source"] ?? "", "output": segment["output"] ?? NSNull()]
        }
    }

    @Test func everyRequestNeedsTheToken() async throws {
        try await serving { _, http in
            #expect(try await http.request("GET", "/", token: nil).status == 403)
            #expect(try await http.request("GET", "/api/notebooks", token: nil).status == 403)
            #expect(try await http.request("GET", "/api/notebooks", token: "wrong").status == 403)
            let denied = try await http.request("GET", "/api/notebooks", token: nil)
            #expect(denied.json["error"] as? String == "this page needs the address rql serve printed, with its token")
            // The token in the address sets the cookie and leaves the address.
            let entry = try await http.request("GET", "/?token=\(Self.token)", token: nil)
            #expect(entry.status == 303)
            #expect(entry.headers["location"] == "/")
            #expect(entry.headers["set-cookie"] == "rql-token-\(http.port)=\(Self.token); Path=/; HttpOnly; SameSite=Strict")
            let page = try await http.request("GET", "/", token: Self.token)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'none'; script-src 'self'") == true)
            #expect(page.headers["access-control-allow-origin"] == nil)
            for file in ["/page.js", "/page.css", "/export.css"] {
                #expect(try await http.request("GET", file, token: Self.token).status == 200)
            }
        }
    }

    @Test func theHostMustBeTheLoopbackAndThePort() async throws {
        try await serving { _, http in
            #expect(try await http.request("GET", "/api/notebooks", token: Self.token, host: "localhost:\(http.port)").status == 200)
            let rebound = try await http.request("GET", "/api/notebooks", token: Self.token, host: "attacker.example:\(http.port)")
            #expect(rebound.status == 403)
            #expect(rebound.json["error"] as? String == "the Host header must name 127.0.0.1 or localhost and this server's port")
            #expect(try await http.request("GET", "/api/notebooks", token: Self.token, host: "127.0.0.1:1").status == 403)
            let noHost = try await http.send("GET /api/notebooks HTTP/1.1\r\nConnection: close\r\nCookie: rql-token-\(http.port)=\(Self.token)\r\n\r\n")
            #expect(noHost.status == 403)
            let crossSite = try await http.request("POST", "/api/highlight", token: Self.token, json: ["source": "SELECT 1"],
                                             extra: ["Origin: http://attacker.example"])
            #expect(crossSite.status == 403)
            #expect(crossSite.json["error"] as? String == "requests from other sites are refused")
            let sameSite = try await http.request("POST", "/api/highlight", token: Self.token, json: ["source": "SELECT 1"],
                                            extra: ["Origin: http://127.0.0.1:\(http.port)"])
            #expect(sameSite.status == 200)
        }
    }

    @Test func nothingOutsideTheFolderIsServed() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("rql-outside-\(UUID().uuidString).rql").path
        try "SELECT 'secret';\n".write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try await serving { folder, http in
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.rql", withDestinationPath: outside)
            // A link to a file that does not exist yet, outside: saving through it would make that file.
            let nowhere = outside + ".new.rql"
            try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.rql", withDestinationPath: nowhere)
            let throughLink = try await http.request("POST", "/api/save", token: Self.token,
                                                     json: ["path": "tour.rql", "version": "x", "text": "SELECT 1;\n", "saveAs": "dangling.rql"])
            #expect(throughLink.status == 404)
            #expect(!FileManager.default.fileExists(atPath: nowhere))
            for target in ["/api/../../etc/passwd", "/../tour.rql", "/api/notebook/..%2F..%2Fetc"] {
                #expect(try await http.request("GET", target, token: Self.token).status == 404, "\(target)")
            }
            for path in ["../tour.rql", "/etc/passwd.rql", "a/../tour.rql", "link.rql", "tour.sqlite", "./tour.rql"] {
                let encoded = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path
                let response = try await http.request("GET", "/api/notebook?path=\(encoded)", token: Self.token)
                #expect(response.status == 404, "\(path)")
                #expect((response.json["error"] as? String)?.hasSuffix("is not a notebook name here: a path inside the served folder, ending in .rql, without ..") == true)
            }
            let saveOutside = try await http.request("POST", "/api/save", token: Self.token,
                                               json: ["path": "tour.rql", "version": "x", "text": "SELECT 1;\n", "saveAs": "../escape.rql"])
            #expect(saveOutside.status == 404)
            #expect(try await http.request("GET", "/api/notebook?path=missing.rql", token: Self.token).json["error"] as? String
                == "no notebook missing.rql here")
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        try await serving { _, http in
            let head = "POST /api/highlight HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nConnection: close\r\n"
                + "Cookie: rql-token-\(http.port)=\(Self.token)\r\nContent-Type: application/json\r\nContent-Length: \(9 << 20)\r\n\r\n"
            let response = try await http.send(head, body: Data("{\"source\":\"".utf8))
            #expect(response.status == 413)
            #expect(response.json["error"] as? String == "the request is larger than 8 MiB")
        }
    }

    @Test func aCellRunsAndItsOutputSavesAsRqlUpdateWritesIt() async throws {
        try await serving { folder, http in
            let view = try await http.request("GET", "/api/notebook?path=tour.rql", token: Self.token).json
            var segments = Self.segments(view)
            // Sent back untouched, the notebook saves as the same bytes.
            let same = try await http.request("POST", "/api/save", token: Self.token,
                                        json: ["path": "tour.rql", "version": view["version"] ?? "", "segments": segments])
            #expect(same.status == 200)
            #expect(try String(contentsOfFile: folder + "/tour.rql", encoding: .utf8) == String(contentsOfFile: Self.tour, encoding: .utf8))
            // The first query, edited to non-ASCII text, run and saved.
            segments[3]["source"] = "SELECT 'héllo 日本 👩‍👩‍👧' AS greeting;"
            let ran = try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql", "segments": segments, "segment": 3])
            #expect(ran.status == 200)
            let output = try #require(ran.json["output"] as? [String])
            #expect(output.contains("│ héllo 日本 👩‍👩‍👧 │"))
            #expect((ran.json["diff"] as? String)?.contains("+--> │ héllo 日本 👩‍👩‍👧 │") == true)
            #expect((ran.json["html"] as? String)?.contains("<td>héllo 日本 👩‍👩‍👧</td>") == true)
            segments[3]["output"] = output
            let saved = try await http.request("POST", "/api/save", token: Self.token,
                                         json: ["path": "tour.rql", "version": same.json["version"] ?? "", "segments": segments])
            #expect(saved.status == 200)
            let notebook = try Notebook.load(folder + "/tour.rql")
            let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
            #expect(check.drifted.isEmpty && check.errorCount == 0)
            // Only the one cell's lines changed.
            let before = try String(contentsOfFile: Self.tour, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let after = try String(contentsOfFile: folder + "/tour.rql", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(Array(before.prefix(17)) == Array(after.prefix(17)))
            #expect(Array(before.suffix(before.count - 25)) == Array(after.suffix(after.count - 23)))
        }
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() async throws {
        try await serving { folder, http in
            let view = try await http.request("GET", "/api/notebook?path=tour.rql", token: Self.token).json
            let body: [String: Any] = ["path": "tour.rql", "version": view["version"] ?? "", "segments": Self.segments(view)]
            // Another editor writes the file.
            try "SELECT 'theirs';\n".write(toFile: folder + "/tour.rql", atomically: true, encoding: .utf8)
            let refused = try await http.request("POST", "/api/save", token: Self.token, json: body)
            #expect(refused.status == 409)
            #expect(refused.json["changed"] as? Bool == true)
            #expect(refused.json["error"] as? String == "tour.rql changed on disk since this page loaded it: reload it, or save under another name")
            #expect(try String(contentsOfFile: folder + "/tour.rql", encoding: .utf8) == "SELECT 'theirs';\n")
            // Save as writes a new file, and never over one.
            var saveAs = body
            saveAs["saveAs"] = "mine.rql"
            let written = try await http.request("POST", "/api/save", token: Self.token, json: saveAs)
            #expect(written.status == 200)
            #expect(written.json["path"] as? String == "mine.rql")
            #expect(try String(contentsOfFile: folder + "/mine.rql", encoding: .utf8) == String(contentsOfFile: Self.tour, encoding: .utf8))
            let again = try await http.request("POST", "/api/save", token: Self.token, json: saveAs)
            #expect(again.status == 409)
            #expect(again.json["error"] as? String == "mine.rql exists already: save as another name")
        }
    }

    @Test func twoTabsSavingTheSameNotebook() async throws {
        try await serving { _, http in
            let view = try await http.request("GET", "/api/notebook?path=tour.rql", token: Self.token).json
            var segments = Self.segments(view)
            segments[3]["source"] = "SELECT 1;"
            let first = try await http.request("POST", "/api/save", token: Self.token,
                                         json: ["path": "tour.rql", "version": view["version"] ?? "", "segments": segments])
            #expect(first.status == 200)
            segments[3]["source"] = "SELECT 2;"
            let second = try await http.request("POST", "/api/save", token: Self.token,
                                          json: ["path": "tour.rql", "version": view["version"] ?? "", "segments": segments])
            #expect(second.status == 409)
            #expect(second.json["changed"] as? Bool == true)
        }
    }

    @Test func aLongResultIsHeldAndPaged() async throws {
        try await serving { _, http in
            let segments: [[String: Any]] = [["kind": "text", "lines": ["-- @sample reminders"]],
                                             ["kind": "cell", "source": "SELECT value, 'ß' || value FROM generate_series(1, 2000);", "output": NSNull()]]
            let ran = try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql", "segments": segments, "segment": 1])
            let html = try #require(ran.json["html"] as? String)
            #expect(html.components(separatedBy: "<tr>").count - 2 == PageHTML.pageRows)
            #expect(html.contains("<button class=\"more\" data-result=\"1\" data-offset=\"200\">Show more (200 of 2000 rows shown)</button>"))
            var offset: Int? = 200
            var pages = 0
            while let next = offset {
                let page = try await http.request("GET", "/api/rows?path=tour.rql&result=1&offset=\(next)", token: Self.token).json
                if pages == 0 { #expect((page["html"] as? String)?.hasPrefix("<tr><td class=\"number\">201</td><td>ß201</td></tr>") == true) }
                offset = page["next"] as? Int
                pages += 1
            }
            #expect(pages == 9)
            #expect(try await http.request("GET", "/api/rows?path=tour.rql&result=99&offset=0", token: Self.token).status == 404)
        }
    }

    @Test func stopInterruptsACellThatRunsForever() async throws {
        try await serving { _, http in
            let segments: [[String: Any]] = [["kind": "text", "lines": ["-- @sample reminders"]],
                                             ["kind": "cell", "source": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;", "output": NSNull()]]
            let ran = Task { try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql", "segments": segments, "segment": 1]) }
            // Stop until the cell has stopped: a Stop that comes before the cell starts has nothing to stop.
            let stopping = Task { () async throws in
                while !Task.isCancelled {
                    #expect(try await http.request("POST", "/api/stop", token: Self.token, json: ["path": "tour.rql"]).status == 200)
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            let result = try await ran.value.json
            stopping.cancel()
            #expect(result["failed"] as? Bool == true)
            #expect((result["output"] as? [String])?.first?.hasPrefix("error: interrupted") == true)
            // Stopped by the page, not by the cell's time limit.
            #expect(result["output"] as? [String] == ["error: interrupted"])
        }
    }

    @Test func aNotebookThatDoesNotParseOpensAsText() async throws {
        try await serving(folder: ["broken.rql": "-- fine\n--> an output with no command\n"], listsFolder: true) { _, http in
            let list = try await http.request("GET", "/api/notebooks", token: Self.token).json
            #expect(list["notebooks"] as? [String] == ["broken.rql", "tour.rql"])
            let view = try await http.request("GET", "/api/notebook?path=broken.rql", token: Self.token).json
            #expect((view["segments"] as? [Any])?.isEmpty == true)
            #expect(view["text"] as? String == "-- fine\n--> an output with no command\n")
            let error = try #require(view["error"] as? [String: Any])
            #expect(error["line"] as? Int == 2)
        }
    }

    @Test func cellErrorsTheUserCanFix() async throws {
        try await serving { _, http in
            func run(_ source: String) async throws -> RawHTTP.Response {
                let segments: [[String: Any]] = [["kind": "text", "lines": ["-- A cell:", ""]], ["kind": "cell", "source": source, "output": NSNull()]]
                return try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql", "segments": segments, "segment": 1])
            }
            #expect(try await run("SELECT 1;\nSELECT 2;").json["error"] as? String == "this cell holds 2 commands: put each in a cell of its own")
            #expect(try await run("-- only a comment").json["error"] as? String == "this cell holds no command")
            let failing = try await run("SELECT nosuchcolumn FROM reminders;").json
            #expect(failing["failed"] as? Bool == true)
            #expect((failing["html"] as? String)?.contains("<pre class=\"error\">error: no such column: nosuchcolumn") == true)
            #expect(try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql"]).json["error"] as? String
                == "bad request: segments must be a list of objects")
        }
    }

    @Test func otherProblemsTheUserIsTold() async throws {
        try await serving { folder, http in
            // The cell starts on the notebook's third line; its error is on its first.
            let segments: [[String: Any]] = [["kind": "text", "lines": ["-- Prose.", ""]], ["kind": "cell", "source": "SELECT 'unended", "output": NSNull()]]
            let unended = try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql", "segments": segments, "segment": 1])
            #expect(unended.status == 400)
            #expect(unended.json["error"] as? String == "line 1 of this cell: this statement has a string, quoted name or /* comment that does not end")
            // An error elsewhere in the notebook names its line there.
            let elsewhere: [[String: Any]] = [["kind": "text", "lines": ["-- @sample nope"]], ["kind": "cell", "source": "SELECT 1;", "output": NSNull()]]
            let directive = try await http.request("POST", "/api/run", token: Self.token, json: ["path": "tour.rql", "segments": elsewhere, "segment": 1])
            #expect((directive.json["error"] as? String)?.hasPrefix("line 1 of the notebook: ") == true)
            let exercise = try await http.request("POST", "/api/grade", token: Self.token,
                                                  json: ["path": "tour.rql", "segments": [[String: Any]](), "exercise": "nope", "answer": "SELECT 1"])
            #expect(exercise.json["error"] as? String == "no exercise nope in this notebook")
            let rows = try await http.request("GET", "/api/rows?path=tour.rql&result=7&offset=0", token: Self.token)
            #expect(rows.json["error"] as? String == "that result is no longer held: run the cell again")
            #expect(try await http.request("GET", "/api/nothing", token: Self.token).json["error"] as? String == "not found")
            // A read-only notebook is not written.
            let view = try await http.request("GET", "/api/notebook?path=tour.rql", token: Self.token).json
            chmod(folder + "/tour.rql", 0o444)
            let readOnly = try await http.request("POST", "/api/save", token: Self.token,
                                                  json: ["path": "tour.rql", "version": view["version"] ?? "", "text": "SELECT 1;\n"])
            #expect(readOnly.status == 500)
            #expect(readOnly.json["error"] as? String == "cannot write \(folder)/tour.rql: the file is read-only")
            // A second server on the same port.
            let taken = ServeOptions(folder: folder, notebook: nil, listsFolder: false, port: http.port, source: nil, runner: NotebookRunner())
            await #expect(throws: ServeProblem.cannotListen("Address already in use")) { _ = try await NotebookServer(taken).start() }
        }
    }

    @Test func anExerciseIsGraded() async throws {
        try await serving { _, http in
            let view = try await http.request("GET", "/api/notebook?path=tour.rql", token: Self.token).json
            let exercise = (view["segments"] as? [[String: Any]])?.compactMap { $0["exercise"] as? [String: Any] }.first
            #expect(exercise?["name"] as? String == "open-per-list")
            let body: [String: Any] = ["path": "tour.rql", "segments": Self.segments(view), "exercise": "open-per-list",
                                       "answer": "SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id WHERE r.status = 0 GROUP BY l.id;"]
            let graded = try await http.request("POST", "/api/grade", token: Self.token, json: body).json
            #expect(graded["right"] as? Bool == false)
            #expect((graded["html"] as? String)?.contains("wrong") == true)
        }
    }
}

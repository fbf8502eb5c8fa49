import FlyingFox
import Foundation
import RQLNotebook

/// Routes each request, once `RequestGuard` lets it through: the page's
/// files, then the API (docs/serve.md). Errors go back as `{"error"}` with
/// their status.
struct Handler: HTTPHandler {
    let options: ServeOptions
    let folder: ServedFolder
    let state: ServerState

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        do throws(ServeProblem) {
            return try await route(request)
        } catch {
            return Self.json(["error": error.description, "changed": error.isChangedOnDisk],
                             status: HTTPStatusCode(error.status, phrase: Self.phrase(error.status)))
        }
    }

    private func route(_ request: HTTPRequest) async throws(ServeProblem) -> HTTPResponse {
        // A `..` in the address is refused before anything else, even where it would resolve inside.
        guard !request.target.path(percentEncoded: false).split(separator: "/").contains("..") else { throw .notFound }
        let guardian = RequestGuard(token: options.token, port: state.port)
        try guardian.check(request)
        switch (request.method, request.path) {
        case (.GET, let path) where PageFiles.file(at: path) != nil:
            if path == "/", guardian.tokenInAddress(request) {
                // Set the cookie, and take the token out of the address.
                let notebook = request.query.first { $0.name == "nb" }?.value
                let location = notebook.map { "/?nb=" + ($0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "") } ?? "/"
                return HTTPResponse(statusCode: .seeOther, headers: HTTPHeaders([.location: location, .setCookie: guardian.setCookie]))
            }
            return Self.page(path)
        case (.GET, "/api/notebooks"):
            return Self.json(notebooks())
        case (.GET, "/api/notebook"):
            let notebook = try open(query(request, "path"))
            return Self.reply(try await notebook.perform { () throws(ServeProblem) in try notebook.view() })
        case (.GET, "/api/rows"):
            let notebook = try open(query(request, "path"))
            guard let result = Int(try query(request, "result")), let offset = Int(try query(request, "offset")) else {
                throw .badRequest("result and offset are numbers")
            }
            return Self.reply(try await notebook.perform { () throws(ServeProblem) in try notebook.rows(result: result, offset: offset) })
        case (.POST, let path) where path.hasPrefix("/api/"):
            return try await post(String(path.dropFirst(5)), body: JSONBody(try await body(request)))
        default:
            throw .notFound
        }
    }

    private func post(_ action: String, body: JSONBody) async throws(ServeProblem) -> HTTPResponse {
        switch action {
        case "highlight":
            return Self.json(["html": PageHTML.source(try body.string("source"))])
        case "prose":
            return Self.json(["html": PageHTML.prose(try body.string("markdown"))])
        case "stop":
            try open(body.string("path")).stop()
            return Self.json([:])
        case "run":
            let notebook = try open(body.string("path"))
            let segments = try body.segments(), index = try body.integer("segment")
            return Self.reply(try await notebook.perform { () throws(ServeProblem) in try notebook.run(segments, segment: index) })
        case "runall":
            let notebook = try open(body.string("path"))
            let segments = try body.segments()
            return Self.reply(try await notebook.perform { () throws(ServeProblem) in try notebook.runAll(segments) })
        case "grade":
            let notebook = try open(body.string("path"))
            let segments = try body.segments(), exercise = try body.string("exercise"), answer = try body.string("answer")
            return Self.reply(try await notebook.perform { () throws(ServeProblem) in
                try notebook.grade(segments, exercise: exercise, answer: answer)
            })
        case "save":
            let notebook = try open(body.string("path"))
            let content: SavedContent = if let text = try body.optionalString("text") { .text(text) } else { .segments(try body.segments()) }
            let version = try body.string("version")
            let target = try body.optionalString("saveAs").map { name throws(ServeProblem) in try open(name, new: true) }
            return Self.reply(try await notebook.perform { () throws(ServeProblem) in
                try notebook.save(content, version: version, to: target)
            })
        default:
            throw .notFound
        }
    }

    /// The notebook a name leads to, opened on first use ("" is the new one).
    private func open(_ name: String, new: Bool = false) throws(ServeProblem) -> OpenNotebook {
        if name.isEmpty, !new {
            let file = folder.root == "." ? "untitled.rql" : (folder.root as NSString).appendingPathComponent("untitled.rql")
            return state.notebook("") { OpenNotebook(name: "", file: file, options: options) }
        }
        let file = try folder.file(name)
        return state.notebook(name) { OpenNotebook(name: name, file: file, options: options) }
    }

    private func notebooks() -> [String: Any] {
        let listed = options.listsFolder ? folder.notebooks() : options.notebook.map { [$0] } ?? []
        return ["folder": folder.root, "notebooks": listed, "current": options.notebook ?? NSNull()]
    }

    private func query(_ request: HTTPRequest, _ name: String) throws(ServeProblem) -> String {
        guard let value = request.query.first(where: { $0.name == name })?.value else { throw .badRequest("\(name) is missing") }
        return value
    }

    /// The body, refused past the limit before it is all read.
    private func body(_ request: HTTPRequest) async throws(ServeProblem) -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > options.bodyLimit {
            throw .tooLarge(limit: options.bodyLimit)
        }
        var data = Data()
        do {
            for try await chunk in request.bodySequence {
                data += chunk
                if data.count > options.bodyLimit { throw ServeProblem.tooLarge(limit: options.bodyLimit) }
            }
        } catch let problem as ServeProblem {
            throw problem
        } catch {
            throw .badRequest("the body could not be read")
        }
        return data
    }

    static let securityHeaders: [HTTPHeader: String] = [
        HTTPHeader("Cache-Control"): "no-store",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
        HTTPHeader("X-Frame-Options"): "DENY",
        HTTPHeader("Referrer-Policy"): "no-referrer",
        // Nothing loaded from anywhere else; SVG from Graphviz carries style attributes.
        HTTPHeader("Content-Security-Policy"):
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ]

    static func page(_ path: String) -> HTTPResponse {
        guard let file = PageFiles.file(at: path) else { return HTTPResponse(statusCode: .notFound) }
        var headers = securityHeaders
        headers[.contentType] = file.type
        return HTTPResponse(statusCode: .ok, headers: HTTPHeaders(headers), body: Data(file.bytes))
    }

    static func json(_ object: [String: Any], status: HTTPStatusCode = .ok) -> HTTPResponse {
        reply(JSONReply.data(object), status: status)
    }

    static func reply(_ json: Data, status: HTTPStatusCode = .ok) -> HTTPResponse {
        var headers = securityHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers), body: json)
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 413: "Payload Too Large"
        default: "Internal Server Error"
        }
    }
}

extension ServeProblem {
    /// Whether the page should offer to reload or save as.
    var isChangedOnDisk: Bool {
        if case .changedOnDisk = self { true } else { false }
    }
}

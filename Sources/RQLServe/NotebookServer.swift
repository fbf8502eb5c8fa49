import FlyingFox
import FlyingSocks
import Foundation
import RQLNotebook

/// `rql serve`'s server: the page, and the API it calls (docs/serve.md),
/// on 127.0.0.1, behind `RequestGuard`. Notebooks open on first use, one
/// `OpenNotebook` (and session) each.
public final class NotebookServer: Sendable {
    public let options: ServeOptions
    private let folder: ServedFolder
    private let server: HTTPServer
    private let handler: Handler
    private let state = ServerState()

    public init(_ options: ServeOptions) throws(ServeProblem) {
        self.options = options
        folder = try ServedFolder(options.folder)
        let address: sockaddr_in
        do {
            address = try .inet(ip4: "127.0.0.1", port: options.port)
        } catch {
            throw .cannotListen(String(describing: error))
        }
        handler = Handler(options: options, folder: folder, state: state)
        server = HTTPServer(address: address, timeout: 600, pool: NoDelayPool(pool: HTTPServer.defaultPool()), logger: .disabled,
                            handler: handler)
    }

    /// Starts listening and returns the page's address, with its token.
    public func start() async throws(ServeProblem) -> String {
        let server = self.server, state = self.state
        state.setTask(Task {
            do {
                try await server.run()
            } catch {
                state.setFailure(error)
                throw error
            }
        })
        // Until it listens, or fails to (a port in use), for at most 10 seconds.
        let deadline = ContinuousClock.now + .seconds(10)
        while await !server.isListening {
            if let failure = state.failure { throw .cannotListen(Self.reason(failure)) }
            guard ContinuousClock.now < deadline else { throw .cannotListen("it did not start within 10 seconds") }
            try? await Task.sleep(for: .milliseconds(2))
        }
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw .cannotListen("no address") }
        state.setPort(port)
        return "http://127.0.0.1:\(port)/?token=\(options.token)"
    }

    /// The port it listens on, once started.
    public var port: UInt16 { state.port }

    /// Waits until the server stops.
    public func wait() async {
        _ = await state.task?.result
    }

    /// Stops listening, and closes every notebook's session; nothing is saved.
    public func stop() async {
        await server.stop(timeout: 0)
        state.task?.cancel()
        for notebook in state.allNotebooks() {
            notebook.stop()
            _ = try? await notebook.perform { notebook.close(); return [:] }
        }
    }

    /// One request answered in the process, as it would be over a socket
    /// (the fuzz target's way in): its status and body. `target` is the
    /// request line's, path and query as sent.
    public func respond(method: String, target: String, headers: [(String, String)], body: Data) async -> (status: Int, body: Data) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.addValue(value, for: HTTPHeader(name)) }
        let request = HTTPRequest(method: HTTPMethod(method), version: .http11,
                                  target: .init(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : ""),
                                  headers: fields, body: HTTPBodySequence(data: body))
        guard let response = try? await handler.handleRequest(request) else { return (500, Data()) }
        return (response.statusCode.code, (try? await response.bodyData) ?? Data())
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? SocketError, case .failed(_, _, let message) = error { return message }
        return String(describing: error)
    }
}

/// The server's shared, changing state: its port, its task, the open notebooks.
final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var _port: UInt16 = 0
    private var _task: Task<Void, any Error>?
    private var _failure: (any Error)?
    private var notebooks: [String: OpenNotebook] = [:]

    var port: UInt16 { lock.withLock { _port } }
    var task: Task<Void, any Error>? { lock.withLock { _task } }
    func setPort(_ port: UInt16) { lock.withLock { _port = port } }
    func setTask(_ task: Task<Void, any Error>) { lock.withLock { _task = task } }
    /// Why the server stopped on its own, if it did.
    var failure: (any Error)? { lock.withLock { _failure } }
    func setFailure(_ error: any Error) { lock.withLock { _failure = error } }

    func notebook(_ name: String, make: () -> OpenNotebook) -> OpenNotebook {
        lock.withLock {
            if let open = notebooks[name] { return open }
            let open = make()
            notebooks[name] = open
            return open
        }
    }

    func allNotebooks() -> [OpenNotebook] { lock.withLock { Array(notebooks.values) } }
}

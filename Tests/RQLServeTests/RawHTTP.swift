import Foundation
import Glibc

/// A request sent as the bytes given, over a plain socket to 127.0.0.1,
/// and the response read to the end: the server sees exactly what a test
/// writes (a raw `..`, a wrong Host, a length it will not read).
struct RawHTTP {
    let port: UInt16

    struct Response {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// Sends on a thread of its own: a blocking read on one of the few
    /// threads async code runs on would keep the server from answering.
    func send(_ head: String, body: Data = Data()) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try self.sendBlocking(head, body: body) })
            }
        }
    }

    private func sendBlocking(_ head: String, body: Data) throws -> Response {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect") }
        let bytes = Array(head.utf8) + Array(body)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            sent += count
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return try Self.parse(received)
    }

    /// A request with the usual headers: Host, the token's cookie, `Connection: close`.
    func request(_ method: String, _ target: String, token: String?, json: [String: Any]? = nil,
                 extra: [String] = [], host: String? = nil) async throws -> Response {
        let body = json.map { (try? JSONSerialization.data(withJSONObject: $0)) ?? Data() } ?? Data()
        var lines = ["\(method) \(target) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(port)")", "Connection: close"]
        if let token { lines.append("Cookie: rql-token-\(port)=\(token)") }
        if json != nil { lines += ["Content-Type: application/json", "Content-Length: \(body.count)"] }
        lines += extra
        return try await send(lines.joined(separator: "\r\n") + "\r\n\r\n", body: body)
    }

    private static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else {
            throw Failure("no response head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ")[1]) else { throw Failure("status") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(bytes[(end + 4)...]))
    }

    struct Failure: Error { let what: String; init(_ what: String) { self.what = what } }
}

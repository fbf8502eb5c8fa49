import FlyingFox

/// What every request must show before anything is served: the token (in
/// the address once, then the cookie it sets), a `Host` that names the
/// loopback address and this port (no DNS rebinding), and no `Origin` but
/// this server's own.
struct RequestGuard: Sendable {
    let token: String
    let port: UInt16

    var cookieName: String { "rql-token-\(port)" }

    var hosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// Throws the reason a request is refused.
    func check(_ request: HTTPRequest) throws(ServeProblem) {
        guard let host = request.headers[.host]?.lowercased(), hosts.contains(host) else { throw .badHost }
        if let origin = request.headers[HTTPHeader("Origin")], !hosts.contains(where: { "http://" + $0 == origin.lowercased() }) {
            throw .badOrigin
        }
        guard hasToken(request) else { throw .forbidden }
    }

    /// The token in the address (`?token=`) or in the cookie.
    func hasToken(_ request: HTTPRequest) -> Bool {
        if let given = request.query.first(where: { $0.name == "token" })?.value, same(given, token) { return true }
        for header in request.headers.values(for: HTTPHeader("Cookie")) {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == cookieName, same(parts[1], token) { return true }
            }
        }
        return false
    }

    /// Whether the token was given in the address, to be set as a cookie and taken out.
    func tokenInAddress(_ request: HTTPRequest) -> Bool {
        request.query.contains { $0.name == "token" }
    }

    var setCookie: String { "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }

    /// Compares without stopping at the first difference.
    private func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

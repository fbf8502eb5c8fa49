import FlyingFox
import FlyingSocks
import Glibc

/// FlyingFox's socket pool, with Nagle's algorithm off on every socket it
/// waits on: the listening one (whose connections take the setting on
/// Linux) and each connection. A response goes out as two writes, its
/// header and its body; with Nagle on, the body waited for the browser's
/// delayed acknowledgement of the header, 40-50 ms a request.
struct NoDelayPool: AsyncSocketPool {
    let pool: any AsyncSocketPool

    func prepare() async throws { try await pool.prepare() }

    func run() async throws { try await pool.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var on: Int32 = 1
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }
}

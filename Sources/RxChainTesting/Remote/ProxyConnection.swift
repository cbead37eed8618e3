import RxChainSystem

/// One client connection of a ``FaultProxy`` and its connection to the server, relayed by
/// two dedicated threads: requests (client to server, framed one by one so that each can
/// take a fault) and answers (server to client, relayed as a byte stream).
///
/// Both sockets belong to the connection. Either thread, or ``shutDown()`` from any
/// thread, shuts them down (which wakes whichever thread is blocked on them); the thread
/// that finishes last closes them, under the lock, so no shutdown ever reaches a closed
/// (and perhaps reused) descriptor.
final class ProxyConnection: Sendable {
    private let client: Int32
    private let upstream: Int32
    private let proxy: FaultProxy
    private let state = Lock(State())

    private struct State {
        /// Set before a ``ProxyFault/cutResponse`` request is forwarded: the next answer
        /// byte from the server belongs to it (HTTP/1.1 clients do not pipeline).
        var cutNextAnswer = false
        /// The relay threads still running.
        var threadsRunning = 2
        /// Whether the sockets are closed.
        var isClosed = false
    }

    init(client: Int32, upstream: Int32, proxy: FaultProxy) {
        self.client = client
        self.upstream = upstream
        self.proxy = proxy
    }

    /// Starts the two relay threads.
    func start() {
        proxy.spawn("FaultProxy requests") { [self] in relayRequests() }
        proxy.spawn("FaultProxy answers") { [self] in relayAnswers() }
    }

    /// Shuts both sockets down (unless already closed): the relay threads wake and end.
    func shutDown() {
        state.withLock { state in
            guard !state.isClosed else { return }
            ProxySocket.shutdownBoth(client)
            ProxySocket.shutdownBoth(upstream)
        }
    }

    /// Reads requests one by one, asks the script what to do with each, and does it.
    private func relayRequests() {
        var pending: [UInt8] = []
        while let request = nextRequest(&pending) {
            guard perform(proxy.requestArrived(request.head), on: request) else { break }
        }
        // The client is done (or the connection failed): let the server finish, then it closes.
        ProxySocket.shutdownWrite(upstream)
        threadFinished()
    }

    /// Plays `action` on `request`; `false` when the connection is over.
    private func perform(_ action: FaultProxyScript.RequestAction, on request: Request) -> Bool {
        switch action {
        case .forward(let closingConnection):
            let bytes = closingConnection ? request.head.closingConnection(request.bytes) : request.bytes
            return ProxySocket.write(upstream, bytes[...])
        case .play(.refuse):
            shutDown()
            return false
        case .play(.delay(let duration)):
            guard proxy.waitUnlessStopped(for: duration) else { return false }
            return ProxySocket.write(upstream, request.bytes[...])
        case .play(.cutResponse):
            state.withLock { $0.cutNextAnswer = true }
            return ProxySocket.write(upstream, request.bytes[...])
        case .play(.answer(let status, let headers)):
            _ = ProxySocket.write(client, Self.answer(status: status, headers: headers)[...])
            shutDown()
            return false
        case .play(.cutRequest):
            let kept = request.head.headLength + request.head.bodyLength / 2
            _ = ProxySocket.write(upstream, request.bytes[..<kept])
            shutDown()
            return false
        }
    }

    /// A whole HTTP/1.1 answer with `status`, `headers` and a JSON error body, closing the connection.
    private static func answer(status: Int, headers: [String: String]) -> [UInt8] {
        let body = #"{"error":"injected","message":"answered by the fault proxy"}"#
        var head = "HTTP/1.1 \(status) Injected\r\nContent-Type: application/json\r\n"
        head += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n" + body).utf8)
    }

    /// Relays the server's bytes to the client until either side ends, or cuts the
    /// connection at the first byte of an answer that is to be lost.
    private func relayAnswers() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = ProxySocket.read(upstream, into: &buffer)
            guard count > 0 else { break }
            // The server has answered, so it has acted on the request: now lose the answer.
            if state.withLock({ $0.cutNextAnswer }) { break }
            guard ProxySocket.write(client, buffer[..<count]) else { break }
        }
        shutDown()
        threadFinished()
    }

    /// One framed request: its head and all its bytes (head and body).
    private struct Request {
        var head: ProxyRequestHead
        var bytes: [UInt8]
    }

    /// The next whole request from the client, or `nil` at the end of the stream or when
    /// the bytes cannot be framed. `pending` keeps bytes read past the request.
    private func nextRequest(_ pending: inout [UInt8]) -> Request? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var parsed: ProxyRequestHead?
        while true {
            do { parsed = try ProxyRequestHead.parse(pending) } catch { return nil }
            if parsed != nil { break }
            let count = ProxySocket.read(client, into: &buffer)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
        guard let head = parsed else { return nil }
        let length = head.headLength + head.bodyLength
        while pending.count < length {
            let count = ProxySocket.read(client, into: &buffer)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
        let bytes = Array(pending[..<length])
        pending.removeFirst(length)
        return Request(head: head, bytes: bytes)
    }

    /// Called by each relay thread as it ends; the last one closes the sockets.
    private func threadFinished() {
        let isLast = state.withLock { state in
            state.threadsRunning -= 1
            guard state.threadsRunning == 0 else { return false }
            state.isClosed = true
            ProxySocket.close(client)
            ProxySocket.close(upstream)
            return true
        }
        if isLast { proxy.connectionClosed(self) }
    }
}

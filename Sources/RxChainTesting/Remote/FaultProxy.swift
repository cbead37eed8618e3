import Dispatch
import Foundation
import RxChainSystem

/// A TCP proxy on `127.0.0.1` that relays HTTP/1.1 to a server on the same host and
/// fails on purpose, as scripted: it loses answers, cuts uploads, delays or refuses.
///
/// Point a remote's endpoint at ``endpoint``; requests pass through untouched (the `Host`
/// header too, so a SigV4 signature made for the proxy's `host:port` is the one the
/// server checks against the `Host` it receives) until a fault is scripted:
///
/// ```swift
/// let proxy = try FaultProxy(targetPort: 8333)
/// defer { proxy.stop() }
/// var options = DeviceOptions()  // a device syncing through the proxy
/// options.remote = try RemoteSetting(parsing: "s3://playbooks/p.ndjson", endpoint: proxy.endpoint)
/// proxy.inject(.cutResponse, method: "PUT")
/// // the device's next PUT reaches the server and commits; its answer never comes back
/// ```
///
/// Each connection is framed request by request (a head, then a `Content-Length` body),
/// so that with keep-alive a fault reaches the right request; answers are relayed as a
/// byte stream. A fault that closes the connection (``ProxyFault/cutResponse``,
/// ``ProxyFault/cutRequest``, ``ProxyFault/refuse``) should meet its request on a fresh
/// connection: on a reused one, an HTTP client takes a connection closed before any
/// answer byte for a stale keep-alive connection and sends the request again (libcurl,
/// under `URLSession` on Linux, does — and without the body, waiting until its timeout).
/// So while such a fault is pending, the proxy forwards every other request with
/// `Connection: close` (a hop-by-hop header no signature covers): the server closes the
/// connection after answering, and the client's next request opens a new one. Script
/// the fault before the requests that lead to it; a request already on its way over a
/// kept-alive connection can still take it.
///
/// > Important: All socket I/O blocks on the proxy's own threads (one listener, two per
/// > connection), never on the Swift concurrency pool. `SIGPIPE` is ignored process-wide
/// > and sends use `MSG_NOSIGNAL`, so a peer that went away never kills the process.
/// > Call ``stop()`` when done: it closes the listener and every connection.
public final class FaultProxy: Sendable {
    /// The port the proxy listens on (`127.0.0.1`, chosen by the kernel).
    public let port: UInt16
    /// The port on `127.0.0.1` the proxy forwards to.
    public let targetPort: UInt16
    /// The proxy's URL for a remote's `endpoint`, e.g. `http://127.0.0.1:40123`.
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let script = Lock(FaultProxyScript())
    private let registry = Lock(Registry())
    /// Entered once at start, left by ``stop()``: delays wait on it, so a stop cuts them short.
    private let running = DispatchGroup()
    /// One entry per live proxy thread.
    private let threads = DispatchGroup()

    private struct Registry {
        var isStopped = false
        var isListenerClosed = false
        var connections: [ObjectIdentifier: ProxyConnection] = [:]
    }

    /// Starts a proxy on an ephemeral port of `127.0.0.1` forwarding to `127.0.0.1:targetPort`.
    ///
    /// - Throws: when no listening socket can be made.
    public init(targetPort: UInt16) throws {
        ProxySocket.ignoreBrokenPipeSignals()  // a closed peer is a failed write, not a dead test process
        (listener, port) = try ProxySocket.listenOnLoopback()
        self.targetPort = targetPort
        running.enter()
        spawn("FaultProxy listener") { [self] in acceptConnections() }
    }

    /// Adds faults to the end of the script; each is played once, on the next request
    /// (with `method`, if given: `"PUT"`) or, for ``ProxyFault/refuse``, the next connection.
    public func inject(_ faults: ProxyFault..., method: String? = nil) {
        script.withLock { $0.faultsScripted(faults, method: method) }
    }

    /// The faults not played yet, in order.
    public var pendingFaults: [ProxyFault] { script.withLock { script in script.pending.map { $0.fault } } }

    /// The faults played so far, in order.
    public var playedFaults: [ProxyFault] { script.withLock { $0.played } }

    /// The head of every request that reached the proxy, in the order they arrived (faulted
    /// ones included).
    public var requests: [ProxiedRequest] { script.withLock { $0.seen } }

    /// Closes the listener and every connection, cuts pending delays short, and waits
    /// (at most five seconds) for the proxy's threads to end. Idempotent.
    public func stop() {
        let connections = registry.withLock { registry -> [ProxyConnection]? in
            guard !registry.isStopped else { return nil }
            registry.isStopped = true
            if !registry.isListenerClosed { ProxySocket.shutdownBoth(listener) }
            return Array(registry.connections.values)
        }
        guard let connections else { return }
        running.leave()
        for connection in connections { connection.shutDown() }
        _ = threads.wait(timeout: .now() + .seconds(5))
    }

    /// Runs `body` on a new thread of the proxy's own.
    func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let thread = Thread { [threads] in
            body()
            threads.leave()
        }
        thread.name = name
        thread.start()
    }

    /// What to do with a request that just arrived (see ``FaultProxyScript``); records its head.
    func requestArrived(_ head: ProxyRequestHead) -> FaultProxyScript.RequestAction {
        script.withLock { script in
            script.requestSeen(ProxiedRequest(method: head.method, target: head.target, headers: head.headers))
            return script.requestArrived(method: head.method)
        }
    }

    /// Waits `duration` unless the proxy stops first; `true` when the proxy still runs.
    func waitUnlessStopped(for duration: Duration) -> Bool {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        return running.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut
    }

    /// Forgets a connection whose sockets are closed.
    func connectionClosed(_ connection: ProxyConnection) {
        registry.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// The listener thread: accepts until ``stop()``, refusing or relaying each connection.
    private func acceptConnections() {
        while let client = ProxySocket.accept(listener) {
            if script.withLock({ $0.connectionAccepted() }) {
                ProxySocket.close(client)
                continue
            }
            guard let upstream = try? ProxySocket.connectToLoopback(port: targetPort) else {
                ProxySocket.close(client)
                continue
            }
            let connection = ProxyConnection(client: client, upstream: upstream, proxy: self)
            let isRegistered = registry.withLock { registry in
                guard !registry.isStopped else { return false }
                registry.connections[ObjectIdentifier(connection)] = connection
                return true
            }
            guard isRegistered else {
                ProxySocket.close(client)
                ProxySocket.close(upstream)
                break
            }
            connection.start()
        }
        registry.withLock { registry in
            registry.isListenerClosed = true
            ProxySocket.close(listener)
        }
    }
}

import Foundation
import RxChainJSON
import RxChainSystem

/// Sends JSON requests to one RxChain server, signed in as one device session or not at all.
///
/// Signed requests carry `Authorization: Bearer ACCESS_TOKEN`. When the server answers 401, the
/// client refreshes the session once, for every request waiting at that moment (one refresh in
/// flight, the others await it), saves the rotated tokens to the ``ServerSessionStore``, and
/// retries each request once. A refresh the server refuses reads the session file again (another
/// process may have refreshed first) before giving up with
/// ``ServerClientError/notSignedIn(server:user:reason:)``.
///
/// Requests travel over a `ServerConnection`: HTTP (`HTTPServerConnection`) unless the
/// client is given another (a scenario's server in the same process).
public final class ServerClient: Sendable {
    /// The server's origin, `http://host:port`.
    public let server: String
    private let sessions: ServerSessionStore?
    private let timeout: Duration
    /// Keeps at most ``maximumRequestsInFlight`` requests of this client on the wire.
    private let limiter: RequestLimiter
    /// Carries each request to the server.
    private let connection: any ServerConnection
    /// Behind the engine's `Lock`, whose handoffs the thread sanitizer sees.
    private let state: Lock<State>

    private struct State {
        var session: ServerSession?
        var refreshing: Task<ServerSession, any Error>?
    }

    /// A client of `server` (an `http(s)://host[:port]` origin), signed in as `session` if given.
    ///
    /// - Parameters:
    ///   - server: the server's origin, `http(s)://host[:port]`.
    ///   - session: the signed-in session to start with; `nil` until ``signIn(user:password:device:)`` or a caller sets one.
    ///   - sessions: where rotated tokens are saved (and re-read when a refresh is refused);
    ///     `nil` keeps them in memory only.
    ///   - timeout: how long one request may take, unless the call says otherwise.
    ///   - maximumRequestsInFlight: the most requests this client has on the wire at once
    ///     (a long poll holds a place while it waits); more wait their turn, in order.
    public convenience init(
        server: String, session: ServerSession? = nil, sessions: ServerSessionStore? = nil,
        timeout: Duration = .seconds(30), maximumRequestsInFlight: Int = 8
    ) throws(ServerClientError) {
        try self.init(
            server: server, session: session, sessions: sessions, timeout: timeout,
            maximumRequestsInFlight: maximumRequestsInFlight, connection: nil)
    }

    /// A client whose requests reach the server through `connection` (HTTP to `server` when
    /// `nil`): the seam the in-process server worlds of the tests and scenarios use.
    package init(
        server: String, session: ServerSession? = nil, sessions: ServerSessionStore? = nil,
        timeout: Duration = .seconds(30), maximumRequestsInFlight: Int = 8, connection: (any ServerConnection)?
    ) throws(ServerClientError) {
        let origin = try Self.origin(of: server).origin
        guard let url = URL(string: origin) else { throw .invalidServer(server, reason: "not a URL") }
        self.server = origin
        self.sessions = sessions
        self.timeout = timeout
        limiter = RequestLimiter(limit: maximumRequestsInFlight)
        state = Lock(State(session: session))
        self.connection = connection ?? HTTPServerConnection(server: origin, baseURL: url)
    }

    /// The session the client signs requests with now (after any refresh).
    public var session: ServerSession? { state.withLock { $0.session } }

    /// Signs requests with `session` from now on, saving it to the store if the client has one.
    func adopt(_ session: ServerSession) throws(ServerClientError) {
        try sessions?.save(session)
        state.withLock { $0.session = session }
    }

    /// Splits a server URL into its origin (`http://host:port`) and the percent-encoded path
    /// after it (`/logs/playbooks/team/ledger`, or empty).
    ///
    /// - Throws: ``ServerClientError/invalidServer(_:reason:)`` for another scheme, a missing
    ///   host, user info, a query or a fragment.
    package static func origin(of location: String) throws(ServerClientError) -> (origin: String, path: String) {
        guard let components = URLComponents(string: location) else {
            throw .invalidServer(location, reason: "not a URL")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidServer(location, reason: "the scheme must be http or https")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidServer(location, reason: "no host") }
        if components.user != nil || components.password != nil {
            throw .invalidServer(location, reason: "credentials do not belong in the URL; use rxchain account login")
        }
        if components.query != nil || components.fragment != nil {
            throw .invalidServer(location, reason: "a server URL has no query or fragment")
        }
        let port = components.port.map { ":\($0)" } ?? ""
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return ("\(scheme)://\(host.lowercased())\(port)", path)
    }

    /// Sends a request without credentials; any HTTP status is an answer.
    ///
    /// - Parameters:
    ///   - method: the HTTP method (`GET`, `POST`, …).
    ///   - path: the percent-encoded path (`/sessions`).
    ///   - query: parameters, encoded here.
    ///   - body: a JSON body, sent as `application/json`.
    ///   - headers: more request headers (`Idempotency-Key`); never `Authorization`.
    ///   - timeout: how long to wait for the answer; the client's default when `nil`.
    /// - Throws: ``ServerClientError/unreachable(server:reason:)`` when no answer came;
    ///   `CancellationError` when the task was cancelled.
    public func send(
        _ method: String, _ path: String, query: [(String, String)] = [], body: [UInt8]? = nil,
        headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws -> ServerAnswer {
        try await perform(method, path, query: query, body: body, headers: headers, token: nil, timeout: timeout)
    }

    /// Sends a request signed with the session's access token, refreshing the session once on a
    /// 401 and retrying; any other status is an answer.
    ///
    /// - Throws: as ``send(_:_:query:body:headers:timeout:)``, and
    ///   ``ServerClientError/notSignedIn(server:user:reason:)`` without a session or when the
    ///   server ended it.
    public func sendSigned(
        _ method: String, _ path: String, query: [(String, String)] = [], body: [UInt8]? = nil,
        headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws -> ServerAnswer {
        guard let current = session else {
            throw ServerClientError.notSignedIn(server: server, user: nil, reason: "no session")
        }
        let answer = try await perform(
            method, path, query: query, body: body, headers: headers, token: current.accessToken, timeout: timeout)
        guard answer.status == 401 else { return answer }
        let renewed = try await refreshed(after: current)
        return try await perform(
            method, path, query: query, body: body, headers: headers, token: renewed.accessToken, timeout: timeout)
    }

    /// A signed `GET` that may wait long for its answer (the feed's long poll), refreshing the
    /// session once on a 401 like ``sendSigned(_:_:query:body:headers:timeout:)``.
    ///
    /// On an `http://` server it runs over a blocking socket on a thread of its own
    /// (`BlockingHTTPExchange`): FoundationNetworking's `URLSession` would keep a core busy
    /// for as long as the answer is outstanding. `https://` goes through `URLSession`.
    public func longPoll(_ path: String, query: [(String, String)], timeout: Duration) async throws -> ServerAnswer {
        guard let current = session else {
            throw ServerClientError.notSignedIn(server: server, user: nil, reason: "no session")
        }
        let answer = try await perform(
            "GET", path, query: query, body: nil, headers: [], token: current.accessToken, timeout: timeout,
            waitsLong: true)
        guard answer.status == 401 else { return answer }
        let renewed = try await refreshed(after: current)
        return try await perform(
            "GET", path, query: query, body: nil, headers: [], token: renewed.accessToken, timeout: timeout,
            waitsLong: true)
    }

    /// A session newer than `stale`: the refresh already in flight, or a new one.
    private func refreshed(after stale: ServerSession) async throws -> ServerSession {
        let task: Task<ServerSession, any Error> = state.withLock { state in
            if let session = state.session, session.accessToken != stale.accessToken {
                return Task { session }
            }
            if let running = state.refreshing { return running }
            let task = Task { try await self.refresh(stale) }
            state.refreshing = task
            return task
        }
        do {
            let session = try await task.value
            state.withLock { state in
                state.session = session
                state.refreshing = nil
            }
            return session
        } catch {
            state.withLock { $0.refreshing = nil }
            throw error
        }
    }

    /// Trades the session's refresh token for new tokens and saves them.
    private func refresh(_ stale: ServerSession) async throws -> ServerSession {
        var body = JSONObjectWriter()
        body.member("refreshToken", stale.refreshToken)
        let answer = try await perform(
            "POST", "/sessions/refresh", query: [], body: body.finish(), headers: [], token: nil, timeout: nil)
        if answer.status == 401 {
            // Another process sharing the session file may have rotated the token first.
            if let saved = try sessions?.session(server: server, user: stale.user),
                saved.refreshToken != stale.refreshToken
            {
                return saved
            }
            throw ServerClientError.notSignedIn(
                server: server, user: stale.user, reason: "the server ended the session")
        }
        try answer.requireSuccess()
        let renewed = try Self.session(from: answer, server: server)
        try sessions?.save(renewed)
        return renewed
    }

    /// The session a sign-in or refresh answer describes.
    static func session(from answer: ServerAnswer, server: String) throws(ServerClientError) -> ServerSession {
        try answer.read { body throws(JSONFieldError) in
            ServerSession(
                server: server, user: try body.string("user"), device: try body.string("device"),
                accessToken: try body.string("accessToken"),
                accessTokenExpiresAt: try body.count("accessTokenExpiresAt"),
                refreshToken: try body.string("refreshToken"))
        }
    }

    /// The most requests of this client on the wire at once.
    package var maximumRequestsInFlight: Int { limiter.limit }

    private func perform(
        _ method: String, _ path: String, query: [(String, String)], body: [UInt8]?, headers: [(String, String)],
        token: String?, timeout: Duration?, waitsLong: Bool = false
    ) async throws -> ServerAnswer {
        try await limiter.run {
            try await exchange(
                method, path, query: query, body: body, headers: headers, token: token, timeout: timeout,
                waitsLong: waitsLong)
        }
    }

    /// One request on the wire.
    private func exchange(
        _ method: String, _ path: String, query: [(String, String)], body: [UInt8]?, headers: [(String, String)],
        token: String?, timeout: Duration?, waitsLong: Bool
    ) async throws -> ServerAnswer {
        try await connection.exchange(
            ServerConnectionRequest(
                method: method, path: path, query: query,
                headers: headers + (token.map { [("Authorization", "Bearer \($0)")] } ?? []), body: body,
                timeout: timeout ?? self.timeout, waitsLong: waitsLong))
    }
}

/// How a ``ServerClient``'s requests reach the server: over HTTP (`HTTPServerConnection`, the
/// default), or handed to a server in the same process (the scenario runner's, with its faults).
///
/// The client decides what to send (signing, refreshing the session, keeping its limit of requests
/// in flight); a connection only carries one request and brings back its answer.
public protocol ServerConnection: Sendable {
    /// Sends `request` and returns the server's answer, whatever its status.
    ///
    /// - Throws: ``ServerClientError/unreachable(server:reason:)`` when no answer came (the
    ///   request may or may not have been carried out); `CancellationError` when cancelled.
    func exchange(_ request: ServerConnectionRequest) async throws -> ServerAnswer
}

/// One request as a ``ServerClient`` hands it to its ``ServerConnection``.
public struct ServerConnectionRequest: Sendable {
    /// `GET`, `POST`, `PUT`, `DELETE`…
    public var method: String
    /// The percent-encoded path on the server (`/logs/lists/L1/actions`).
    public var path: String
    /// The query's parameters, not yet encoded.
    public var query: [(String, String)]
    /// Request headers, `Authorization` included when the request is signed.
    public var headers: [(String, String)]
    /// A JSON body, or `nil` for none.
    public var body: [UInt8]?
    /// How long the answer may take.
    public var timeout: Duration
    /// Whether the server may hold the answer back (the feed's long poll).
    public var waitsLong: Bool

    /// Creates a request.
    public init(
        method: String, path: String, query: [(String, String)] = [], headers: [(String, String)] = [],
        body: [UInt8]? = nil, timeout: Duration, waitsLong: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.waitsLong = waitsLong
    }

    /// The value of the header `name` (compared ignoring case), if the request has it.
    public func header(_ name: String) -> String? {
        headers.last { $0.0.lowercased() == name.lowercased() }?.1
    }
}

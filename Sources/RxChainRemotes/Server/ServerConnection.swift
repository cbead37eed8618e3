/// How a ``ServerClient``'s requests reach the server: over HTTP (`HTTPServerConnection`, the
/// default), or handed to a server in the same process (the scenario runner's, with its faults).
///
/// The client decides what to send (signing, refreshing the session, keeping its limit of requests
/// in flight); a connection only carries one request and brings back its answer.
package protocol ServerConnection: Sendable {
    /// Sends `request` and returns the server's answer, whatever its status.
    ///
    /// - Throws: ``ServerClientError/unreachable(server:reason:)`` when no answer came (the
    ///   request may or may not have been carried out); `CancellationError` when cancelled.
    func exchange(_ request: ServerConnectionRequest) async throws -> ServerAnswer
}

/// One request as a ``ServerClient`` hands it to its ``ServerConnection``.
package struct ServerConnectionRequest: Sendable {
    /// `GET`, `POST`, `PUT`, `DELETE`…
    package var method: String
    /// The percent-encoded path on the server (`/logs/lists/L1/actions`).
    package var path: String
    /// The query's parameters, not yet encoded.
    package var query: [(String, String)]
    /// Request headers, `Authorization` included when the request is signed.
    package var headers: [(String, String)]
    /// A JSON body, or `nil` for none.
    package var body: [UInt8]?
    /// How long the answer may take.
    package var timeout: Duration
    /// Whether the server may hold the answer back (the feed's long poll).
    package var waitsLong: Bool

    /// Creates a request.
    package init(
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
    package func header(_ name: String) -> String? {
        headers.last { $0.0.lowercased() == name.lowercased() }?.1
    }
}

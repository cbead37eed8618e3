/// One HTTP request that carries a queued request to a server: what a domain's
/// ``HTTPRequestMapping`` makes of a `QueueRecord`.
///
/// The device's HTTP transport (`HTTPTransport`) adds the rest: the origin, the session's credentials, the
/// `Idempotency-Key` and the timeout.
public struct HTTPCall: Sendable, Equatable {
    /// `POST`, `PUT`, `PATCH`, `DELETE`…
    public var method: String
    /// The percent-encoded path on the server (`/api/v9/workspaces/7/time_entries`).
    public var path: String
    /// A JSON body, sent as `application/json`, or `nil` for none.
    public var body: [UInt8]?

    /// Creates a call.
    public init(method: String, path: String, body: [UInt8]? = nil) {
        self.method = method
        self.path = path
        self.body = body
    }
}

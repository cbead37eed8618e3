/// One HTTP request as the server core sees it, independent of any HTTP framework.
///
/// The embedding server (Hummingbird in `Examples/Server`) builds one from its own request type,
/// with the body already collected up to the core's limit, and hands it to
/// ``LogServer/respond(to:)``.
public struct ServerRequest: Sendable {
    /// The request method, upper case (`GET`, `POST`, `PUT`, `DELETE`).
    public var method: String
    /// The path as received, still percent-encoded (`/logs/lists/L1/actions`), without the query.
    public var path: String
    /// The query string's parameters, percent-decoded; a repeated name keeps its last value.
    public var query: [String: String]
    /// The `Authorization` header, if any.
    public var authorization: String?
    /// The body's bytes.
    public var body: [UInt8]
    /// Other request headers a route or a ``ServerService`` reads (`Idempotency-Key`), by name
    /// in lower case; a repeated header keeps its last value.
    public var headers: [String: String]
    /// The client's address (an IP address) as the embedding server knows it, if it says: what
    /// the per-address login throttle counts by. A server behind a proxy passes the address the
    /// proxy vouches for, never one a client could set.
    public var clientAddress: String?

    /// Creates a request.
    public init(
        method: String, path: String, query: [String: String] = [:], authorization: String? = nil,
        body: [UInt8] = [], headers: [String: String] = [:], clientAddress: String? = nil
    ) {
        self.clientAddress = clientAddress
        self.method = method
        self.path = path
        self.query = query
        self.authorization = authorization
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The header `name` (compared ignoring case), if the request has it.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

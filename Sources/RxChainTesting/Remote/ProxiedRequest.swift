/// The head of one request that reached a ``FaultProxy``: what a test checks the client sent.
public struct ProxiedRequest: Sendable, Equatable {
    /// `GET`, `POST`…
    public let method: String
    /// The request target: the path and query, as sent.
    public let target: String
    /// The header fields, names in lower case (a repeated field keeps its last value).
    public let headers: [String: String]
}

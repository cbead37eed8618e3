import RxChainCore

/// A queued request and the server's final answer to it, as the device's `HTTPTransport` hands it
/// back to the domain: a 2xx (the request is acknowledged) or a refusal for good (4xx).
///
/// The domain turns it into messages (`sync/ack` with the ids the server made, `sync/reject`
/// with the status) and sends them into its store; answers the transport retries (408, 429,
/// 5xx, no answer) never reach it.
public struct HTTPExchange: Sendable {
    /// The queued request.
    public let record: QueueRecord
    /// The call that carried it.
    public let call: HTTPCall
    /// The answer's HTTP status.
    public let status: Int
    /// The answer's body (JSON, or empty).
    public let body: [UInt8]

    /// Creates an exchange (the transport makes them; tests of a domain's answers do too).
    public init(record: QueueRecord, call: HTTPCall, status: Int, body: [UInt8]) {
        self.record = record
        self.call = call
        self.status = status
        self.body = body
    }

    /// Whether the server took the request (2xx).
    public var isAcknowledged: Bool { (200..<300).contains(status) }
}

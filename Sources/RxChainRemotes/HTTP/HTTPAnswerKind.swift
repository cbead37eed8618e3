/// What an HTTP status means for a queued request, as ``HTTPTransport`` reads it.
///
/// | status | kind | the request |
/// | --- | --- | --- |
/// | 2xx | ``acknowledged`` | done: removed from the queue |
/// | 408, 429, 5xx | ``retry`` | stays queued, sent again after a backoff (at least `Retry-After`) |
/// | 401 | ``retry`` | stays queued: the client already refreshed the session once, so the device must sign in again |
/// | 404, 410 to a `DELETE` | ``acknowledged`` | done: what it deletes is gone (the domain still hears the status) |
/// | any other | ``refused`` | a dead letter: the server will never take it as it is |
///
/// A 500 is never an acknowledgement. A `DELETE` is idempotent (RFC 9110): one whose target is
/// already gone has done what it was queued for, and a device can queue the same delete twice (a
/// crash between queueing a message's requests and saving its state makes the message's rules run
/// again on the next answer), so the second one must not become a dead letter.
package enum HTTPAnswerKind: Sendable, Equatable {
    /// The server took the request.
    case acknowledged
    /// A failure that may pass: try the same request again later.
    case retry
    /// The server refused the request for good.
    case refused

    /// The kind of `status` as the answer to a request with `method`.
    package init(status: Int, method: String) {
        switch status {
        case 200..<300: self = .acknowledged
        case 404 where method == "DELETE", 410 where method == "DELETE": self = .acknowledged
        case 401, 408, 429, 500..<600: self = .retry
        default: self = .refused
        }
    }
}

/// What an HTTP status means for a queued request, as ``HTTPTransport`` reads it.
///
/// | status | kind | the request |
/// | --- | --- | --- |
/// | 2xx | ``acknowledged`` | done: removed from the queue |
/// | 408, 429, 5xx | ``retry`` | stays queued, sent again after a backoff (at least `Retry-After`) |
/// | 401 | ``retry`` | stays queued: the client already refreshed the session once, so the device must sign in again |
/// | any other | ``refused`` | a dead letter: the server will never take it as it is |
///
/// A 500 is never an acknowledgement.
package enum HTTPAnswerKind: Sendable, Equatable {
    /// The server took the request.
    case acknowledged
    /// A failure that may pass: try the same request again later.
    case retry
    /// The server refused the request for good.
    case refused

    /// The kind of `status`.
    package init(status: Int) {
        switch status {
        case 200..<300: self = .acknowledged
        case 401, 408, 429, 500..<600: self = .retry
        default: self = .refused
        }
    }
}

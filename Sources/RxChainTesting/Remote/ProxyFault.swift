/// A failure a ``FaultProxy`` plays on one HTTP request (or connection) on its way to the server.
///
/// Each fault is played once, on the next request it applies to (see
/// ``FaultProxy/inject(_:method:)``); requests without a fault are relayed untouched.
public enum ProxyFault: Sendable, Hashable, CustomStringConvertible {
    /// Forwards the request whole, waits for the server's first answer byte (the server has
    /// acted: an upload is committed), then closes both sides without relaying a byte of
    /// the answer: the client never learns what happened (the lost answer).
    case cutResponse
    /// Forwards the request head and only half of its body, then closes both sides: the
    /// server sees a truncated upload and must not commit it.
    case cutRequest
    /// Waits this long before forwarding the request, then relays it normally.
    case delay(Duration)
    /// Accepts the next connection and closes it at once, before reading anything.
    case refuse
    /// Answers the request itself with this status (and headers, such as `Retry-After`) and a
    /// JSON error body, then closes the connection; the server never sees the request.
    case answer(status: Int, headers: [String: String] = [:])

    /// Whether the fault needs the request on a connection of its own (see ``FaultProxy``).
    var closesTheConnection: Bool {
        switch self {
        case .cutResponse, .cutRequest, .refuse, .answer: true
        case .delay: false
        }
    }

    public var description: String {
        switch self {
        case .cutResponse: "cut the response after the server answered"
        case .cutRequest: "cut the request mid-body"
        case .delay(let duration): "delay \(duration)"
        case .refuse: "refuse the connection"
        case .answer(let status, _): "answer \(status) in the server's place"
        }
    }
}

/// What the server's log says about one answered request: one line each, with no token,
/// password, query or body in it.
public struct RequestRecord: Sendable, Equatable {
    /// How much a line matters, by the answer's status.
    public enum Level: String, Sendable {
        /// 2xx and 3xx.
        case info
        /// 4xx: the client's mistake (or a guess), worth a look when many.
        case notice
        /// 5xx: the server's failure.
        case error
    }

    /// The request's id: the client's `X-Request-Id` when it sent a usable one (1 to 64 ASCII
    /// letters, digits, `-`, `_`, `.`), else a new random one; sent back as `X-Request-Id`.
    public var requestId: String
    /// The method.
    public var method: String
    /// The route's template (``ServerRoute``), or `unmatched` for a path no route fits.
    public var route: String
    /// The answer's status.
    public var status: Int
    /// The user the request signed in as, when it did.
    public var user: String?
    /// The client's address, as the embedding server knows it.
    public var clientAddress: String?
    /// How long the server took to answer.
    public var duration: Duration

    /// A record.
    public init(
        requestId: String, method: String, route: String, status: Int, user: String? = nil,
        clientAddress: String? = nil, duration: Duration
    ) {
        self.requestId = requestId
        self.method = method
        self.route = route
        self.status = status
        self.user = user
        self.clientAddress = clientAddress
        self.duration = duration
    }

    /// The level the line is logged at: 2xx/3xx info, 4xx notice, 5xx error.
    public var level: Level {
        switch status {
        case 500...: .error
        case 400..<500: .notice
        default: .info
        }
    }

    /// ``duration`` in milliseconds, three decimals.
    public var durationMilliseconds: Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1_000 + Double(attoseconds) / 1e15) * 1_000).rounded() / 1_000
    }

    /// The line's fields in order: `request_id`, `method`, `route`, `status`, `user` (`-` when
    /// none), `client` (`-` when unknown), `duration_ms`.
    public var fields: [(name: String, value: String)] {
        [
            ("request_id", requestId), ("method", method), ("route", route), ("status", String(status)),
            ("user", user ?? "-"), ("client", clientAddress ?? "-"), ("duration_ms", String(durationMilliseconds)),
        ]
    }
}

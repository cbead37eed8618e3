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
    /// Statuses besides 2xx that mean what the call asks for already holds: the request is
    /// acknowledged, not a dead letter (the domain still hears the status). A delete of a time
    /// entry answered 404 has nothing left to delete; a device can queue one delete twice (a crash
    /// between queueing a message's requests and saving its state runs the message's rules again
    /// on the next answer). Empty by default: only the domain knows which refusals mean "done"
    /// (a 404 `unknown_user` to a membership change means a wrong name, not a change made).
    public var alreadyDoneStatuses: Set<Int>

    /// Creates a call.
    public init(method: String, path: String, body: [UInt8]? = nil, alreadyDoneStatuses: Set<Int> = []) {
        self.method = method
        self.path = path
        self.body = body
        self.alreadyDoneStatuses = alreadyDoneStatuses
    }
}

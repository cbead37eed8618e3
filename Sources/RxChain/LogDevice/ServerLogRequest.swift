/// The sync request of a local entry: append it to its server log (what the ``SyncManager``'s
/// durable queue keeps until the server confirms it).
public struct ServerLogRequest: SyncRequest, Equatable {
    /// The server log.
    public var log: String
    /// The entry's id there.
    public var id: String
    /// The entry's JSON body, as text (always UTF-8 JSON).
    public var body: String

    /// Creates the request.
    public init(log: String, id: String, body: String) {
        self.log = log
        self.id = id
        self.body = body
    }

    public var tag: MessageTag { "serverLog/append" }
}

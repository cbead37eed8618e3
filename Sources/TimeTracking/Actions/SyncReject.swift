/// The payload of `sync/reject`: the server turned a request about one entry down for good.
public struct SyncReject: Sendable, Hashable, Codable {
    /// The entry's client-made id.
    public var id: String
    /// The HTTP status: 404 (the server has no such entry) and 400 (it refuses the entry) act.
    public var status: Int
    /// The server's explanation, when it gave one.
    public var message: String?

    /// Creates a payload.
    public init(id: String, status: Int, message: String? = nil) {
        self.id = id
        self.status = status
        self.message = message
    }
}

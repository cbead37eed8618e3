/// A request another user sent this user (a `request` entry of a mailbox addressed to it).
public struct TodoIncomingRequest: Sendable, Hashable {
    /// The sender.
    public var from: String
    /// What it asks, and about which list.
    public var request: TodoShareRequest
    /// Pending until answered (accept share), or executed on receipt (revoke share).
    public var status: TodoRequestStatus

    /// Creates an incoming request.
    public init(from: String, request: TodoShareRequest, status: TodoRequestStatus) {
        self.from = from
        self.request = request
        self.status = status
    }
}

/// A share this user offered another (`share_list` in its global log), settled by the addressee's ack.
public struct TodoOutgoingRequest: Sendable, Hashable {
    /// The addressee.
    public var to: String
    /// The list shared.
    public var listID: String
    /// Pending until the addressee's first ack.
    public var status: TodoRequestStatus

    /// Creates an outgoing request.
    public init(to: String, listID: String, status: TodoRequestStatus) {
        self.to = to
        self.listID = listID
        self.status = status
    }
}

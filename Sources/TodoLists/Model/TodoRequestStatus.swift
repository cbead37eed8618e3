/// Where a share request stands, as the JSON view writes it.
public enum TodoRequestStatus: String, Sendable, Hashable {
    /// Sent or received, not answered yet.
    case pending
    /// The addressee accepted it.
    case accepted
    /// The addressee rejected it.
    case rejected
    /// Carried out on receipt without consent (a revoke).
    case executed
}

/// What a reducer returns for one message: the new state plus the sync requests the change
/// produced.
///
/// `requests` is empty for a message that needs no remote work (a local message,
/// or a persisted one ignored by the domain's conflict rules).
public struct Reduction<State, Request> {
    /// The state after the message.
    public var state: State
    /// The requests to hand to the sync layer, in order.
    public var requests: [Request]

    /// Creates a result from the new state and its sync requests (none by default).
    @inlinable
    public init(_ state: State, requests: [Request] = []) {
        self.state = state
        self.requests = requests
    }
}

extension Reduction: Sendable where State: Sendable, Request: Sendable {}
extension Reduction: Equatable where State: Equatable, Request: Equatable {}

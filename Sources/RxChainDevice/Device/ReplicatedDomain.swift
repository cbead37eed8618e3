import RxChainCore

/// What every domain a ``Device`` holds names: the state its store keeps, the messages the store
/// is sent, and the requests the store's reducer queues for the remote.
///
/// A domain does not adopt this protocol directly but one of the three ways its data travels,
/// each of which fixes these types or asks for them:
/// - ``DeviceDomain``: actions appended to a shared playbook (the ledger);
/// - ``ServerLogDomain``: entries an RxChain server orders in its logs (TODO lists, shared
///   expenses); the store's types are ``ServerLogState``, ``ServerLogMessage`` and
///   ``ServerLogRequest``;
/// - ``RESTDomain``: requests to a REST server, whose answers come back as messages (the time
///   tracker).
public protocol ReplicatedDomain: Sendable {
    /// Everything a device's store holds.
    associatedtype AppState: Sendable
    /// Everything that can be sent to the store.
    associatedtype AppMessage: Message
    /// What the store's reducer queues for the remote, durably, in order.
    associatedtype Request: SyncRequest
}

/// A request a reducer produces for the sync layer: encodable to the queue, named by a tag.
///
/// The ``SyncManager`` writes each request to its durable queue as JSON, under its tag,
/// before it is tried.
public protocol SyncRequest: Codable, Sendable {
    /// The request's type (for the queue's records, coalescing rules and diagnostics).
    var tag: MessageTag { get }
}

/// A request that failed permanently: kept on disk with the reason until it is retried or acknowledged.
///
/// A dead letter no longer blocks the requests behind it. `SyncQueue.retryDeadLetter(seq:)`
/// puts it back among the pending requests at its original place in sequence order.
public struct DeadLetter: Sendable, Equatable, Hashable {
    /// The request that failed.
    public let record: QueueRecord
    /// Why it failed (the permanent error the remote gave), as recorded by `SyncQueue.deadLetter(seq:reason:)`.
    public let reason: String

    /// Creates a dead letter.
    package init(record: QueueRecord, reason: String) {
        self.record = record
        self.reason = reason
    }
}

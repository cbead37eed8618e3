/// What carries queued requests to the remote, one batch at a time.
///
/// The ``SyncManager`` calls ``send(_:)`` with up to ``maxBatchSize`` pending records,
/// in queue order, never two calls at once. The outcome decides what happens to the batch:
///
/// | outcome | the batch | next |
/// | --- | --- | --- |
/// | ``SyncOutcome/acknowledged`` | removed from the queue | the next batch |
/// | ``SyncOutcome/retryLater(after:reason:)`` | stays pending | retried after a backoff (at least the delay given) |
/// | ``SyncOutcome/conflict(reason:)`` | stays pending | retried at once (the transport refreshes), backing off when conflicts repeat |
/// | ``SyncOutcome/permanentFailure(reason:)`` | the first record becomes a dead letter | the records behind it |
///
/// A transport that throws counts as ``SyncOutcome/retryLater(after:reason:)``.
/// Transports deduplicate by ``QueueRecord/key``: a batch whose acknowledgement was
/// lost is sent again, so the remote must recognise a key it has already applied.
public protocol SyncTransport: Sendable {
    /// The most records one call may carry (1 sends them one by one).
    var maxBatchSize: Int { get }
    /// Sends `batch` (1 ... maxBatchSize records, queue order) and says what became of it.
    func send(_ batch: [QueueRecord]) async throws -> SyncOutcome
}

/// What a ``SyncTransport`` reports for one batch.
public enum SyncOutcome: Sendable, Equatable {
    /// The remote applied every record of the batch.
    case acknowledged
    /// A transient failure (offline, timeout, 5xx, throttled); try again later, no sooner than `after`.
    case retryLater(after: Duration? = nil, reason: String)
    /// The remote moved on (a revision conflict); refresh and try again.
    case conflict(reason: String)
    /// The remote refused the batch's first record for good (bad request, forbidden).
    case permanentFailure(reason: String)
}

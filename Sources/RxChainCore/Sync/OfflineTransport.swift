/// The transport of a device with no remote configured: it never sends, so every request
/// stays in the durable queue until a real transport takes over.
///
/// A device without a remote starts its ``SyncManager`` offline, so this transport is not even
/// called; if it is (someone reports connectivity), it answers
/// ``SyncOutcome/retryLater(after:reason:)``, which keeps the batch pending.
package struct OfflineTransport: SyncTransport {
    /// One record at a time (never used for sending).
    package let maxBatchSize = 1

    /// Creates the transport.
    package init() {}

    /// Keeps the batch pending: there is no remote to send it to.
    package func send(_ batch: [QueueRecord]) async throws -> SyncOutcome {
        .retryLater(reason: "no remote is configured; the request stays queued")
    }
}

import RxChainSystem

/// Proof that a ``SyncQueue`` accepted a change, and the way to wait until it is on disk.
///
/// The change already counts (``SyncQueue/pending`` shows it); it is *persisted* once the
/// writer thread wrote it and, unless durability is ``Durability/none``, `fsync`ed it.
/// Changes persist in the order they were accepted, so a persisted receipt implies every
/// earlier one is persisted too.
///
/// ```swift
/// let receipt = try queue.enqueue(tag: "expense/put", payload: body)
/// try await receipt.persisted()   // now it survives a crash
/// ```
package struct QueueReceipt: Sendable {
    /// The sequence number the change concerns (for an enqueue, the new request's; for an
    /// acknowledgement of several, the highest given).
    package let seq: UInt64
    let position: UInt64
    let storage: SyncQueueStorage

    /// Whether the change is on disk now.
    package var isPersisted: Bool { storage.isPersisted(position: position) }

    /// Returns once the change is on disk.
    ///
    /// Throws ``SyncQueueError/notRecorded(cause:)`` when the write or `fsync` failed and
    /// the change was cut off the log again (it will never be sent; the queue goes on),
    /// ``SyncQueueError/outcomeUnknown(cause:cutFailure:)`` when that cut failed too (reopen
    /// the queue to see whether it was recorded), or ``SyncQueueError/closed(directory:)``
    /// when the queue closed first. Not cancellable: it waits for the writer, which never
    /// stalls indefinitely.
    package func persisted() async throws {
        if isPersisted { return }
        try await awaitHandoff { deliver in storage.whenPersisted(position: position, deliver) }
    }

    /// Calls `body` once the change is on disk, or with the error that stopped it.
    ///
    /// > Important: `body` runs on the queue's writer thread (or at once on the caller's,
    /// > if the outcome is known): keep it short and never block in it, or every write of
    /// > the queue waits.
    package func whenPersisted(_ body: @escaping @Sendable (Result<Void, SyncQueueError>) -> Void) {
        storage.whenPersisted(position: position, body)
    }
}

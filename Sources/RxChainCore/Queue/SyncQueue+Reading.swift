extension SyncQueue {
    /// The requests not yet acknowledged nor dead, in sequence order, including those
    /// accepted but not yet persisted.
    public var pending: [QueueRecord] {
        storage.state.withLock { $0.contents.pending.records }
    }

    /// The first `limit` pending requests; with `persistedOnly`, only those already on
    /// disk (a write-ahead consumer tries nothing that is not).
    package func pending(limit: Int, persistedOnly: Bool = false) -> [QueueRecord] {
        storage.state.withLock { machine in
            let durable = machine.durablePosition
            return machine.contents.pending.prefix(limit) { !persistedOnly || $0.position <= durable }
        }
    }

    /// How many requests are pending.
    public var pendingCount: Int {
        storage.state.withLock { $0.contents.pending.count }
    }

    /// The requests that failed for good, in sequence order, with their reasons.
    public var deadLetters: [DeadLetter] {
        storage.state.withLock { $0.contents.deadLetters }
    }

    /// Every line ever moved out of this queue's log as unreadable (from `quarantine.jsonl`).
    public var quarantined: [QuarantinedLine] {
        storage.state.withLock { $0.quarantined }
    }

    /// The sequence number the next enqueue gets.
    package var nextSeq: UInt64 {
        storage.state.withLock { $0.contents.nextSeq }
    }

    /// The ``SyncQueueError/outcomeUnknown(cause:cutFailure:)`` that stopped the queue, if
    /// one did: a write, `fsync` or compaction failed and its changes could not be cut off
    /// again. The queue then refuses changes with ``SyncQueueError/unusable(directory:cause:)``;
    /// reopen it. A failed background compaction is reported only here and by the next change.
    public var failure: SyncQueueError? {
        storage.state.withLock { $0.failure }
    }
}

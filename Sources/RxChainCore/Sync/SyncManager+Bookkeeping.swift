import Foundation

/// How ``SyncManager`` records outcomes: queue acknowledgements and dead letters, the
/// senders' staged continuations, and the published ``SyncStatus``.
extension SyncManager {
    /// Acknowledges records the coalescing rules made redundant (no need to wait for the write);
    /// `false` when the queue refused the change (recorded as a failure).
    @discardableResult
    func acknowledge(_ records: [QueueRecord]) -> Bool {
        do {
            try queue.acknowledge(records.map(\.seq))
        } catch {
            recordFailure(String(describing: error))
            return false
        }
        acknowledged(records)
        return true
    }

    /// Tells the senders of `records`, acknowledged in the queue, and refreshes the counts.
    func acknowledged(_ records: [QueueRecord]) {
        let progresses = progressTable.withLock { table in
            records.compactMap { table.settled(seq: $0.seq, .acknowledged) }
        }
        for progress in progresses { progress.requestsAcknowledged(1) }
        refreshCounts()
    }

    /// Makes `record` a dead letter (without waiting for the write) and tells its sender;
    /// `false` when the queue refused the change (recorded as a failure).
    @discardableResult
    func deadLetter(_ record: QueueRecord, reason: String) -> Bool {
        do {
            try queue.deadLetter(seq: record.seq, reason: reason)
        } catch {
            recordFailure(String(describing: error))
            return false
        }
        deadLettered(record, reason: reason)
        return true
    }

    /// Tells the sender of `record`, a dead letter in the queue, and refreshes the counts.
    func deadLettered(_ record: QueueRecord, reason: String) {
        let failure = SyncFailure.deadLettered(seq: record.seq, reason: reason)
        let progress = progressTable.withLock { $0.settled(seq: record.seq, .failed(failure)) }
        progress?.requestFailed(failure)
        refreshCounts()
    }

    nonisolated func recordFailure(_ reason: String) {
        updateStatus {
            $0.lastFailureAt = Date()
            $0.lastError = reason
            $0.consecutiveFailures += 1
        }
    }

    nonisolated func refreshCounts() {
        let pending = queue.pendingCount
        let dead = queue.deadLetters.count
        updateStatus {
            $0.pendingCount = pending
            $0.deadLetterCount = dead
        }
    }

    nonisolated func updateStatus(_ change: (inout SyncStatus) -> Void) {
        statusRelay.update(change)
    }
}

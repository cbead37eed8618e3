import Foundation

/// How ``SyncManager`` records outcomes: queue acknowledgements and dead letters, the
/// senders' staged continuations, and the published ``SyncStatus``.
extension SyncManager {
    /// Acknowledges records the coalescing rules made redundant (no need to wait for the write).
    func acknowledge(_ records: [QueueRecord]) {
        do {
            try queue.acknowledge(records.map(\.seq))
        } catch {
            recordFailure(String(describing: error))
            return
        }
        acknowledged(records)
    }

    /// Tells the senders of `records`, acknowledged in the queue, and refreshes the counts.
    func acknowledged(_ records: [QueueRecord]) {
        let progresses = progressBySeq.withLock { table in records.compactMap { table.removeValue(forKey: $0.seq) } }
        for progress in progresses { progress.requestsAcknowledged(1) }
        refreshCounts()
    }

    func deadLetter(_ record: QueueRecord, reason: String) {
        do {
            try queue.deadLetter(seq: record.seq, reason: reason)
        } catch {
            recordFailure(String(describing: error))
            return
        }
        let progress = progressBySeq.withLock { $0.removeValue(forKey: record.seq) }
        progress?.requestFailed(SyncFailure.deadLettered(seq: record.seq, reason: reason))
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

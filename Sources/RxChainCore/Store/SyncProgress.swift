import RxChainSystem
import Synchronization

/// How far a message's sync requests have come: durably queued, then accepted by the remote.
///
/// The store creates one per awaited message and hands it to the ``SyncSink`` with the
/// message's requests. The sink reports progress per request; the stage is reached
/// when every request of the message has reached it. A message with no requests has
/// reached both stages as soon as it is applied.
///
/// > Important: A sink must eventually report each request either acknowledged or
/// > failed, or the waiters of ``SendHandle/acknowledged()`` wait until cancelled.
@usableFromInline
package final class SyncProgress: Sendable {
    private struct Counts {
        var unpersisted: Int
        var unacknowledged: Int
    }

    private let counts: Lock<Counts>
    let persistedStage = StageCell<Void, any Error>()
    let acknowledgedStage = StageCell<Void, any Error>()

    /// Creates progress for `requestCount` requests (both stages are reached at once when it is zero).
    @usableFromInline
    package init(requestCount: Int) {
        counts = Lock(Counts(unpersisted: requestCount, unacknowledged: requestCount))
        if requestCount == 0 {
            persistedStage.resolve(.success(()))
            acknowledgedStage.resolve(.success(()))
        }
    }

    /// Reports that `count` more requests are durably queued.
    package func requestsPersisted(_ count: Int = 1) {
        let reached = counts.withLock { counts -> Bool in
            guard counts.unpersisted > 0 else { return false }
            counts.unpersisted = max(0, counts.unpersisted - count)
            return counts.unpersisted == 0
        }
        if reached { persistedStage.resolve(.success(())) }
    }

    /// Reports that `count` more requests were accepted by the remote (which implies persisted).
    package func requestsAcknowledged(_ count: Int = 1) {
        let reached = counts.withLock { counts -> Bool in
            guard counts.unacknowledged > 0 else { return false }
            counts.unacknowledged = max(0, counts.unacknowledged - count)
            return counts.unacknowledged == 0
        }
        if reached {
            persistedStage.resolve(.success(()))
            acknowledgedStage.resolve(.success(()))
        }
    }

    /// Reports that a request failed for good (queue I/O error, permanent remote failure).
    ///
    /// Stages not yet reached fail with `error`; stages already reached stay reached.
    package func requestFailed(_ error: any Error) {
        persistedStage.resolve(.failure(error))
        acknowledgedStage.resolve(.failure(error))
    }
}

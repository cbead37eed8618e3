/// Which ``SyncProgress`` waits for which queued request: the ``SyncManager``'s table, kept
/// under a lock of its own and never while the queue's lock is held.
///
/// ``SyncManager/receive(_:progress:)`` enqueues a request (under the queue's lock) and
/// registers its progress afterwards (under this table's lock). In between, the consumer
/// may already have sent and settled the request — only if that thread was descheduled for
/// a whole round trip, but then the progress would never hear of it. So `accept` opens a
/// registration first: while any registration is open, an outcome for a request with no
/// progress yet is kept, and the late registration gets it. Once none is open, nobody can
/// register a settled request any more, and the kept outcomes are dropped.
///
/// Pure bookkeeping: the caller tells the progresses it gets back after unlocking.
struct SyncProgressTable {
    /// What became of a request.
    enum Outcome: Sendable {
        case acknowledged
        case failed(any Error)

        /// Tells `progress` about this outcome.
        func tell(_ progress: SyncProgress) {
            switch self {
            case .acknowledged: progress.requestsAcknowledged(1)
            case .failed(let error): progress.requestFailed(error)
            }
        }
    }

    private var waiting: [UInt64: SyncProgress] = [:]
    private var openRegistrations = 0
    /// Outcomes reached before their progress was registered (kept only while a registration is open).
    private var settledEarly: [UInt64: Outcome] = [:]

    /// An `accept` is about to enqueue requests whose progress it registers afterwards.
    mutating func registrationOpened() {
        openRegistrations += 1
    }

    /// That `accept` registered everything it enqueued.
    mutating func registrationClosed() {
        openRegistrations -= 1
        if openRegistrations == 0 { settledEarly.removeAll() }
    }

    /// Registers `progress` for request `seq`; returns the outcome it already reached (to
    /// tell `progress` at once), or nil when it is still on its way.
    mutating func register(_ progress: SyncProgress, seq: UInt64) -> Outcome? {
        if let outcome = settledEarly.removeValue(forKey: seq) { return outcome }
        waiting[seq] = progress
        return nil
    }

    /// Request `seq` reached `outcome`: returns its progress to tell, if one is registered.
    mutating func settled(seq: UInt64, _ outcome: Outcome) -> SyncProgress? {
        if let progress = waiting.removeValue(forKey: seq) { return progress }
        if openRegistrations > 0 { settledEarly[seq] = outcome }
        return nil
    }

    /// Forgets the progress of request `seq` (it was told already: the request was not recorded).
    mutating func forget(seq: UInt64) {
        waiting[seq] = nil
    }
}

extension SyncManager {
    /// Why ``sendPending(maxFailures:givesUp:)`` stopped before the queue was empty.
    package struct SendFailure: Error, Sendable, Equatable {
        /// The last send's error.
        package var reason: String
        /// How many sends failed in a row.
        package var attempts: Int
    }

    /// Lets the manager send until the queue is empty (nothing pending, nothing in flight), or
    /// `maxFailures` sends failed in a row, or a send failed and `givesUp` says retrying will not
    /// help (bad credentials); a manager that was offline is put back offline after. Such a
    /// manager sends nothing more after the `maxFailures`-th failure, so what the caller is told
    /// is what happened: no retry it did not count is still on the wire. A manager that was
    /// online goes on retrying on its own, as it would have without this call.
    ///
    /// Failures count from this call on: a manager that stays up (an app, a follower) may come in
    /// with failures of an earlier sync on its count. A request the remote refuses for good
    /// becomes a dead letter and is not a failure here: the queue moves on.
    ///
    /// - Returns: `nil` once the queue is empty, else why it stopped.
    package func sendPending(maxFailures: Int, givesUp: @Sendable () -> Bool = { false }) async -> SendFailure? {
        let wasOnline = currentStatus.isOnline
        var statuses = status.values.makeAsyncIterator()  // subscribed before anything is sent
        var before = currentStatus.consecutiveFailures
        if wasOnline {
            flushNow()
        } else {
            // Online only for this call: the machine stops by itself after the last failure
            // allowed, so nothing is still being sent when this returns (a retry the caller never
            // counted could otherwise succeed after it was told the sync failed).
            machine.limitFailures(to: max(1, maxFailures))
            connectivityChanged(online: true)
        }
        var failure: SendFailure?
        while let status = await statuses.next() {
            if status.pendingCount == 0, status.inFlightCount == 0 { break }
            before = min(before, status.consecutiveFailures)  // a success set the count back to 0
            let failures = status.consecutiveFailures - before
            if failures >= max(1, maxFailures) || (failures > 0 && givesUp()) {
                failure = SendFailure(reason: status.lastError ?? "the remote did not acknowledge", attempts: failures)
                break
            }
        }
        if !wasOnline {
            machine.limitFailures(to: nil)
            connectivityChanged(online: false)
        }
        return failure
    }
}

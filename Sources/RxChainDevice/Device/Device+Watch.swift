import RxChainCore

extension Device {
    /// Follows the remote of a store like ``follow(interval:onEvent:)``, but holds the store only
    /// while it syncs, so that other processes read and write it meanwhile: a terminal `watch`.
    ///
    /// Each round opens the device with `open` (waiting for a writer that holds the store), shows
    /// its state, syncs once, shows the outcome, and closes the device; then it waits without the
    /// store for the remote to change (a long poll after the cursor the store saved, or `interval`
    /// for a remote that cannot tell) and for at most `interval`, so a change another process
    /// recorded is sent within `interval`.
    ///
    /// - **Backoff**: a failed sync or wait is tried again after `retry`'s backoff, with a sync;
    ///   the first success clears the failure (in the events and in ``DeviceStatus``).
    /// - **Ends** when the task is cancelled, or throws what waiting will not fix: no remote, a
    ///   session the server ended, a store that cannot be opened.
    ///
    /// - Parameters:
    ///   - interval: the longest one wait takes.
    ///   - retry: the backoff after failures.
    ///   - open: opens the store's device (the caller's options, and its wait for the lock).
    ///   - onEvent: called with every sync, wait and failure, in order, with the state the store
    ///     held when it was last open.
    public static func watch(
        interval: Duration, retry: RetryPolicy = RetryPolicy(), open: @Sendable () async throws -> Device,
        onEvent: @Sendable (FollowEvent, Domain.AppState) async -> Void
    ) async throws {
        var failures = 0
        var waiter: (any ChangeWaiter)?
        var state: Domain.AppState?
        let clock = ContinuousClock()
        while !Task.isCancelled {
            do {
                let device = try await open()
                do {
                    guard device.remote != nil else { throw DeviceError.noRemote(store: device.directory.path) }
                    state = await device.store.state
                    let report = try await device.syncNow(maxFailures: 1)
                    state = await device.store.state
                    if waiter == nil { waiter = try device.replication.makeDetachedChangeWaiter(interval: interval) }
                    await device.close()
                    failures = 0
                    if let state { await onEvent(.synced(report), state) }
                } catch {
                    await device.close()
                    throw error
                }
                try await waitForChange(&waiter, state: state, onEvent: onEvent)
            } catch is CancellationError {
                return
            } catch let error where mayPass(error) {
                failures += 1
                let delay = retry.delay(forAttempt: failures)
                let reason = Self.reason(error)
                if let state {
                    await onEvent(
                        isOffline(error)
                            ? .unreachable(reason: reason, retryIn: delay)
                            : .syncFailed(reason: reason, retryIn: delay),
                        state)
                }
                do { try await clock.sleep(for: delay) } catch { return }
            }
        }
    }

    /// Waits until the remote changed or a wait ended quietly (then the next round syncs what
    /// other processes recorded meanwhile).
    private static func waitForChange(
        _ waiter: inout (any ChangeWaiter)?, state: Domain.AppState?,
        onEvent: @Sendable (FollowEvent, Domain.AppState) async -> Void
    ) async throws {
        guard var changes = waiter else { return }
        defer { waiter = changes }
        while !Task.isCancelled {
            switch try await changes.next() {
            case .syncNeeded, .received:
                return
            case .unreachable(let reason, let retryIn):
                if let state { await onEvent(.unreachable(reason: reason, retryIn: retryIn), state) }
            }
        }
        throw CancellationError()
    }
}

import RxChainCore
import RxChainRemotes

extension Device {
    /// Keeps the device in step with its remote until the task is cancelled: syncs once, then
    /// sends each request as it is queued and waits for the remote to change, bringing in what
    /// changed (a whole sync when only one can).
    ///
    /// - **Single flight**: syncs and waits run one at a time, so changes that arrive during a
    ///   sync are seen by the next wait.
    /// - **Backoff**: a failed sync or wait is tried again after the device's backoff, from where
    ///   it was, so a disconnect or a server restart loses no change; the first success clears
    ///   the failure (in the events and in ``DeviceStatus``).
    /// - **Ends** when the task is cancelled (the sync manager goes back offline), or throws what
    ///   waiting will not fix: a session the server ended (sign in again), a file write error.
    ///
    /// - Parameters:
    ///   - interval: the longest one wait takes: how long the server may hold a long poll, or,
    ///     for a remote that cannot tell (a playbook in a directory or S3), the pause between syncs.
    ///   - onEvent: called with every sync, arrival and failure, in order.
    /// - Throws: ``DeviceError/noRemote(store:)`` without a remote.
    public func follow(
        interval: Duration = .seconds(25), onEvent: @Sendable (FollowEvent) async -> Void
    ) async throws {
        guard remote != nil else { throw DeviceError.noRemote(store: directory.path) }
        var changes = try replication.makeChangeWaiter(interval: interval)
        await sync.connectivityChanged(online: true)
        do {
            try await followChanges(&changes, onEvent: onEvent)
        } catch {
            await sync.connectivityChanged(online: false)
            throw error
        }
        await sync.connectivityChanged(online: false)
    }

    private func followChanges(
        _ changes: inout any ChangeWaiter, onEvent: @Sendable (FollowEvent) async -> Void
    ) async throws {
        var failures = 0
        var needsSync = true
        while !Task.isCancelled {
            do {
                if needsSync {
                    let report = try await syncNow(maxFailures: 1)
                    needsSync = false
                    failures = 0
                    await onEvent(.synced(report))
                    continue
                }
                switch try await changes.next() {
                case .syncNeeded:
                    needsSync = true
                case .received(let count):
                    failures = 0
                    try await recordReached()
                    await onEvent(.received(count: count))
                case .unreachable(let reason, let retryIn):
                    try await recordUnreachable(reason)
                    await onEvent(.unreachable(reason: reason, retryIn: retryIn))
                }
            } catch is CancellationError {
                return
            } catch let error where Self.mayPass(error) {
                failures += 1
                let delay = sync.configuration.retry.delay(forAttempt: failures)
                let reason = Self.reason(error)
                if Self.isOffline(error) {
                    try await recordUnreachable(reason)
                    await onEvent(.unreachable(reason: reason, retryIn: delay))
                } else {
                    await onEvent(.syncFailed(reason: reason, retryIn: delay))
                }
                do { try await sync.configuration.clock.sleep(for: delay) } catch { return }
            }
        }
    }

    /// Whether trying again later may succeed: a sync that gave up, a store another process held
    /// longer than a watch waited, no answer, or an answer that says so (408, 429, 5xx).
    static func mayPass(_ error: any Error) -> Bool {
        switch error {
        case DeviceError.syncFailed, DeviceError.busy: true
        case let error as ServerClientError: error.isPassing
        default: false
        }
    }

    /// What a failure says, without the attempt count a follower restarts at every try.
    static func reason(_ error: any Error) -> String {
        if case DeviceError.syncFailed(let reason, _) = error { return reason }
        return "\(error)"
    }
}

extension ServerClientError {
    /// Whether trying again later may succeed: no answer, or an answer that says so (408, 429, 5xx).
    var isPassing: Bool {
        switch self {
        case .unreachable: true
        case .refused(_, let status, _, _): status == 408 || status == 429 || status >= 500
        default: false
        }
    }
}

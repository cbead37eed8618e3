import RxChainRemotes

extension RESTDevice {
    /// What following the server brings, for a view to show.
    public enum FollowEvent: Sendable, Equatable {
        /// The first sync finished.
        case synced
        /// A pull came back (something changed on the server, or the wait was over) and was applied.
        case pulled
        /// The server could not be reached or failed; the device tries again after `retryIn` from
        /// the saved cursor (nothing is lost: what was not answered stays queued).
        case unreachable(reason: String, retryIn: Duration)
    }

    /// Keeps the device in step with the server until the task is cancelled: syncs once, then
    /// sends each request as it is queued and long-polls the domain's pull from the saved cursor
    /// (``RESTDomain/pull(_:state:since:wait:)`` with `wait`), applying what arrives.
    ///
    /// - **Backoff**: a failed sync or pull is tried again after the device's backoff, from the
    ///   saved cursor, so a disconnect or a server restart loses no change.
    /// - **Ends** when the task is cancelled (the sync manager goes back offline), or throws what
    ///   waiting will not fix: a session the server ended (sign in again), a refused pull, a
    ///   snapshot write error.
    ///
    /// - Parameters:
    ///   - wait: how long each pull may wait on the server for a change.
    ///   - onEvent: called with every sync, pull and failure, in order.
    public func follow(wait: Duration = .seconds(25), onEvent: @Sendable (FollowEvent) async -> Void) async throws {
        guard let client else { throw ServerLogDeviceError.noServer(store: directory.path) }
        await sync.connectivityChanged(online: true)
        do {
            try await followPulls(client, wait: wait, onEvent: onEvent)
        } catch {
            await sync.connectivityChanged(online: false)
            throw error
        }
        await sync.connectivityChanged(online: false)
    }

    private func followPulls(
        _ client: ServerClient, wait: Duration, onEvent: @Sendable (FollowEvent) async -> Void
    ) async throws {
        var failures = 0
        var synced = false
        while !Task.isCancelled {
            let reason: String
            do {
                if synced {
                    try await pullChanges(client, wait: wait)
                    await onEvent(.pulled)
                } else {
                    try await syncNow(maxFailures: 1)
                    synced = true
                    await onEvent(.synced)
                }
                failures = 0
                continue
            } catch is CancellationError {
                return
            } catch let error as ServerClientError where error.isPassing {
                reason = error.description
            } catch ServerLogDeviceError.syncFailed(let why, _) {
                reason = why
            }
            failures += 1
            let delay = sync.configuration.retry.delay(forAttempt: failures)
            await onEvent(.unreachable(reason: reason, retryIn: delay))
            do { try await sync.configuration.clock.sleep(for: delay) } catch { return }
        }
    }
}

import RxChainRemotes

extension PlaybookDevice {
    /// What following a server's feed brings, for a view to show.
    public enum FollowEvent: Sendable {
        /// A sync finished: at the start, and after each change of the device's log.
        case synced(SyncReport)
        /// A sync failed; the device tries again after `retryIn` (nothing is lost: what was not
        /// acknowledged stays queued).
        case syncFailed(reason: String, retryIn: Duration)
        /// The feed could not be polled; it polls again after `retryIn` from where it was.
        case unreachable(reason: String, retryIn: Duration)
    }

    /// Keeps the device in step with a server playbook: syncs once, then again whenever the
    /// server's feed reports an entry of the playbook's log, until the task is cancelled.
    ///
    /// - **Single flight**: syncs run one at a time; entries that arrive during a sync are
    ///   reported by the next poll and cause one more sync, however many they are.
    /// - **Backoff**: a failed sync is tried again after the device's backoff
    ///   (``DeviceOptions/retry``), without waiting for the feed; a failed poll is retried by
    ///   the feed with its own backoff, from its cursor, so a disconnect or a server restart
    ///   loses no change.
    ///
    /// - Parameters:
    ///   - feed: the feed of the server the device's remote is on (``RemoteSetting/makeFeed(sessions:)``).
    ///   - log: the playbook's log name (``ServerRemote/logName``).
    ///   - onEvent: called with every sync and failure, in order.
    /// - Throws: what the feed cannot recover from (a session the server ended), or
    ///   ``DeviceError/noRemote(store:)``.
    public func follow(
        _ feed: ServerFeed, log: String, onEvent: @Sendable (FollowEvent) async -> Void
    ) async throws {
        guard transport != nil else { throw DeviceError.noRemote(store: directory.path) }
        var needsSync = true
        var failures = 0
        var events = feed.makeAsyncIterator()
        while !Task.isCancelled {
            if needsSync {
                do {
                    let report = try await syncNow(maxFailures: 1)
                    failures = 0
                    needsSync = false
                    await onEvent(.synced(report))
                } catch is CancellationError {
                    return
                } catch {
                    failures += 1
                    let delay = sync.configuration.retry.delay(forAttempt: failures)
                    await onEvent(.syncFailed(reason: "\(error)", retryIn: delay))
                    do {
                        try await sync.configuration.clock.sleep(for: delay)
                    } catch {
                        return
                    }
                    continue
                }
            }
            guard let event = try await events.next() else { return }
            switch event {
            case .entries(let entries):
                if entries.contains(where: { $0.log == log }) { needsSync = true }
            case .unreachable(let reason, let retryIn):
                await onEvent(.unreachable(reason: reason, retryIn: retryIn))
            }
        }
    }
}

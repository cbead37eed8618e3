import RxChainLogs

extension PlaybookReplication {
    /// Runs one whole sync: downloads what is new, appends every pending action (tagged with
    /// its `actionId`), lets the queue acknowledge them, and re-bases the store.
    ///
    /// - Finishes: the download is tried up to `maxFailures` times, with the sync manager's
    ///   backoff (``DeviceOptions/retry``) between tries; the upload goes through the
    ///   device's ``SyncManager`` (its conflict retries and backoff) and this returns as soon
    ///   as the queue is empty, or throws once `maxFailures` sends failed in a row. Either
    ///   stops at the first failure that retrying will not fix
    ///   (``PlaybookSyncStatus/lastErrorIsPermanent``: bad credentials, a missing bucket).
    /// - Reports only what is on disk: it returns after the queue's acknowledgements are
    ///   written and `fsync`ed and the sync status is saved, and throws when either failed.
    /// - Actions recorded while this runs are synced too when they reach the queue in time.
    func syncOnce(maxFailures: Int, onRetry: @escaping @Sendable (SyncRetry) -> Void) async throws -> (
        received: Int, playbook: PlaybookSyncDetails?
    ) {
        guard let transport else { throw DeviceError.noRemote(store: directory.path) }
        let before = transport.currentStatus
        try await download(from: transport, maxFailures: maxFailures, onRetry: onRetry)
        await store.settle()
        if sync.queue.pendingCount > 0 { try await drain(maxFailures: maxFailures) }
        await rebaser.rebase()
        try await sync.queue.flush()
        if let failure = await transport.statusSaveFailure {
            throw DeviceError.syncFailed(reason: failure, attempts: 1)
        }
        let after = transport.currentStatus
        let ignored = max(0, after.ignoredCount - before.ignoredCount)
        let details = PlaybookSyncDetails(
            linesDownloaded: after.linesDownloaded - before.linesDownloaded,
            linesUploaded: after.linesUploaded - before.linesUploaded,
            recoveredActions: after.recoveredActions - before.recoveredActions,
            ignoredActions: Array(after.ignoredActions.suffix(ignored)), lineCount: after.lineCount,
            revision: after.revision)
        return (details.linesDownloaded, details)
    }

    /// Waits for the playbook to change: on a server, for its feed to report an entry of the
    /// playbook's log; elsewhere (a directory, S3), for `interval`, since they cannot tell.
    func makeChangeWaiter(interval: Duration) throws -> any ChangeWaiter {
        guard let remote, remote.isServer else {
            return PlaybookPause(interval: interval, clock: sync.configuration.clock)
        }
        let (feed, log) = try remote.makeFeed(sessions: serverSessions, retry: sync.configuration.retry)
        return PlaybookFeedWaiter(events: feed.makeAsyncIterator(), log: log)
    }

    /// The same waits: neither reads the store.
    func makeDetachedChangeWaiter(interval: Duration) throws -> any ChangeWaiter {
        try makeChangeWaiter(interval: interval)
    }

    /// Downloads what is new, trying again after transient failures (a refused connection, a
    /// timeout, a 5xx) with the sync manager's backoff, at most `maxFailures` times.
    private func download(
        from transport: PlaybookTransport<Domain>, maxFailures: Int, onRetry: @Sendable (SyncRetry) -> Void
    ) async throws {
        var failures = 0
        while true {
            switch await transport.refresh() {
            case .acknowledged:
                return
            case .conflict:
                // The device took a new id for its pending actions: nothing to wait for.
                failures += 1
            case .retryLater, .permanentFailure:
                failures += 1
                let status = transport.currentStatus
                if failures >= maxFailures || status.lastErrorIsPermanent == true {
                    throw DeviceError.syncFailed(
                        reason: status.lastError ?? "the download failed", attempts: failures)
                }
                onRetry(
                    SyncRetry(
                        attempt: failures, maxAttempts: maxFailures, reason: status.lastError ?? "the download failed"))
                let configuration = sync.configuration
                try await configuration.clock.sleep(for: configuration.retry.delay(forAttempt: failures, atLeast: nil))
                continue
            }
            if failures >= maxFailures {
                throw DeviceError.syncFailed(
                    reason: transport.currentStatus.lastError ?? "the download kept conflicting", attempts: failures)
            }
        }
    }

    /// Lets the sync manager send until the queue is empty or `maxFailures` sends failed in a row.
    private func drain(maxFailures: Int) async throws {
        let transport = transport
        let failure = await sync.sendPending(maxFailures: maxFailures) {
            transport?.currentStatus.lastErrorIsPermanent == true
        }
        if let failure { throw DeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts) }
    }
}

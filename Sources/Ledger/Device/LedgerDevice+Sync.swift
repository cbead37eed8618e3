import RxChain

extension LedgerDevice {
    /// Runs one whole sync and returns once it is over: downloads what is new, appends
    /// every pending action (tagged with its `actionId`), lets the queue acknowledge them,
    /// and re-bases the store.
    ///
    /// - Finishes: the upload goes through the device's ``SyncManager`` (its conflict
    ///   retries and backoff, ``LedgerSyncOptions/retry``) and this returns as soon as the
    ///   queue is empty, or throws once `maxFailures` sends failed in a row, or at the first
    ///   failure that retrying will not fix (``PlaybookSyncStatus/lastErrorIsPermanent``:
    ///   bad credentials, a missing bucket); the manager is
    ///   then put back offline if the device was opened offline.
    /// - Actions recorded while this runs are synced too when they reach the queue in time.
    ///
    /// - Throws: ``LedgerDeviceError/noRemote(store:)`` when the store has no remote;
    ///   ``LedgerDeviceError/syncFailed(reason:attempts:)`` when the download failed (the
    ///   remote is unreachable) or the sends kept failing (the reason is the last error).
    ///   Nothing is lost either way: what was not acknowledged stays queued.
    @discardableResult
    public func syncNow(maxFailures: Int = 8) async throws -> LedgerSyncReport {
        guard let transport else { throw LedgerDeviceError.noRemote(store: directory.path) }
        let before = transport.currentStatus
        guard await transport.refresh() == .acknowledged else {
            let reason = transport.currentStatus.lastError ?? "the download failed"
            throw LedgerDeviceError.syncFailed(reason: reason, attempts: 1)
        }
        await store.settle()
        if sync.queue.pendingCount > 0 { try await drain(maxFailures: max(1, maxFailures)) }
        await rebaser?.rebase()
        let after = transport.currentStatus
        let ignored = max(0, after.ignoredCount - before.ignoredCount)
        return LedgerSyncReport(
            location: after.location, linesDownloaded: after.linesDownloaded - before.linesDownloaded,
            linesUploaded: after.linesUploaded - before.linesUploaded,
            recoveredActions: after.recoveredActions - before.recoveredActions,
            ignoredActions: Array(after.ignoredActions.suffix(ignored)), pendingCount: sync.queue.pendingCount,
            lineCount: after.lineCount, revision: after.revision)
    }

    /// Lets the sync manager send until the queue is empty or `maxFailures` sends failed in a row.
    private func drain(maxFailures: Int) async throws {
        let wasOnline = sync.currentStatus.isOnline
        var statuses = sync.status.values.makeAsyncIterator()  // subscribed before anything is sent
        if wasOnline { await sync.flushNow() } else { await sync.connectivityChanged(online: true) }
        var failure: SyncStatus?
        while let status = await statuses.next() {
            if status.pendingCount == 0, status.inFlightCount == 0 { break }
            let isPermanent = status.consecutiveFailures > 0 && transport?.currentStatus.lastErrorIsPermanent == true
            if status.consecutiveFailures >= maxFailures || isPermanent {
                failure = status
                break
            }
        }
        if !wasOnline { await sync.connectivityChanged(online: false) }
        if let failure {
            throw LedgerDeviceError.syncFailed(
                reason: failure.lastError ?? "the remote did not acknowledge", attempts: failure.consecutiveFailures)
        }
    }
}

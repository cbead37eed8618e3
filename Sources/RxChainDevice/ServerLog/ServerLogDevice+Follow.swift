import RxChainRemotes

extension ServerLogDevice {
    /// What following the server brings, for a view to show.
    public enum FollowEvent: Sendable, Equatable {
        /// The first sync finished.
        case synced(ServerLogSyncReport)
        /// Entries of the domain arrived (another device's, or this one's confirmed).
        case received(count: Int)
        /// The server could not be reached or failed; the device tries again after `retryIn`
        /// from where it was (nothing is lost: what was not confirmed stays queued).
        case unreachable(reason: String, retryIn: Duration)
    }

    /// Keeps the device in step with the server until the task is cancelled: syncs once, then
    /// sends each entry as it is recorded and long-polls the user's feed from the saved cursor,
    /// folding what arrives (and reading from their start the logs the domain newly asks for).
    ///
    /// - **Backoff**: a failed sync or poll is tried again after the device's backoff, from the
    ///   saved cursor, so a disconnect or a server restart loses no change.
    /// - **Ends** when the task is cancelled (the sync manager goes back offline), or throws what
    ///   waiting will not fix: a session the server ended (sign in again), a cache write error.
    ///
    /// - Parameters:
    ///   - wait: how long each poll may wait on the server for a new entry.
    ///   - onEvent: called with every sync, arrival and failure, in order.
    public func follow(wait: Duration = .seconds(25), onEvent: @Sendable (FollowEvent) async -> Void) async throws {
        guard let client else { throw ServerLogDeviceError.noServer(store: directory.path) }
        await sync.connectivityChanged(online: true)
        do {
            try await followFeed(client, wait: wait, onEvent: onEvent)
        } catch {
            await sync.connectivityChanged(online: false)
            throw error
        }
        await sync.connectivityChanged(online: false)
    }

    private func followFeed(
        _ client: ServerClient, wait: Duration, onEvent: @Sendable (FollowEvent) async -> Void
    ) async throws {
        var failures = 0
        var synced = false
        while !Task.isCancelled {
            do {
                if !synced {
                    let report = try await syncNow(maxFailures: 1)
                    synced = true
                    await onEvent(.synced(report))
                } else {
                    var cursors = cache.cursors
                    let page = try await ServerFeed.poll(client, after: cursors.feed ?? 0, wait: wait)
                    cursors.feed = page.next
                    let records = page.entries.map(ServerLogRecord.init(feedEntry:))
                    var received = try await keep(records, cursors: cursors)
                    received += try await readLogs(client, onlyNew: true)
                    if received > 0 { await onEvent(.received(count: received)) }
                }
                failures = 0
            } catch is CancellationError {
                return
            } catch let error as ServerClientError where error.isPassing {
                failures += 1
                let delay = sync.configuration.retry.delay(forAttempt: failures)
                await onEvent(.unreachable(reason: error.description, retryIn: delay))
                do { try await sync.configuration.clock.sleep(for: delay) } catch { return }
            } catch let error as ServerLogDeviceError {
                guard case .syncFailed(let reason, _) = error else { throw error }
                failures += 1
                let delay = sync.configuration.retry.delay(forAttempt: failures)
                await onEvent(.unreachable(reason: reason, retryIn: delay))
                do { try await sync.configuration.clock.sleep(for: delay) } catch { return }
            }
        }
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

import RxChainServerStorage

extension LogServer {
    /// `GET /feed?after=TS&wait=SECONDS&limit=N`: the entries of every log the user may read,
    /// in server order (`ts`), after the timestamp `after`; a long poll.
    ///
    /// Answers as soon as there is at least one such entry, or after `wait` seconds (at most
    /// ``Configuration/maximumFeedWait``; 0 answers at once) with none, or at once with none
    /// when the server is shutting down (``beginShutdown()``), so the client resumes elsewhere. `next` is the cursor for
    /// the next call: past every entry looked at, also those the user may not read, so they are
    /// not looked at again. Readability is decided when the entry is read, so a revoked member
    /// stops receiving a family's entries at once.
    ///
    /// Without `after`, the feed starts at the server's current position: it reports what is
    /// appended from now on (a device syncs first to catch up).
    ///
    /// Long poll rather than Server-Sent Events: a device's client is Foundation's `URLSession`,
    /// and on Linux (FoundationNetworking) it cannot hand a response's bytes over as they arrive
    /// to `async` code (`bytes(for:)` is unavailable there); a long poll needs only
    /// `data(for:)`, resumes from its cursor after any disconnect, and answers a waiting poll as
    /// soon as an entry is durable, so the latency stays one commit plus one response.
    func feed(_ request: ServerRequest) async throws -> ServerResponse {
        let user = try authenticate(request).user
        var cursor = try queryCount(request, "after") ?? book.lastDurableTimestamp
        let limit = max(
            1, min(try queryCount(request, "limit").map { Int(clamping: $0) } ?? .max, configuration.maximumPageSize))
        let requestedWait = try queryCount(request, "wait").map { Duration.seconds(Int64(clamping: $0)) }
        let wait = min(requestedWait ?? configuration.maximumFeedWait, configuration.maximumFeedWait)
        let deadline = ContinuousClock.now.advanced(by: wait)
        var visible: [LogEntry] = []
        while visible.isEmpty {
            let scanned: [LogEntry]
            do {
                scanned = try await book.fetchEntries(afterTimestamp: cursor, limit: limit)
            } catch {
                throw ServerError.unavailable("the log store could not be read: \(error)")
            }
            for entry in scanned where access.currentDecision(user: user, operation: .read, log: entry.log).isAllowed {
                visible.append(entry)
            }
            if let last = scanned.last {
                cursor = last.ts
                continue
            }
            if ContinuousClock.now >= deadline || shutdown.isTriggered { break }
            try await waitForEntries(after: cursor, until: deadline)
        }
        return .json { object in
            object.member("next", cursor)
            object.member("entries", objects: visible) { LogServer.write($1, includingLog: true, to: &$0) }
        }
    }

    /// Returns when a durable entry after `cursor` exists, at `deadline`, or at a shutdown,
    /// whichever is first;
    /// throws `CancellationError` when the request's task is cancelled (a client gone, a shutdown).
    private func waitForEntries(after cursor: UInt64, until deadline: ContinuousClock.Instant) async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.book.waitForEntries(afterTimestamp: cursor) }
            group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            group.addTask { await self.shutdown.wait() }
            await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }
}

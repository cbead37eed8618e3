import Foundation
import RxChainJSON
import RxChainRemotes

extension ServerLogDevice {
    /// Runs one whole sync and returns once it is over: pushes every queued entry (through the
    /// ``SyncManager``), then pulls the user's feed from the saved cursor and reads the logs the
    /// domain asks for from theirs.
    ///
    /// - Finishes: the push stops after `maxFailures` failed sends in a row; the pull makes one
    ///   attempt per request (a follower retries with its backoff).
    /// - Throws: ``ServerLogDeviceError/noServer(store:)``; ``ServerLogDeviceError/syncFailed(reason:attempts:)``
    ///   when the push kept failing; the client's ``ServerClientError`` when the pull failed; a
    ///   cache write error. Nothing is lost either way: what the server did not confirm stays queued.
    @discardableResult
    public func syncNow(maxFailures: Int = 8) async throws -> ServerLogSyncReport {
        guard let client else { throw ServerLogDeviceError.noServer(store: directory.path) }
        if sync.queue.pendingCount > 0, let failure = await sync.sendPending(maxFailures: maxFailures) {
            throw ServerLogDeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts)
        }
        var received = try await pullFeed(client)
        received += try await readLogs(client, onlyNew: false)
        await store.settle()
        return ServerLogSyncReport(
            received: received, pending: sync.queue.pendingCount, deadLetters: sync.queue.deadLetters.count)
    }

    /// Pulls the feed from the saved cursor until it is caught up; returns the entries received.
    func pullFeed(_ client: ServerClient) async throws -> Int {
        var received = 0
        while true {
            var cursors = cache.cursors
            let page = try await ServerFeed.poll(client, after: cursors.feed ?? 0, wait: .zero, limit: 500)
            cursors.feed = page.next
            received += try await keep(page.entries.map(ServerLogRecord.init(feedEntry:)), cursors: cursors)
            if page.entries.isEmpty { return received }
        }
    }

    /// Reads each log the domain asks for from its saved cursor (with `onlyNew`, only the logs
    /// never read); a log the user may not read (yet) is passed over. Returns the entries received.
    func readLogs(_ client: ServerClient, onlyNew: Bool) async throws -> Int {
        var received = 0
        for log in domain.logsToRead(in: await state).sorted() {
            if onlyNew, cache.cursors.logs[log] != nil { continue }
            while true {
                var cursors = cache.cursors
                let after = cursors.logs[log] ?? 0
                let answer = try await client.sendSigned(
                    "GET", "/logs/" + log, query: [("after", String(after)), ("limit", "500")])
                if answer.status == 403 || answer.status == 404 { break }
                try answer.requireSuccess()
                let page = try answer.read { body throws(JSONFieldError) in
                    (
                        next: try body.count("next"),
                        records: try body.objects("entries").map { entry throws(JSONFieldError) in
                            ServerLogRecord(
                                log: log, id: try entry.string("id"), creator: try entry.string("creator"),
                                body: try entry.json("body"), seq: try entry.count("seq"), ts: try entry.count("ts"))
                        }
                    )
                }
                cursors.logs[log] = page.next
                received += try await keep(page.records, cursors: cursors)
                if page.records.isEmpty { break }
            }
        }
        return received
    }

    /// Keeps the records of the domain the device does not hold yet durably, then the cursors,
    /// then folds them into the store; returns how many entries of the domain there were.
    func keep(_ records: [ServerLogRecord], cursors: ServerLogCache.Cursors) async throws -> Int {
        let fold = await store.state.fold
        var kept: [ServerLogRecord] = []
        var entries: [Domain.Entry] = []
        var count = 0
        for record in records {
            guard let entry = domain.entry(from: record) else { continue }
            count += 1
            if fold.isConfirmed(domain.id(of: entry)) { continue }
            kept.append(record)
            entries.append(entry)
        }
        try await cache.save(kept, cursors: cursors)
        if !entries.isEmpty { _ = try? await store.submit(.confirm(entries)).applied() }
        return count
    }
}

extension ServerLogRecord {
    /// The record of an entry the feed brought.
    init(feedEntry entry: ServerFeed.Entry) {
        self.init(
            log: entry.log, id: entry.id, creator: entry.creator, body: entry.body, seq: entry.seq, ts: entry.ts)
    }
}

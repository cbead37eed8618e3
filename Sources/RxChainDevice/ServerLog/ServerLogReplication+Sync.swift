import Foundation
import RxChainJSON
import RxChainRemotes

extension ServerLogReplication {
    /// Runs one whole sync: pushes every queued entry (through the ``SyncManager``), then pulls
    /// the user's feed from the saved cursor and reads the logs the domain asks for from theirs.
    ///
    /// - Finishes: the push stops after `maxFailures` failed sends in a row; the pull makes one
    ///   attempt per request (a follower retries with its backoff).
    /// - Throws: ``DeviceError/noRemote(store:)``; ``DeviceError/syncFailed(reason:attempts:)``
    ///   when the push kept failing; the client's ``ServerClientError`` when the pull failed; a
    ///   cache write error. Nothing is lost either way: what the server did not confirm stays queued.
    func syncOnce(maxFailures: Int, onRetry: @escaping @Sendable (SyncRetry) -> Void) async throws -> (
        received: Int, playbook: PlaybookSyncDetails?
    ) {
        guard let client else { throw DeviceError.noRemote(store: directory.path) }
        if sync.queue.pendingCount > 0, let failure = await sync.sendPending(maxFailures: maxFailures) {
            throw DeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts)
        }
        var received = try await pullFeed(client)
        received += try await readLogs(client, onlyNew: false)
        await store.settle()
        return (received, nil)
    }

    /// Long-polls the user's feed from the saved cursor, folding what arrives and reading from
    /// their start the logs the domain newly asks for.
    func makeChangeWaiter(interval: Duration) throws -> any ChangeWaiter {
        guard let client else { throw DeviceError.noRemote(store: directory.path) }
        return ServerLogFeedWaiter(replication: self, client: client, wait: interval)
    }

    /// Long-polls the user's feed after the cursor the store saved last.
    func makeDetachedChangeWaiter(interval: Duration) throws -> any ChangeWaiter {
        guard let client else { throw DeviceError.noRemote(store: directory.path) }
        return ServerLogFeedWatcher(directory: cache.directory, client: client, wait: interval)
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
        for log in domain.logsToRead(in: await store.state.state).sorted() {
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

/// One long poll of the user's feed at a time, from the saved cursor.
struct ServerLogFeedWaiter<Domain: ServerLogDomain>: ChangeWaiter {
    let replication: ServerLogReplication<Domain>
    let client: ServerClient
    let wait: Duration

    mutating func next() async throws -> RemoteChange {
        var cursors = replication.cache.cursors
        let page = try await ServerFeed.poll(client, after: cursors.feed ?? 0, wait: wait)
        cursors.feed = page.next
        var received = try await replication.keep(page.entries.map(ServerLogRecord.init(feedEntry:)), cursors: cursors)
        received += try await replication.readLogs(client, onlyNew: true)
        return .received(count: received)
    }
}

/// One long poll of the user's feed at a time, after the cursor the store saved last, for a
/// watcher that does not hold the store: entries there mean a sync brings something.
struct ServerLogFeedWatcher: ChangeWaiter {
    let directory: String
    let client: ServerClient
    let wait: Duration

    mutating func next() async throws -> RemoteChange {
        let cursor = try await ServerLogCache.savedFeedCursor(directory: directory)
        let page = try await ServerFeed.poll(client, after: cursor ?? 0, wait: wait)
        return page.entries.isEmpty ? .received(count: 0) : .syncNeeded
    }
}

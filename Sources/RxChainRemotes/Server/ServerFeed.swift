import Foundation
import RxChainCore
import RxChainJSON

/// The change feed of an RxChain server as an `AsyncSequence`: every entry appended to a log
/// the signed-in user may read, in server order, from the moment the feed starts.
///
/// Each iteration long-polls `GET /feed?after=CURSOR&wait=SECONDS` and yields either the entries
/// that arrived (``Event/entries(_:)``) or, when the server cannot be reached or answers 5xx,
/// ``Event/unreachable(reason:retryIn:)`` before waiting out a backoff and polling again from the
/// same cursor, so a dropped connection or a restarted server costs nothing but the wait. The
/// sequence ends (returns `nil`) when the task is cancelled, and throws only what polling again
/// will not fix: a session the server ended (``ServerClientError/notSignedIn(server:user:reason:)``)
/// or another 4xx.
///
/// The first poll asks the server for its current position (no `after`), so the feed reports
/// what happens after it starts; sync first to catch up with what happened before.
package struct ServerFeed: AsyncSequence, Sendable {
    /// One entry the feed reports: where it was appended and its place in the server's order.
    package struct Entry: Sendable, Equatable {
        /// The log it was appended to (`playbooks/team/ledger`).
        package let log: String
        /// The entry's id.
        package let id: String
        /// Its position in its log.
        package let seq: UInt64
        /// Its server-wide timestamp.
        package let ts: UInt64
        /// Who appended it.
        package let creator: String
        /// The entry's JSON, as it was appended.
        package let body: [UInt8]

        /// Creates an entry (the feed reads them from the server's answers).
        package init(log: String, id: String, seq: UInt64, ts: UInt64, creator: String, body: [UInt8]) {
            self.log = log
            self.id = id
            self.seq = seq
            self.ts = ts
            self.creator = creator
            self.body = body
        }
    }

    /// One answer of `GET /feed`: the entries (possibly none) and the cursor to poll on from.
    package struct Page: Sendable, Equatable {
        /// The entries the user may read, in server order.
        package let entries: [Entry]
        /// The `ts` the next poll starts after: past every entry the server looked at, also
        /// those the user may not read.
        package let next: UInt64
    }

    /// What one step of the feed brings.
    package enum Event: Sendable, Equatable {
        /// Entries appended since the last event, in server order (never empty).
        case entries([Entry])
        /// The last poll failed; the feed polls again after `retryIn`.
        case unreachable(reason: String, retryIn: Duration)
    }

    private let client: ServerClient
    private let retry: RetryPolicy
    private let wait: Duration
    private let clock: any Clock<Duration>
    private let start: UInt64?

    /// The feed of `client`'s signed-in user.
    ///
    /// - Parameters:
    ///   - client: the signed-in client that polls; the feed is its user's.
    ///   - after: the cursor to start after (a ``Page/next`` kept from an earlier poll); `nil`
    ///     starts at the server's current position.
    ///   - wait: how long each poll may wait on the server for a new entry.
    ///   - retry: the backoff between failed polls.
    ///   - clock: the clock the backoff sleeps on.
    package init(
        client: ServerClient, after: UInt64? = nil, wait: Duration = .seconds(25), retry: RetryPolicy = RetryPolicy(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.client = client
        self.start = after
        self.wait = wait
        self.retry = retry
        self.clock = clock
    }

    /// Polls `GET /feed` once, waiting at most `wait` on the server for an entry after `cursor`.
    ///
    /// - Throws: ``ServerClientError``: `unreachable` when no answer came, `refused` for an
    ///   error status (a 5xx too), `notSignedIn` when the session ended.
    package static func poll(
        _ client: ServerClient, after cursor: UInt64?, wait: Duration, limit: Int? = nil
    ) async throws -> Page {
        var query = [("wait", String(wait.components.seconds))]
        if let cursor { query.append(("after", String(cursor))) }
        if let limit { query.append(("limit", String(limit))) }
        let answer = try await client.longPoll("/feed", query: query, timeout: wait + .seconds(15))
        try answer.requireSuccess()
        return try answer.read { body throws(JSONFieldError) in
            Page(
                entries: try body.objects("entries").map { entry throws(JSONFieldError) in
                    Entry(
                        log: try entry.string("log"), id: try entry.string("id"), seq: try entry.count("seq"),
                        ts: try entry.count("ts"), creator: try entry.string("creator"), body: try entry.json("body"))
                },
                next: try body.count("next"))
        }
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(feed: self)
    }

    /// Polls the server; one iterator per consumer.
    package struct Iterator: AsyncIteratorProtocol {
        let feed: ServerFeed
        lazy var cursor: UInt64? = feed.start
        var failures = 0
        /// The backoff announced by the last ``Event/unreachable(reason:retryIn:)``, waited out
        /// at the start of the next call.
        var pendingDelay: Duration?

        package mutating func next() async throws -> Event? {
            if let delay = pendingDelay {
                pendingDelay = nil
                do {
                    try await feed.clock.sleep(for: delay)
                } catch {
                    return nil
                }
            }
            while !Task.isCancelled {
                let page: Page
                do {
                    page = try await ServerFeed.poll(feed.client, after: cursor, wait: feed.wait)
                } catch is CancellationError {
                    return nil
                } catch let error as ServerClientError {
                    switch error {
                    case .unreachable(_, let reason): return backOff(reason)
                    case .refused(_, let status, _, _) where status >= 500 || status == 429 || status == 408:
                        return backOff(error.description)
                    default: throw error
                    }
                }
                failures = 0
                cursor = page.next
                if !page.entries.isEmpty { return .entries(page.entries) }
            }
            return nil
        }

        private mutating func backOff(_ reason: String) -> Event {
            failures += 1
            let delay = feed.retry.delay(forAttempt: failures)
            pendingDelay = delay
            return .unreachable(reason: reason, retryIn: delay)
        }
    }
}

import Foundation
import RxChainCore
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainSystem

/// The time tracker on a device that syncs with a time-entry server (a `RxChain/Device`): the
/// reducer makes the requests, ``TimeTrackingHTTPMapping`` sends them, and the answers come back
/// as the domain's `sync/...` messages.
///
/// - A 2xx to a create, update or stop is `sync/ack` with the server's id and time (`at`); to a
///   delete, `sync/ack` of kind `delete`. A refusal is `sync/reject` with its status and message.
/// - A pull asks `GET /api/v9/me/time_entries?since=SECONDS` from the latest `at` seen; the
///   answer is `sync/serverChanges`. A `410 Gone` (the device was away longer than the server
///   keeps deletions), or a first pull, is a full resync: every entry, and the local `synced`
///   entries the server no longer has are purged (pending ones are kept and sent).
public struct TimeTrackingClient: RESTDomain {
    public typealias State = TimeTrackingState
    public typealias AppMessage = TimeTrackingAction
    public typealias Request = TimeEntryRequest

    /// The device's time: the `at` of the `sync/serverChanges` a pull makes (the time an entry the
    /// merge stops is marked modified at).
    public let clock: @Sendable () -> Timestamp

    /// Creates the client, reading the machine's clock.
    public init() {
        self.init(clock: { Timestamp.now() })
    }

    /// Creates the client, reading the time from `clock` (a scenario's virtual clock).
    public init(clock: @escaping @Sendable () -> Timestamp) {
        self.clock = clock
    }

    public var initialState: TimeTrackingState { TimeTrackingState() }
    public var reducer: TagCompositeReducer<TimeTrackingState, TimeTrackingAction, TimeEntryRequest> {
        TimeTrackingReducer.reducer
    }
    public var mapping: TimeTrackingHTTPMapping { TimeTrackingHTTPMapping() }
    public var coalescing: CoalescingRules? { TimeTrackingRequests.coalescingRules }

    public func messages(answering exchange: HTTPExchange) throws -> [TimeTrackingAction] {
        let request = try JSONDecoder().decode(TimeEntryRequest.self, from: exchange.record.payload)
        guard exchange.isAcknowledged else {
            let message = (try? JSONObjectReader(exchange.body, field: "answer"))
                .flatMap { try? $0.optionalString("message") }
            return [.reject(SyncReject(id: request.id, status: exchange.status, message: message ?? nil))]
        }
        switch request {
        case .create(let snapshot), .update(let snapshot), .stop(let snapshot):
            let record = try JSONDecoder().decode(TogglRecord.self, from: Data(exchange.body)).entry
            let kind: SyncAck.Kind = if case .create = request { .create } else { .update }
            return [
                .ack(
                    SyncAck(
                        id: snapshot.id, kind: kind, remoteId: record.remoteId, sentModifiedAt: snapshot.modifiedAt,
                        serverAt: record.at, sent: snapshot))
            ]
        case .delete(let id, let remoteId, let sentModifiedAt):
            guard let remoteId else { return [] }
            return [
                .ack(
                    SyncAck(
                        id: id, kind: .delete, remoteId: remoteId, sentModifiedAt: sentModifiedAt,
                        serverAt: sentModifiedAt))
            ]
        }
    }

    /// Pulls what changed since the cursor: `GET /api/v9/me/time_entries?since=S` (every entry
    /// without a cursor, and after a `410 Gone`). With a `wait`, the request is a long poll
    /// (`&wait=SECONDS&seen=CRC`): the server holds it while its answer would be the body this
    /// device was last given for the same `since`.
    ///
    /// The cursor is `SINCE:CRC`: the `since` of the next pull (empty: every entry) and, when the
    /// next pull asks the same `since` as this one, the CRC-32 of this answer's body (a cursor of
    /// an older version, `SINCE`, reads as that `since` with no body seen).
    public func pull(_ client: ServerClient, state: TimeTrackingState, since cursor: String?, wait: Duration)
        async throws -> (messages: [TimeTrackingAction], cursor: String?)
    {
        let now = clock()
        let path = "/api/v9/me/time_entries"
        var (since, seen) = Self.parse(cursor)
        var answer = try await Self.get(client, path, since: since, seen: seen, wait: wait)
        if since != nil, answer.status == 410 {
            // Away longer than the server keeps deletions: every entry again.
            (since, seen) = (nil, nil)
            answer = try await Self.get(client, path, since: nil, seen: nil, wait: .zero)
        }
        try answer.requireSuccess()
        var entries = try JSONDecoder().decode([TogglRecord].self, from: Data(answer.body)).map(\.entry)
        // Every entry answered changed at `since` or later: the newest is the next `since`.
        let next = Self.cursor(after: entries) ?? since
        let body = next == since ? String(CRC32.checksum(answer.body), radix: 16) : ""
        if since == nil {
            // A full list: the local `synced` entries the server no longer has are gone.
            let held = Set(entries.map(\.remoteId))
            for case .live(let entry) in state.entries.values
            where entry.syncState == .synced && entry.remoteId.map({ !held.contains($0) }) == true {
                entries.append(
                    ServerTimeEntry(
                        remoteId: entry.remoteId!, workspaceId: entry.workspaceId, start: entry.start, at: now,
                        deletedAt: now))
            }
        }
        return ([.serverChanges(ServerChanges(at: now, entries: entries))], "\(next ?? ""):\(body)")
    }

    /// One `GET` of the since-feed, a long poll when `wait` is above zero.
    private static func get(_ client: ServerClient, _ path: String, since: String?, seen: String?, wait: Duration)
        async throws -> ServerAnswer
    {
        var query = since.map { [("since", $0)] } ?? []
        let seconds = wait.components.seconds
        guard seconds > 0 else { return try await client.sendSigned("GET", path, query: query) }
        query.append(("wait", String(seconds)))
        if let seen { query.append(("seen", seen)) }
        // A waiting pull leaves room for the server's wait before the request counts as lost.
        return try await client.longPoll(path, query: query, timeout: wait + .seconds(15))
    }

    /// The `since` and the seen body's CRC a cursor holds (see ``pull(_:state:since:wait:)``).
    static func parse(_ cursor: String?) -> (since: String?, seen: String?) {
        guard let cursor else { return (nil, nil) }
        guard let colon = cursor.firstIndex(of: ":") else { return (cursor, nil) }
        let since = cursor[..<colon]
        let seen = cursor[cursor.index(after: colon)...]
        return (since.isEmpty ? nil : String(since), seen.isEmpty ? nil : String(seen))
    }

    /// The `since` of the next pull: the latest server change seen (a change in that same second
    /// comes again, and merging it again changes nothing).
    static func cursor(after entries: [ServerTimeEntry]) -> String? {
        entries.map { max($0.at.seconds, $0.deletedAt?.seconds ?? 0) }.max().map(String.init)
    }
}

import Foundation
import RxChain

/// The time tracker on a device that syncs with a time-entry server (``RESTDevice``): the
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
                        serverAt: record.at))
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

    public func pull(_ client: ServerClient, state: TimeTrackingState, since cursor: String?, wait: Duration)
        async throws -> (messages: [TimeTrackingAction], cursor: String?)
    {
        let now = clock()
        if let cursor {
            let path = "/api/v9/me/time_entries"
            let seconds = wait.components.seconds
            // A waiting pull leaves room for the server's wait before the request counts as lost.
            let answer =
                seconds > 0
                ? try await client.longPoll(
                    path, query: [("since", cursor), ("wait", String(seconds))], timeout: wait + .seconds(15))
                : try await client.sendSigned("GET", path, query: [("since", cursor)])
            if answer.status != 410 {
                try answer.requireSuccess()
                let entries = try JSONDecoder().decode([TogglRecord].self, from: Data(answer.body)).map(\.entry)
                return (
                    [.serverChanges(ServerChanges(at: now, entries: entries))], Self.cursor(after: entries) ?? cursor
                )
            }
        }
        // A full resync: every entry the server has.
        let answer = try await client.sendSigned("GET", "/api/v9/me/time_entries")
        try answer.requireSuccess()
        var entries = try JSONDecoder().decode([TogglRecord].self, from: Data(answer.body)).map(\.entry)
        let next = Self.cursor(after: entries)
        let held = Set(entries.map(\.remoteId))
        for case .live(let entry) in state.entries.values
        where entry.syncState == .synced && entry.remoteId.map({ !held.contains($0) }) == true {
            // Gone from the server while this device was away: purged like a server deletion.
            entries.append(
                ServerTimeEntry(
                    remoteId: entry.remoteId!, workspaceId: entry.workspaceId, start: entry.start, at: now,
                    deletedAt: now))
        }
        return ([.serverChanges(ServerChanges(at: now, entries: entries))], next)
    }

    /// The `since` of the next pull: the latest server change seen (a change in that same second
    /// comes again, and merging it again changes nothing).
    static func cursor(after entries: [ServerTimeEntry]) -> String? {
        entries.map { max($0.at.seconds, $0.deletedAt?.seconds ?? 0) }.max().map(String.init)
    }
}

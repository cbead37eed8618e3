import Foundation
import RxChainCore

/// Which server requests the time tracker's state needs, as pure functions of the state, and
/// how pending requests for one entry coalesce.
///
/// What each record needs (``request(for:)``): a live `createPending` entry a create; a live
/// `updatePending` entry with a `remoteId` an update; a tombstone with a `remoteId` a delete;
/// an entry with a `syncError` nothing (it is held until edited); anything else nothing.
///
/// What a message sends (``requests(from:to:)``): for each record it changed, the request
/// the record needs now, when it differs from the one it needed before — so an edit sends its
/// new snapshot, an ack of the latest snapshot or a 400 sends nothing, and an ack of an older
/// snapshot turns a pending create into the update that carries the newer edit. A create is
/// never sent twice for one entry: while one is queued or in flight, edits of the entry send
/// nothing (its ack finds `modifiedAt > sentModifiedAt` and the update follows). An update
/// that changes only `stop` of a running entry is a stop. Purging an entry whose create is
/// pending sends a delete without `remoteId`, which cancels the waiting create.
public enum TimeTrackingRequests {
    /// The request `record` needs now (never ``TimeEntryRequest/stop(_:)``: that is a kind of
    /// update only a change can tell), or `nil`.
    public static func request(for record: TimeEntryRecord?) -> TimeEntryRequest? {
        switch record {
        case nil:
            return nil
        case .live(let entry):
            guard entry.syncError == nil else { return nil }
            switch entry.syncState {
            case .createPending: return .create(TimeEntrySnapshot(entry))
            case .updatePending: return entry.remoteId == nil ? nil : .update(TimeEntrySnapshot(entry))
            case .synced: return nil
            }
        case .tombstone(let tombstone):
            guard let remoteId = tombstone.remoteId else { return nil }
            return .delete(id: tombstone.id, remoteId: remoteId, sentModifiedAt: tombstone.modifiedAt)
        }
    }

    /// The requests one message sends, given the state before and after it: deletes first,
    /// then updates and stops, then creates (so a stopped entry is sent before the entry that
    /// replaced it), each group by id.
    public static func requests(from old: TimeTrackingState, to new: TimeTrackingState) -> [TimeEntryRequest] {
        var requests: [TimeEntryRequest] = []
        for id in new.entries.changedKeys(since: old.entries) {
            let before = old.entries[id]
            let now = new.entries[id]
            let needed = request(for: before)
            guard let request = request(for: now) else {
                if now == nil, case .create(let snapshot) = needed {
                    requests.append(.delete(id: id, remoteId: nil, sentModifiedAt: snapshot.modifiedAt))
                }
                continue
            }
            switch (request, needed) {
            case (.create, .create?):
                continue
            case (.update(let snapshot), _) where request != needed:
                requests.append(onlyStopChanged(before?.entry, now?.entry) ? .stop(snapshot) : request)
            case (_, _) where request != needed:
                requests.append(request)
            default:
                continue
            }
        }
        return requests.sorted { order($0) < order($1) }
    }

    /// The coalescing rules for the queue (`SyncManager`'s `coalescing` option): for one
    /// entry, a create then a delete before sending sends nothing; several updates (or stops)
    /// send the last, and a delete supersedes a waiting update or stop. An update then a stop
    /// sends both (the stop carries only `stop`).
    public static let coalescingRules = CoalescingRules(
        entityKey: { record in
            (try? JSONDecoder().decode(QueuedRequest.self, from: record.payload))?.payload.id
        },
        rules: [
            .init(earlier: TimeEntryRequest.createTag, later: TimeEntryRequest.deleteTag, decision: .dropBoth),
            .init(earlier: TimeEntryRequest.updateTag, later: TimeEntryRequest.updateTag, decision: .dropEarlier),
            .init(earlier: TimeEntryRequest.stopTag, later: TimeEntryRequest.stopTag, decision: .dropEarlier),
            .init(earlier: TimeEntryRequest.stopTag, later: TimeEntryRequest.updateTag, decision: .dropEarlier),
            .init(earlier: TimeEntryRequest.updateTag, later: TimeEntryRequest.deleteTag, decision: .dropEarlier),
            .init(earlier: TimeEntryRequest.stopTag, later: TimeEntryRequest.deleteTag, decision: .dropEarlier),
        ])

    /// What the coalescing rules read of a queued request: its entry's id.
    private struct QueuedRequest: Decodable {
        struct Payload: Decodable {
            let id: String
        }
        let payload: Payload
    }

    /// Whether `after` is `before` stopped: it ran, it stops now, and nothing else changed.
    private static func onlyStopChanged(_ before: TimeEntry?, _ after: TimeEntry?) -> Bool {
        guard let before, let after, before.isRunning, !after.isRunning else { return false }
        return before.description == after.description && before.workspaceId == after.workspaceId
            && before.projectId == after.projectId && before.taskId == after.taskId
            && before.billable == after.billable && before.tags == after.tags && before.start == after.start
    }

    /// The order of a message's requests: deletes, updates and stops, creates; then by id.
    private static func order(_ request: TimeEntryRequest) -> (Int, String) {
        switch request {
        case .delete: (0, request.id)
        case .update, .stop: (1, request.id)
        case .create: (2, request.id)
        }
    }
}

import RxChainJSON
import TimeTracking

/// What two devices of one user hold alike once both synced, and what a fresh device reads from
/// the server: each entry keyed by its server id (`r<id>`), without its local id and sync
/// bookkeeping (`syncState`, `modifiedAt`, `syncError`).
///
/// An entry the server does not have yet is keyed `local:<id>` and a delete not yet confirmed
/// stays in ``deleted``, so a device with unsent changes differs from one without.
struct TimeTrackingReplica: Encodable {
    /// The fields an entry's server copy holds.
    struct Entry: Encodable {
        var description: String
        var workspaceId: Int
        var projectId: Int?
        var taskId: Int?
        var billable: Bool
        var tags: [String]
        var start: Timestamp
        var stop: Timestamp?
    }

    /// Live entries by key.
    var entries: [String: Entry] = [:]
    /// The keys of deleted entries whose delete the server has not confirmed.
    var deleted: [String] = []
    /// The key of the running entry.
    var running: String?

    init(_ state: TimeTrackingState) {
        func key(_ record: TimeEntryRecord) -> String {
            record.remoteId.map { "r\($0)" } ?? "local:\(record.id)"
        }
        for record in state.entries.values {
            switch record {
            case .live(let entry):
                entries[key(record)] = Entry(
                    description: entry.description, workspaceId: entry.workspaceId, projectId: entry.projectId,
                    taskId: entry.taskId, billable: entry.billable, tags: entry.tags, start: entry.start,
                    stop: entry.stop)
            case .tombstone:
                deleted.append(key(record))
            }
        }
        deleted.sort()
        running = state.running.flatMap { state.entries[$0] }.map(key)
    }
}
